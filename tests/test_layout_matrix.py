"""The layout check's whole matrix (issue 21 §1, run once: issue 32 §1): every walk of
scenes/devtools/layoutstates.py to every state, at 1280x720, 800x450 and 1920x1080, one test per
language (en, es, ja, the pseudo language) so that pytest-xdist spreads them over its workers.
Nothing may be cut, overlap, be too small or be in another language, and every walk must finish.

A contact sheet per scene (a row per window size, the states side by side, findings outlined in
red) and the whole frame of each state with a finding are written to
``<temp>/tatami-layout-sheets/<lang>/`` for a person to look at; a failure names the folder."""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

from game import i18n
from scenes.devtools.layoutrun import LANGS, SIZES, run_matrix, write_sheets

#: Where the contact sheets go (.ci/run says so when the check fails).
SHEETS = Path(tempfile.gettempdir()) / "tatami-layout-sheets"


@pytest.mark.parametrize("lang", LANGS)
def test_the_layout_matrix_finds_nothing(lang):
    folder = SHEETS / lang
    shutil.rmtree(folder, ignore_errors=True)
    lines: list[str] = []
    report = run_matrix(langs=(lang,), sizes=SIZES, thumbs=True, log=lines.append, frames=folder / "findings")
    write_sheets(report, folder)
    assert report.shots, "no state was checked"
    assert {s.size for s in report.shots} == set(SIZES)
    assert report.ok(), "\n".join([f"contact sheets: {folder}", *lines, *report.errors])
    assert i18n.language() == "en"  # run_matrix gives the language back
