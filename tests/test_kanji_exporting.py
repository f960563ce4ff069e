"""The kanji book taken elsewhere (issue 37, item 4; scenes/kanji/exporting.py): a new file each
time (nothing overwritten), one sentence saying where, or why not."""
from __future__ import annotations

import csv
import datetime
import zipfile
from dataclasses import dataclass

import pytest

from scenes.kanji.exporting import export_book, export_dir, free_path


@dataclass(frozen=True)
class Entry:
    char: str
    first: str
    count: int


ENTRIES = [Entry("休", "2026-12-01", 3), Entry("語", "2026-12-05", 1)]
DAY = datetime.date(2026, 12, 7)


def test_csv_and_anki_never_overwrite(tmp_path):
    path, said = export_book(ENTRIES, "csv", "es", DAY, tmp_path)
    assert path == tmp_path / "kanji-book-2026-12-07.csv" and said == f"Saved to {path}"
    with open(path, encoding="utf-8-sig", newline="") as f:
        rows = list(csv.reader(f))
    assert [r[0] for r in rows[1:]] == ["休", "語"]
    again, _ = export_book(ENTRIES, "csv", "es", DAY, tmp_path)
    assert again == tmp_path / "kanji-book-2026-12-07-2.csv" and path.read_bytes()  # the first one kept
    deck, _ = export_book(ENTRIES, "anki", "ja", DAY, tmp_path)
    assert deck.suffix == ".apkg" and "collection.anki2" in zipfile.ZipFile(deck).namelist()


def test_nothing_to_export_and_an_unwritable_folder(tmp_path):
    assert export_book([], "csv", "en", DAY, tmp_path) == (None, "Your kanji book is empty: there is nothing to export yet.")
    blocker = tmp_path / "file"
    blocker.write_text("x")
    path, said = export_book(ENTRIES, "anki", "en", DAY, blocker / "sub")
    assert path is None and said.startswith("The kanji book could not be exported: ") and "\n" not in said
    with pytest.raises(ValueError):
        export_book(ENTRIES, "pdf", "en", DAY, tmp_path)


def test_where_exports_go(tmp_path, monkeypatch):
    monkeypatch.setenv("TATAMI_DATA_DIR", str(tmp_path))
    assert export_dir() == tmp_path / "exports"
    (tmp_path / "a.csv").write_text("")
    assert free_path(tmp_path, "a", ".csv") == tmp_path / "a-2.csv"
