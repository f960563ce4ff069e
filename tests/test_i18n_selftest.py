"""The whole self-test in each language (issue 12): ``TATAMI_LANG=es`` and ``TATAMI_LANG=ja`` walk
every scene with every text fitting where it is shown at 1280x720 (the self-test fails on a text
cut or a label that does not fit even shrunk: scenes.shell.assets.Assets.report_overflow), and
under the pseudo language no text on screen bypassed the catalogs (game.i18n.plain_words). The
packed executable runs the same walks (tests/test_packaging.py)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("lang", ["es", "ja", "pseudo"])
def test_the_selftest_passes_in_each_language(lang, tmp_path):
    env = {**os.environ, "TATAMI_DATA_DIR": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "TATAMI_LANG": lang}
    env.pop("TATAMI_UI_DUMP", None)
    p = subprocess.run([sys.executable, "-m", "scenes", "--selftest"], cwd=ROOT, env=env, capture_output=True,
                       text=True, timeout=300)
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
    assert f"language: {lang}" in p.stdout and "PASS" in p.stdout


def test_the_selftest_fails_on_a_text_that_bypassed_the_catalogs(tmp_path, monkeypatch):
    """The pseudo walk's check is real: a menu drawing one plain English word fails it."""
    from scenes.devtools import selftest
    from scenes.shell import menu

    monkeypatch.setenv("TATAMI_LANG", "pseudo")
    monkeypatch.setenv("TATAMI_DATA_DIR", str(tmp_path))
    original = menu.MainMenuScene.draw

    def draw(self, surface):
        original(self, surface)
        self.app.assets.text("Untranslated words", 20)

    monkeypatch.setattr(menu.MainMenuScene, "draw", draw)
    lines: list[str] = []

    class Out:
        def write(self, s):
            lines.append(s)

        def flush(self):
            pass

    try:
        assert selftest.run_selftest(out=Out()) == 1
    finally:
        from game import i18n

        i18n.set_language("en")
    assert "bypassed the translation catalogs" in "".join(lines) and "Untranslated words" in "".join(lines)
