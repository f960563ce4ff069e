"""Every character the rules pages show has a glyph in the bundled font the app draws it with
(issue 10 §9: 繪 on the Kanji-zushi page was a missing-glyph box): a line holding Japanese is drawn
with NotoSansJP, any other line with Noto Sans (regular for paragraphs, bold for headings), so

* every character of a rules text that holds Japanese must be in the Japanese font, and
* every other character of any rules text must be in both Latin fonts.

Read from every game's rules page (``scenes.shell.rules.rules_pages``) here, independently of tools/make_fonts.py, which
builds the subsets from the same texts."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.registry import REGISTRATIONS  # noqa: E402
from scenes.shell.assets import FONT_FILES, asset_root, has_cjk  # noqa: E402
from scenes.shell.rules import rules_pages, rules_texts  # noqa: E402

MISSING_CP = 0xE000  # private use: in no Noto font, so it renders as the .notdef box


@pytest.fixture(scope="module")
def fonts():
    pygame.font.init()
    root = Path(asset_root())
    return {kind: pygame.font.Font(str(root / rel), 32) for kind, rel in FONT_FILES.items()}


def _signature(font: pygame.font.Font, ch: str) -> tuple[tuple[int, int], bytes]:
    surf = font.render(ch, True, (255, 255, 255), (0, 0, 0))
    return surf.get_size(), bytes(pygame.image.tobytes(surf, "RGB"))


def _missing(font: pygame.font.Font, chars: set[str]) -> list[str]:
    notdef = _signature(font, chr(MISSING_CP))
    return [f"U+{ord(c):04X} {c}" for c in sorted(chars) if _signature(font, c) == notdef]


def test_the_rules_texts_are_read():
    texts = rules_texts()
    assert len(texts) > 50 and set(rules_pages()) == set(REGISTRATIONS)  # every game has its page
    assert any("繪" in t for t in texts)  # the Kanji-zushi ruling on the rulebook's old form


def test_every_character_of_the_rules_pages_has_a_glyph(fonts):
    jp_chars: set[str] = set()
    latin_chars: set[str] = set()
    for text in rules_texts():
        chars = {ch for ch in text if not ch.isspace()}
        if has_cjk(text):
            jp_chars |= chars
        latin_chars |= {ch for ch in chars if not has_cjk(ch)}
    assert "繪" in jp_chars and "—" in latin_chars
    assert not _missing(fonts["jp"], jp_chars), "the Japanese font lacks characters of the rules pages"
    assert not _missing(fonts["regular"], latin_chars), "Noto Sans Regular lacks characters of the rules pages"
    assert not _missing(fonts["bold"], latin_chars), "Noto Sans Bold lacks characters of the rules pages"


def test_the_check_sees_a_missing_glyph(fonts):
    # 龘 is in no list the subset is built from: it must come out as the .notdef box, or the test
    # above could never fail
    assert _missing(fonts["jp"], {"龘"}) == ["U+9F98 龘"]
    assert _missing(fonts["regular"], {"繪"}) == ["U+7E6A 繪"]
