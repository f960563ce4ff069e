"""The bundled fonts' rules (split from :mod:`scenes.shell.assets`, which opens and caches them):
which file holds each face (:data:`FONT_FILES`), the smallest text sizes, the supersampling of
small text (:func:`supersample`) and the text a font may be given (:func:`font_safe`). Sizes are in
WINDOW px. Needs no pygame.
"""
from __future__ import annotations

from game.safejson import clean_text

#: The smallest text drawn, in WINDOW px (Latin text; a logical size that would come out smaller
#: at the window's scale is drawn at this size instead).
MIN_TEXT_PX = 10
#: The smallest text holding Japanese (kanji need more pixels than Latin letters to be read).
MIN_JP_TEXT_PX = 12
#: Text below this many WINDOW px is rasterised at a multiple of its size and scaled down.
SUPERSAMPLE_PX = 48
#: The largest such multiple.
MAX_SUPERSAMPLE = 6


def supersample(px: int) -> int:
    """How many times larger text of ``px`` window px is rasterised before it is smooth-scaled down
    to ``px`` (1: drawn directly): enough to reach :data:`SUPERSAMPLE_PX`, at most
    :data:`MAX_SUPERSAMPLE`."""
    px = max(1, int(px))
    if px >= SUPERSAMPLE_PX:
        return 1
    return min(MAX_SUPERSAMPLE, -(-SUPERSAMPLE_PX // px))

#: The widest line of text rendered at once, in font px times characters: a longer text is cut
#: (with "…") before it reaches the font, whose surface would pass SDL's limits (a 6,000-character
#: name crashed SDL_ttf); no text Tatami writes comes near it.
MAX_LINE_EMS_PX = 12000


def font_safe(text: str, px: int) -> str:
    """``text`` as it may reach a font of ``px`` px: without NUL, other control characters and lone
    surrogates (:func:`game.safejson.clean_text`), and cut with "…" to at most ``MAX_LINE_EMS_PX //
    px`` characters (at least 8)."""
    text = clean_text(text)
    most = max(8, MAX_LINE_EMS_PX // max(1, px))
    return text if len(text) <= most else text[:most - 1] + "\u2026"


FONT_FILES = {
    "regular": "fonts/NotoSans-Regular.ttf",
    "bold": "fonts/NotoSans-Bold.ttf",
    "jp": "fonts/NotoSansJP-Regular.otf",
    "jp_bold": "fonts/NotoSansJP-Bold.otf",
}


__all__ = ["FONT_FILES", "MAX_LINE_EMS_PX", "MAX_SUPERSAMPLE", "MIN_JP_TEXT_PX", "MIN_TEXT_PX",
           "SUPERSAMPLE_PX", "font_safe", "supersample"]
