"""The kanji book taken elsewhere (issue 37, item 4): the book's kanji written as an Anki deck or a
CSV file (:mod:`game.kanji.export`) into the player's documents, under a name of its own — a file
already there is never overwritten — and one sentence that says where (or why not).

Where: ``<documents>/Tatami`` (``platformdirs.user_documents_dir()``), or ``<data dir>/exports``
when the data folder is set by ``TATAMI_DATA_DIR`` (tests, a portable install). Never imports
pygame.
"""
from __future__ import annotations

import datetime
import logging
from pathlib import Path
from typing import Any, Callable, Sequence

from game import environ
from game.i18n import _
from game.kanji import export
from scenes.shell.settings import data_dir

log = logging.getLogger("tatami.kanji")

#: The formats: key -> (file suffix, writer ``(entries, lang, path) -> None``).
FORMATS: dict[str, tuple[str, Callable[[Sequence[Any], str, Path], None]]] = {
    "anki": (".apkg", export.to_anki),
    "csv": (".csv", export.to_csv),
}


def export_dir() -> Path:
    """Where exports go (see the module doc)."""
    if environ.data_dir():
        return data_dir() / "exports"
    try:
        import platformdirs

        return Path(platformdirs.user_documents_dir()) / "Tatami"
    except Exception:  # (platformdirs missing: the data folder)
        return data_dir() / "exports"


def free_path(folder: Path, stem: str, suffix: str) -> Path:
    """``folder/stem + suffix``, or ``stem-2``, ``stem-3``... the first name no file has."""
    path = folder / f"{stem}{suffix}"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{n}{suffix}"
        n += 1
    return path


def export_book(entries: Sequence[Any], kind: str, lang: str, today: datetime.date | None = None,
                folder: Path | None = None) -> tuple[Path | None, str]:
    """Write ``entries`` (the book's, :class:`scenes.kanji.bookstore.BookEntry`) as ``kind``
    (``"anki"`` or ``"csv"``) in ``lang`` to a new file ``kanji-book-<date>`` in ``folder``
    (default :func:`export_dir`). Returns ``(path, sentence)``: the file and "Saved to …", or
    ``(None, why)`` when nothing was written (an empty book, a folder that cannot be written).

    Raises:
        ValueError: an unknown ``kind``."""
    if kind not in FORMATS:
        raise ValueError(f"unknown export format {kind!r}; known: {', '.join(FORMATS)}")
    if not entries:
        return None, _("Your kanji book is empty: there is nothing to export yet.")
    suffix, write = FORMATS[kind]
    folder = folder or export_dir()
    day = (today or datetime.date.today()).isoformat()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = free_path(folder, f"kanji-book-{day}", suffix)
        write(entries, lang, path)
    except OSError as exc:
        log.warning("kanji book export: %s", exc)
        # Translators: the kanji book's export failed; {reason} is the system's one-line error
        return None, _("The kanji book could not be exported: {reason}").format(reason=str(exc).splitlines()[0])
    # Translators: said under the kanji book's export buttons; {path} is the file written
    return path, _("Saved to {path}").format(path=str(path))


__all__ = ["FORMATS", "export_book", "export_dir", "free_path"]
