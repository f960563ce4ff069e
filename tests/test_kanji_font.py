"""The bundled Japanese fonts (assets/fonts/NotoSansJP-Regular.otf and its real bold face
NotoSansJP-Bold.otf, made by tools/make_fonts.py) draw every Jōyō kanji, every Kanji-zushi card
glyph and every character a pair can form, and are static fonts (pygame cannot choose a weight in a
variable one); bold Japanese text is drawn with the bold face, never a synthetic bold (issue 21,
defect 13)."""

from __future__ import annotations

import struct
from pathlib import Path

import pygame
import pytest

from game.kanji import data as kanji_data

FONTS = {w: Path(__file__).resolve().parent.parent / "assets" / "fonts" / f"NotoSansJP-{w}.otf"
         for w in ("Regular", "Bold")}
FONT = FONTS["Regular"]
MISSING_CP = 0xE000  # private use: in no Noto font, so it renders as the .notdef box


def _table_tags(path: Path) -> list[bytes]:
    """Table tags from the OpenType table directory (sfnt header: version, numTables, ...)."""
    data = path.read_bytes()
    version, num_tables = struct.unpack(">4sH", data[:6])
    assert version in (b"OTTO", b"\x00\x01\x00\x00"), version
    return [data[12 + 16 * i:16 + 16 * i] for i in range(num_tables)]


@pytest.fixture(scope="module", params=sorted(FONTS))
def font(request):
    pygame.font.init()
    f = pygame.font.Font(str(FONTS[request.param]), 32)
    yield f


def _signature(font, ch: str) -> tuple[tuple[int, int], bytes]:
    surf = font.render(ch, True, (255, 255, 255), (0, 0, 0))
    return surf.get_size(), bytes(pygame.image.tobytes(surf, "RGB"))


@pytest.mark.parametrize("weight", sorted(FONTS))
def test_font_is_static_cff(weight):
    FONT = FONTS[weight]
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


@pytest.mark.parametrize("weight", sorted(FONTS))
def test_every_needed_character_is_in_the_cmap(weight):
    FONT = FONTS[weight]
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


def test_bold_japanese_is_the_real_bold_face(app):
    """Bold Japanese comes from NotoSansJP-Bold.otf (its glyphs differ from the regular face's),
    never the regular face made bold by pygame (smeared strokes)."""
    f = app.assets.font_px(24, bold=True, jp=True)
    assert f.name == "Noto Sans CJK JP" and f.style_name == "Bold"
    synthetic = pygame.font.Font(str(FONTS["Regular"]), 24)
    synthetic.bold = True
    assert _signature(f, "漢") != _signature(synthetic, "漢")
    assert _signature(f, "漢") != _signature(app.assets.font_px(24, bold=False, jp=True), "漢")
