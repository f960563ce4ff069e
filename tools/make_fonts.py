#!/usr/bin/env python3
"""Build Tatami's bundled fonts (assets/fonts/) from the Debian Noto packages.

The app never uses system fonts at run time: it loads the small subsets made
here.  The script is deterministic (same inputs -> byte-identical outputs):
timestamps are copied from the source fonts, not taken from the clock.

Sources (Debian 12 packages, installed under /usr/share/fonts):
  * fonts-noto-core  -> Noto Sans Regular/Bold (Latin UI text), plus a handful
    of UI symbols (arrows, check marks, play/pause, stars...) copied in from
    Noto Sans Symbols, Noto Sans Symbols2 and Noto Sans Math, because Noto Sans
    itself has none of them.
  * fonts-noto-cjk   -> Noto Sans CJK JP Regular and Bold, the JP face of
    NotoSansCJK-Regular.ttc / NotoSansCJK-Bold.ttc (found by name below), static
    CFF fonts subset to the same characters.

Usage:
    python tools/make_fonts.py            # build + verify
    python tools/make_fonts.py --check    # only verify the existing files

Verification (needs pygame-ce) loads every font with pygame.font.Font and
checks that each required character renders as a real glyph, i.e. differently
from a code point known to be missing (U+E000, private use -> .notdef box).

Every character of the rules pages (``scenes.shell.rules.rules_texts``, read
by ``rules_chars()``) is kept too: the Latin ones in Noto Sans, and every
character of a rules text that holds Japanese in the Japanese font (the app
draws such a line with it), e.g. 繪, the rulebook's old form of 絵.  So is every
character of the translations (each ``msgstr`` of the catalogs
game/locale/*/LC_MESSAGES/tatami.po, read with Babel), by the same rule.

The Japanese font's kanji come from ``kanji_set()`` below -- the single place
the kanji list comes from: the UI words, all 2,136 Joyo kanji, every Kanji-zushi
card glyph (radical forms such as 亻 氵 扌 彳, components such as 昜 翟 亍, the
characters of the card name ⿱幺夂, and 後) and every character a Kanji-zushi
pair can form, Joyo or not.  All but the UI words are read from the committed
data file game/kanji/kanji_zushi.json (made by tools/make_kanji_data.py), never
typed here.  The card name ⿱幺夂 (the right part of 後) has no code point of its
own: the game draws it by clipping 後.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.kanji import data as kanji_data  # noqa: E402  (stdlib only: the Kanji-zushi data)

OUT_DIR = ROOT / "assets" / "fonts"

NOTO_CORE = Path("/usr/share/fonts/truetype/noto")
NOTO_CJK_TTC = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
#: The bold weight of the same collection: Japanese headings and buttons get a real bold face, not
#: a synthetic one (issue 21: smeared bold kanji).
NOTO_CJK_TTC_BOLD = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc")
CJK_JP_FAMILY = "Noto Sans CJK JP"  # the face we want out of the collection

# --------------------------------------------------------------------------
# Character sets
# --------------------------------------------------------------------------


def _ranges(*pairs: tuple[int, int]) -> set[int]:
    out: set[int] = set()
    for lo, hi in pairs:
        out.update(range(lo, hi + 1))
    return out


# Latin UI text (Noto Sans).  Code points absent from the font are ignored.
LATIN_CODEPOINTS = _ranges(
    (0x0020, 0x007E),  # Basic Latin
    (0x00A0, 0x00FF),  # Latin-1 Supplement
    (0x0100, 0x017F),  # Latin Extended-A
    (0x2000, 0x206F),  # General Punctuation (dashes, quotes, bullet, ellipsis...)
    (0x20AC, 0x20AC),  # euro sign
    (0x2122, 0x2122),  # trade mark
    (0x2190, 0x21FF),  # Arrows (only those present in Noto Sans)
    (0x2212, 0x2212),  # minus sign
    (0xFFFD, 0xFFFD),  # replacement character
)

# UI symbols the app may use.  Noto Sans lacks them, so they are copied from
# these donor fonts (first font that has the glyph wins).  Keep this list short.
UI_SYMBOLS = (
    "←↑→↓↔↺↻"  # arrows (back / next / undo / redo)
    "✓✔✕✖"  # check marks and crosses
    "★☆"  # stars
    "▶◀▲▼⏸⏹⏭"  # media / disclosure triangles
    "●○◆◇■□"  # geometric shapes
    "☰⚙♪"  # menu, settings gear, music
)
SYMBOL_DONORS = {
    "Regular": ["NotoSansSymbols2-Regular.ttf", "NotoSansMath-Regular.ttf",
                "NotoSansSymbols-Regular.ttf"],
    "Bold": ["NotoSansSymbols2-Regular.ttf", "NotoSansMath-Regular.ttf",
             "NotoSansSymbols-Bold.ttf"],
}

# Japanese font: kana, CJK punctuation, full/half-width forms, Latin for mixed
# strings ("KAITO 海斗"), and the kanji from kanji_set().
JP_BASE_CODEPOINTS = _ranges(
    (0x0020, 0x007E),  # Basic Latin (mixed Latin/Japanese strings)
    (0x00A0, 0x00FF),  # Latin-1 Supplement (accented letters: á é í ñ ó ú ü ç ...)
    (0x0100, 0x017F),  # Latin Extended-A (only those present in Noto Sans CJK JP)
    (0x2010, 0x2027),  # dashes, quotes, bullet, ellipsis
    (0x2030, 0x203B),  # per mille, primes, reference mark
    (0x2190, 0x2193),  # arrows
    (0x25A0, 0x25A1), (0x25B2, 0x25B3), (0x25B6, 0x25B7), (0x25BC, 0x25BD),
    (0x25C0, 0x25C1), (0x25C6, 0x25C7), (0x25CB, 0x25CB), (0x25CE, 0x25CF),
    (0x2605, 0x2606),  # stars
    (0x266A, 0x266A),  # music note
    (0x2713, 0x2713),  # check mark
    (0x3000, 0x303F),  # CJK Symbols and Punctuation (、。「」々〜...)
    (0x3041, 0x309F),  # Hiragana
    (0x30A0, 0x30FF),  # Katakana (incl. ・ and ー)
    (0x31F0, 0x31FF),  # Katakana Phonetic Extensions
    (0xFF01, 0xFFEF),  # Halfwidth and Fullwidth Forms
)

# ==========================================================================
# KANJI SET -- the ONE place that decides which kanji go into NotoSansJP.
# Words used by the UI: 畳 (tatami), 海斗 (Kaito), 刀 (katana), 兜 (kabuto),
# 紋 (mon), 寿司 / 鮨 (sushi), 漢字 (kanji), 遊戯 (game), 勝負 (match),
# 赤 / 黒 (red / black), 番 (turn), 手 (move), 取 (capture), 交換 (exchange),
# 侍 (samurai: the menu's subtitle for KAITO, "el juego de samurai"),
# 日本の卓上遊戯 (the menu's subtitle: Japanese tabletop games).
# Then everything read from game/kanji/kanji_zushi.json (see kanji_set()).
# ==========================================================================
UI_KANJI = "畳海斗刀兜紋寿司漢字鮨遊戯勝負赤黒番手取交換侍日本卓上代点得回戦食残一二三結果終"


def kanji_set() -> str:
    """All kanji to include, de-duplicated, in a stable order: the UI words, then the 2,136 Joyo
    kanji (KANJIDIC2, by code point), the Kanji-zushi card glyphs and every character a pair can
    form (game.kanji.data, read from the committed data file)."""
    seen: dict[str, None] = {}
    for ch in (UI_KANJI + kanji_data.JOYO + kanji_data.card_glyphs()
               + kanji_data.formable_chars()):
        if not ch.isspace():
            seen.setdefault(ch, None)
    return "".join(seen)


# Katakana words the verification step must be able to render.
UI_KANA_WORDS = ["カイト", "スシ"]


def rules_texts() -> list[str]:
    """Every text the rules pages show, in English (:func:`scenes.shell.rules.rules_texts`)."""
    from scenes.shell.rules import rules_texts as texts

    return texts()


LOCALE_DIR = ROOT / "game" / "locale"


def translated_texts() -> list[str]:
    """Every translation of the catalogs (each ``msgstr`` of
    game/locale/*/LC_MESSAGES/tatami.po, plural forms included; none without a catalog)."""
    out: list[str] = []
    pos = sorted(LOCALE_DIR.glob("*/LC_MESSAGES/tatami.po"))
    if not pos:
        return out
    from babel.messages.pofile import read_po

    for po in pos:
        with open(po, "rb") as f:
            catalog = read_po(f)
        for message in catalog:
            if not message.id:  # the catalog's header
                continue
            strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
            out.extend(s for s in strings if s)
    return out


def _is_cjk(ch: str) -> bool:
    from scenes.shell.assets import has_cjk

    return has_cjk(ch)


def rules_chars() -> tuple[set[int], set[int]]:
    """(code points the Latin fonts need, code points the Japanese font needs) for the rules
    pages and the catalogs' translations: every non-CJK character of them (a line without
    Japanese is drawn with Noto Sans), and every character of a text holding Japanese (such a
    line is drawn with the Japanese font)."""
    latin: set[int] = set()
    jp: set[int] = set()
    for text in rules_texts() + translated_texts():
        chars = {ch for ch in text if not ch.isspace()}
        latin |= {ord(ch) for ch in chars if not _is_cjk(ch)}
        if any(_is_cjk(ch) for ch in chars):
            jp |= {ord(ch) for ch in chars}
    return latin, jp


def jp_codepoints() -> set[int]:
    return JP_BASE_CODEPOINTS | {ord(c) for c in kanji_set()} | rules_chars()[1]


def latin_codepoints() -> set[int]:
    return LATIN_CODEPOINTS | rules_chars()[0]


# --------------------------------------------------------------------------
# Building
# --------------------------------------------------------------------------

KEEP_NAME_IDS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14]  # 13/14: licence


