"""The bundled Japanese font (assets/fonts/NotoSansJP-Regular.otf, made by tools/make_fonts.py)
draws every Jōyō kanji, every Kanji-zushi card glyph and every character a pair can form, and is a
static font (pygame cannot choose a weight in a variable one)."""

from __future__ import annotations

import struct
from pathlib import Path

import pygame
import pytest

from game.kanji import data as kanji_data

FONT = Path(__file__).resolve().parent.parent / "assets" / "fonts" / "NotoSansJP-Regular.otf"
MISSING_CP = 0xE000  # private use: in no Noto font, so it renders as the .notdef box


def _table_tags(path: Path) -> list[bytes]:
    """Table tags from the OpenType table directory (sfnt header: version, numTables, ...)."""
    data = path.read_bytes()
    version, num_tables = struct.unpack(">4sH", data[:6])
    assert version in (b"OTTO", b"\x00\x01\x00\x00"), version
    return [data[12 + 16 * i:16 + 16 * i] for i in range(num_tables)]


@pytest.fixture(scope="module")
def font():
    pygame.font.init()
    f = pygame.font.Font(str(FONT), 32)
    yield f


def _signature(font, ch: str) -> tuple[tuple[int, int], bytes]:
    surf = font.render(ch, True, (255, 255, 255), (0, 0, 0))
    return surf.get_size(), bytes(pygame.image.tobytes(surf, "RGB"))


def test_font_is_static_cff():
    tags = _table_tags(FONT)
    assert b"CFF " in tags  # the static CFF face of Noto Sans CJK JP
    assert b"fvar" not in tags and b"gvar" not in tags and b"CFF2" not in tags
    try:
        from fontTools.ttLib import TTFont
    except ImportError:  # fontTools is in the dev extra; the table directory check above suffices
        return
    tt = TTFont(str(FONT), lazy=True)
    assert "fvar" not in tt
    assert tt["name"].getDebugName(1) == "Noto Sans CJK JP"


def test_every_needed_character_is_in_the_cmap():
    chars = kanji_data.JOYO + kanji_data.card_glyphs() + kanji_data.formable_chars()
    try:
        from fontTools.ttLib import TTFont
    except ImportError:
        return  # the rendering test below checks the same thing without fontTools
    cmap = TTFont(str(FONT), lazy=True).getBestCmap()
    missing = [f"U+{ord(c):04X} {c}" for c in dict.fromkeys(chars) if ord(c) not in cmap]
    assert not missing, missing


@pytest.mark.parametrize("which", ["joyo", "card_glyphs", "formable"])
def test_no_character_renders_as_notdef(font, which):
    chars = {"joyo": kanji_data.JOYO, "card_glyphs": kanji_data.card_glyphs(),
             "formable": kanji_data.formable_chars()}[which]
    assert chars
    notdef = _signature(font, chr(MISSING_CP))
    missing = [f"U+{ord(c):04X} {c}" for c in chars if _signature(font, c) == notdef]
    assert not missing, missing


def test_notdef_comparison_detects_a_missing_glyph(font):
    # The check above is only meaningful if a character absent from the subset does come out as
    # the .notdef box: pick CJK ideographs that are in no list (rare characters) and verify.
    needed = set(kanji_data.JOYO + kanji_data.card_glyphs() + kanji_data.formable_chars())
    notdef = _signature(font, chr(MISSING_CP))
    absent = [c for c in "龘鱻靐齉" if c not in needed]
    assert absent
    assert all(_signature(font, c) == notdef for c in absent)
    assert _signature(font, "休") != notdef


def test_kana_and_accented_latin_render(font):
    notdef = _signature(font, chr(MISSING_CP))
    for ch in "あアンー。「」AzáéíñóúüçÉÑ":
        assert _signature(font, ch) != notdef, ch