def _subset_options():
    from fontTools import subset

    opts = subset.Options()
    opts.hinting = False  # smaller; FreeType's auto-hinter is fine for UI text
    opts.desubroutinize = False
    opts.name_IDs = KEEP_NAME_IDS
    opts.name_languages = ["*"]
    opts.notdef_outline = True
    opts.glyph_names = False
    opts.legacy_kern = False
    opts.drop_tables += ["DSIG"]
    return opts


def _load(path: Path, font_number: int = -1):
    from fontTools.ttLib import TTFont

    return TTFont(str(path), fontNumber=font_number, recalcTimestamp=False, lazy=False)


def _add_symbols(font, chars: str, donors: list[str]) -> list[str]:
    """Copy glyphs for ``chars`` from donor TTFs into the (subsetted) glyf font."""
    from fontTools.pens.recordingPen import DecomposingRecordingPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    cmap = font.getBestCmap()
    upm = font["head"].unitsPerEm
    glyf = font["glyf"]
    hmtx = font["hmtx"]
    order = list(font.getGlyphOrder())
    added: list[str] = []
    donor_fonts = [_load(NOTO_CORE / name) for name in donors]
    for ch in chars:
        cp = ord(ch)
        if cp in cmap:
            continue
        for donor in donor_fonts:
            dcmap = donor.getBestCmap()
            if cp not in dcmap:
                continue
            if donor["head"].unitsPerEm != upm:
                raise SystemExit("donor font has a different unitsPerEm")
            src_name = dcmap[cp]
            gs = donor.getGlyphSet()
            rec = DecomposingRecordingPen(gs)
            gs[src_name].draw(rec)
            pen = TTGlyphPen(None)
            rec.replay(pen)
            glyph = pen.glyph()
            name = "uni%04X" % cp
            glyf.glyphs[name] = glyph
            order.append(name)
            glyph.recalcBounds(glyf)
            lsb = getattr(glyph, "xMin", 0) if glyph.numberOfContours else 0
            hmtx.metrics[name] = (donor["hmtx"][src_name][0], lsb)
            for table in font["cmap"].tables:
                if table.isUnicode():
                    table.cmap[cp] = name
            added.append(ch)
            break
    font.setGlyphOrder(order)
    glyf.setGlyphOrder(order)
    font["maxp"].numGlyphs = len(order)
    font["OS/2"].recalcUnicodeRanges(font)
    return added


def build_latin(weight: str) -> tuple[Path, list[str]]:
    from fontTools import subset

    src = NOTO_CORE / f"NotoSans-{weight}.ttf"
    font = _load(src)
    sub = subset.Subsetter(_subset_options())
    sub.populate(unicodes=sorted(latin_codepoints()))
    sub.subset(font)
    added = _add_symbols(font, UI_SYMBOLS, SYMBOL_DONORS[weight])
    out = OUT_DIR / f"NotoSans-{weight}.ttf"
    font.save(str(out))
    return out, added


def find_cjk_jp_index(ttc: Path = NOTO_CJK_TTC) -> int:
    from fontTools.ttLib import TTCollection

    coll = TTCollection(str(ttc), lazy=True)
    for i, face in enumerate(coll.fonts):
        if face["name"].getDebugName(1) == CJK_JP_FAMILY:
            return i
    raise SystemExit(f"{CJK_JP_FAMILY!r} not found in {ttc}")


def build_jp(weight: str = "Regular") -> tuple[Path, int]:
    """The Japanese face of ``weight`` ("Regular" or "Bold"), subset to the same characters."""
    from fontTools import subset

    ttc = NOTO_CJK_TTC if weight == "Regular" else NOTO_CJK_TTC_BOLD
    index = find_cjk_jp_index(ttc)
    font = _load(ttc, font_number=index)
    if "fvar" in font:
        raise SystemExit("expected a static (non-variable) CJK face")
    opts = _subset_options()
    # Keep the features Japanese typesetting uses (vertical forms, proportional kana).
    opts.layout_features = list(opts.layout_features) + ["vert", "vrt2", "palt", "halt", "vpal", "vhal"]
    sub = subset.Subsetter(opts)
    sub.populate(unicodes=sorted(jp_codepoints()))
    sub.subset(font)
    out = OUT_DIR / f"NotoSansJP-{weight}.otf"
    font.save(str(out))
    return out, index


# --------------------------------------------------------------------------
# Verification with pygame
# --------------------------------------------------------------------------

MISSING_CP = 0xE000  # private use: not in any Noto font -> renders .notdef


def _glyph_signature(font, ch: str) -> bytes:
    import pygame

    surf = font.render(ch, True, (255, 255, 255), (0, 0, 0))
    return bytes(pygame.image.tobytes(surf, "RGB"))


def verify() -> list[str]:
    """Return a list of problems (empty == all good)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.font.init()
    problems: list[str] = []
    latin_rules, jp_rules = rules_chars()
    latin_rules_text = "".join(chr(c) for c in sorted(latin_rules))
    checks = {
        "NotoSans-Regular.ttf": "AaZz09ÄéçŁœ€“”—…•×·" + "←→✓✕★▶⏸⚙" + latin_rules_text,
        "NotoSans-Bold.ttf": "AaZz09ÄéçŁœ€“”—…•×·" + "←→✓✕★▶⏸⚙" + latin_rules_text,
        "NotoSansJP-Regular.otf": kanji_set() + "".join(UI_KANA_WORDS)
        + "あいうえおアイウエオ。、「」ー・！？ＡＺ０９ｶAz" + "".join(chr(c) for c in sorted(jp_rules)),
    }
    checks["NotoSansJP-Bold.otf"] = checks["NotoSansJP-Regular.otf"]
    for fname, chars in checks.items():
        path = OUT_DIR / fname
        try:
            font = pygame.font.Font(str(path), 24)
        except Exception as exc:  # pragma: no cover - reported below
            problems.append(f"{fname}: does not load: {exc}")
            continue
        notdef = _glyph_signature(font, chr(MISSING_CP))
        for ch in chars:
            if _glyph_signature(font, ch) == notdef:
                problems.append(f"{fname}: U+{ord(ch):04X} {ch} renders as .notdef")
    return problems


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only verify existing fonts")
    args = ap.parse_args(argv)

    if not args.check:
        OUT_DIR.mkdir(parents=True, exist_ok=True)
        for weight in ("Regular", "Bold"):
            out, added = build_latin(weight)
            print(f"wrote {out.relative_to(ROOT)} ({out.stat().st_size:,} bytes; "
                  f"symbols added: {''.join(added)})")
        for weight, ttc in (("Regular", NOTO_CJK_TTC), ("Bold", NOTO_CJK_TTC_BOLD)):
            out, index = build_jp(weight)
            print(f"wrote {out.relative_to(ROOT)} ({out.stat().st_size:,} bytes; "
                  f"face index {index} of {ttc.name} = {CJK_JP_FAMILY}; "
                  f"{len(kanji_set())} kanji)")

    problems = verify()
    for p in problems:
        print("PROBLEM:", p, file=sys.stderr)
    if not problems:
        print("verify: all fonts load and render their required glyphs")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
