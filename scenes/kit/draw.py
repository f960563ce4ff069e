"""Drawing helpers shared by every scene: the palette (``C``), paper and chrome backgrounds,
shadows, text (drawn at the window's real pixel size), panels, pills, badges and the hanko stamp.

Positions are LOGICAL px unless a name says window px; every helper draws through
``app.viewport``.
"""
from __future__ import annotations

import math
import random
from typing import Any, Sequence

import pygame

from game.i18n import N_, language
from scenes.kit import boxes
from scenes.kit.linebreak import has_cjk, wrap_units
from scenes.kit.render_cache import MB, RenderCache, windows_of
from scenes.kit.tween import clamp


class C:
    """Colour palette (RGB)."""

    PAPER = (244, 236, 219)
    PAPER_LIGHT = (250, 245, 234)
    PAPER_DARK = (229, 217, 193)
    PAPER_EDGE = (212, 196, 166)
    INK = (38, 33, 30)
    INK_SOFT = (86, 76, 68)
    INK_MUTED = (140, 126, 110)
    VERMILION = (200, 62, 39)
    VERMILION_LIGHT = (222, 88, 62)
    VERMILION_DARK = (160, 44, 28)
    GOLD = (190, 150, 70)
    GOLD_LIGHT = (222, 188, 110)
    INDIGO = (42, 58, 90)
    INDIGO_LIGHT = (64, 84, 124)
    MATCHA = (112, 138, 84)
    SHADOW = (40, 26, 16)
    WHITE = (255, 255, 255)
    RED_TILE = (196, 52, 40)
    BLACK_TILE = (34, 32, 34)


SEAT_COLOR_RGB = {"R": C.RED_TILE, "B": C.BLACK_TILE}


#: A KAITO seat's colour by code (English catalog texts: shown with ``_(SEAT_COLOR_NAME[code])``).
# Translators: the colour of a KAITO player's tiles (a choice on the setup screen)
SEAT_COLOR_NAME = {"R": N_("Red"), "B": N_("Black")}


# --------------------------------------------------------------------------------------
# Low-level drawing helpers (window pixels)
# --------------------------------------------------------------------------------------
#: Shadows (8 MB, two windows' worth if more), paper textures and wave patterns (20 MB, 2.5 windows),
#: dropped on a resize (issue 21 §6: a hovered card's shadow changes size each frame).
_SIZE = lambda: (pygame.display.get_surface() or pygame.Surface((1, 1))).get_size()  # noqa: E731 (the window's)
SHADOWS: RenderCache[pygame.Surface] = RenderCache(256, windows_of(2, 8 * MB, _SIZE), window=True)
PAPERS: RenderCache[pygame.Surface] = RenderCache(16, windows_of(2.5, 20 * MB, _SIZE), window=True)
#: plain surfaces of one colour that :func:`fill_alpha` blends (a fade's, a dimmed backdrop's)
FILLS: RenderCache[pygame.Surface] = RenderCache(8, windows_of(2, 8 * MB, _SIZE), window=True)


def shadow_surface(size: tuple[int, int], radius: int, alpha: int = 60, blur: int = 6) -> pygame.Surface:
    """A soft rounded shadow of ``size`` window px (cached), ``blur`` px of feather; ``alpha`` in steps of
    8 (a hover's shadow deepening every frame is a handful of surfaces, not one a frame)."""
    alpha = min(255, (alpha + 4) // 8 * 8)
    key = (size, radius, alpha, blur)
    s = SHADOWS.peek(key)
    if s is not None:
        return s
    w, h = size
    blur = max(1, blur)
    s = pygame.Surface((w + blur * 2, h + blur * 2), pygame.SRCALPHA)
    steps = min(blur, 8)
    for i in range(steps):
        inset = int(i * blur / steps)
        a = int(alpha * (i + 1) / steps / 2.2)
        r = pygame.Rect(inset, inset, w + blur * 2 - inset * 2, h + blur * 2 - inset * 2)
        pygame.draw.rect(s, (*C.SHADOW, a), r, border_radius=radius + blur - inset)
    SHADOWS.put(key, s)
    return s


def draw_shadow(surface: pygame.Surface, wrect: pygame.Rect, radius: int, offset: int, alpha: int = 60,
                blur: int = 6) -> None:
    """Soft shadow under a window-pixel rect."""
    sh = shadow_surface(wrect.size, radius, alpha, blur)
    surface.blit(sh, (wrect.x - blur, wrect.y - blur + offset))


def fill_alpha(surface: pygame.Surface, color: Sequence[int], alpha: int, wrect: pygame.Rect | None = None,
               radius: int = 0) -> None:
    """Fill a (window px) rect with a translucent colour (``alpha`` 0..255). A square one is a
    plain surface of the colour kept in :data:`FILLS` and blended at ``alpha`` (a fade covers the
    window every frame: a new per-pixel-alpha surface of its size cost ~2.5 ms at 1280x720);
    ``alpha`` 255 is a plain fill."""
    wrect = wrect or surface.get_rect()
    if wrect.w <= 0 or wrect.h <= 0:
        return
    if radius:
        s = pygame.Surface(wrect.size, pygame.SRCALPHA)
        pygame.draw.rect(s, (*color[:3], alpha), s.get_rect(), border_radius=radius)
        surface.blit(s, wrect.topleft)
        return
    if alpha >= 255:
        surface.fill(tuple(color[:3]), wrect)
        return
    key = (wrect.size, tuple(color[:3]))
    s = FILLS.peek(key)
    if s is None:
        s = pygame.Surface(wrect.size)
        s.fill(tuple(color[:3]))
        FILLS.put(key, s)
    s.set_alpha(max(0, int(alpha)))
    surface.blit(s, wrect.topleft)


def mix(a: Sequence[int], b: Sequence[int], t: float) -> tuple[int, int, int]:
    """Blend two RGB colours (t=0 -> a, t=1 -> b)."""
    t = clamp(t, 0.0, 1.0)
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a[:3], b[:3]))  # type: ignore


def _vignette(vw: int = 64, vh: int = 36) -> pygame.Surface:
    """The paper's vignette: a small radial map (``vw`` x ``vh`` px, even sizes) darkening the
    edges a little, smooth-scaled up by :func:`paper_background`. Symmetric: one quadrant is
    computed and mirrored (it is drawn at the start: issue 34)."""
    quarter = pygame.Surface((vw // 2, vh // 2), pygame.SRCALPHA)
    for yy in range(vh // 2):
        dy = (yy + 0.5) / vh * 2 - 1
        for xx in range(vw // 2):
            dx = (xx + 0.5) / vw * 2 - 1
            d = min(1.0, math.sqrt(dx * dx * 0.8 + dy * dy * 0.9))
            a = int(46 * max(0.0, d - 0.45) / 0.55 * max(0.0, d - 0.45) / 0.55)
            quarter.set_at((xx, yy), (110, 80, 40, a))
    small = pygame.Surface((vw, vh), pygame.SRCALPHA)
    for fx, fy in ((False, False), (True, False), (False, True), (True, True)):
        small.blit(pygame.transform.flip(quarter, fx, fy), (vw // 2 if fx else 0, vh // 2 if fy else 0))
    return small


def paper_background(size: tuple[int, int], base: Sequence[int] = C.PAPER, seed: int = 7) -> pygame.Surface:
    """A washi-paper texture (cream with soft fibres and a gentle vignette) of ``size`` window px."""
    key = (size, tuple(base), seed)
    s = PAPERS.peek(key)
    if s is not None:
        return s
    w, h = max(1, size[0]), max(1, size[1])
    display = pygame.display.get_surface()
    # in the window's own pixel format when there is a window (no conversion after: ~2 ms)
    s = pygame.Surface((w, h), 0, display) if display is not None else pygame.Surface((w, h))
    s.fill(base)
    rng = random.Random(seed)
    fib = pygame.Surface((w, h), pygame.SRCALPHA)
    n = int(w * h / 2600)
    for _ in range(n):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        ang = rng.uniform(0, math.pi)
        ln = rng.uniform(6, 26) * max(0.5, w / 1280)
        dx, dy = math.cos(ang) * ln, math.sin(ang) * ln
        shade = rng.choice(((150, 125, 90, 22), (255, 255, 250, 40), (170, 140, 100, 16)))
        pygame.draw.aaline(fib, shade, (x, y), (x + dx, y + dy))
    s.blit(fib, (0, 0))
    s.blit(pygame.transform.smoothscale(_vignette(), (w, h)), (0, 0))
    PAPERS.put(key, s)
    return s


def draw_background(surface: pygame.Surface, app: Any, base: Sequence[int] = C.PAPER) -> None:
    """Fill the whole window (letterbox included) with washi paper."""
    surface.blit(paper_background(surface.get_size(), base), (0, 0))


#: the letterbox colour behind a play table
TABLE_BACK = (30, 24, 20)


def table_layer(app: Any, size: tuple[int, int], svg: str) -> pygame.Surface:
    """A new window-size surface (``size`` window px) for a play scene's static layer: filled with
    :data:`TABLE_BACK`, the table art ``svg`` (an asset path, rendered by ``app.assets.svg_px``)
    scaled to cover the whole window (letterbox included) and centred on it."""
    s = pygame.Surface(size)
    s.fill(TABLE_BACK)
    w, h = size
    f = max(w / 1280, h / 720)
    tw, th = int(math.ceil(1280 * f)), int(math.ceil(720 * f))
    s.blit(app.assets.svg_px(svg, tw, th), ((w - tw) // 2, (h - th) // 2))
    return s


def draw_chrome(surface: pygame.Surface, app: Any) -> None:
    """Full-window backdrop of the menu-like scenes: washi paper and a vermilion/gold rule
    along the WINDOW's top edge (so it stays at the top when letterboxed)."""
    draw_background(surface, app)
    vp = app.viewport
    w = surface.get_width()
    pygame.draw.rect(surface, C.VERMILION, pygame.Rect(0, 0, w, vp.px(6)))
    pygame.draw.rect(surface, C.GOLD, pygame.Rect(0, vp.px(6), w, vp.px(2)))


def draw_seigaiha(surface: pygame.Surface, app: Any, lrect: pygame.Rect, color: Sequence[int], alpha: int = 40,
                  r: float = 28) -> None:
    """Seigaiha (wave) pattern filling a logical rect, translucent. Cached per window size."""
    vp = app.viewport
    wr = vp.to_window(lrect)
    key = ("seigaiha", wr.size, tuple(color), alpha, round(vp.fpx(r), 2))
    s = PAPERS.peek(key)
    if s is None:
        s = pygame.Surface(wr.size, pygame.SRCALPHA)
        R = max(4.0, vp.fpx(r))
        col = (*color[:3], alpha)
        lw = max(1, int(R / 10))
        rows = int(wr.h / (R / 2)) + 3
        cols = int(wr.w / (R * 2)) + 3
        for j in range(rows):
            y = j * R / 2
            xoff = R if j % 2 else 0
            for i in range(-1, cols):
                cx = i * 2 * R + xoff
                for k in range(3, 0, -1):
                    rr = R * k / 3
                    pygame.draw.circle(s, (0, 0, 0, 0), (int(cx), int(y)), int(rr))  # clear: scales overlap
                    pygame.draw.circle(s, col, (int(cx), int(y)), int(rr), lw, draw_top_left=True,
                                       draw_top_right=True)
        PAPERS.put(key, s)
    surface.blit(s, wr.topleft)


# --------------------------------------------------------------------------------------
# Text helpers (logical positions)
# --------------------------------------------------------------------------------------
_ANCHORS = ("center", "topleft", "topright", "midtop", "midleft", "midright", "midbottom", "bottomleft",
            "bottomright")


def draw_text(
    surface: pygame.Surface,
    app: Any,
    text: str,
    pos: Sequence[float],
    size: float = 22,
    color: Sequence[int] = C.INK,
    bold: bool = False,
    anchor: str = "center",
    shadow: Sequence[int] | None = None,
    shadow_offset: float = 1.5,
    jp: bool | None = None,
    alpha: int = 255,
    decorative: bool = False,
) -> pygame.Rect:
    """Draw text with its ``anchor`` at a LOGICAL position; returns the WINDOW rect drawn.

    ``size`` is in logical px; the glyphs are rendered at window scale (crisp, evenly spaced),
    never below the assets' minimum window px size (``Assets.text_px``). ``shadow``
    is an optional RGB(A) colour drawn ``shadow_offset`` logical px down-right.
    ``decorative=True`` skips the text entirely if the bundled font lacks a glyph for it
    (used for Japanese ornaments, so a subset font never shows boxes).
    """
    if not text or (decorative and not app.assets.can_render(text, jp)):
        return pygame.Rect(0, 0, 0, 0)
    vp = app.viewport
    img = app.assets.text(text, size, tuple(color[:3]), bold=bold, jp=jp)
    wpos = vp.to_window(pos)
    r = img.get_rect(**{anchor: wpos})
    if shadow is not None:
        sh = app.assets.text(text, size, tuple(shadow[:3]), bold=bold, jp=jp)
        o = max(1, vp.px(shadow_offset))
        if len(shadow) == 4:
            sh = sh.copy()
            sh.set_alpha(shadow[3])
        surface.blit(sh, r.move(o, o))
    if alpha < 255:
        img = img.copy()
        img.set_alpha(alpha)
    surface.blit(img, r)
    rec = boxes.recorder(app)
    if rec is not None:
        runs = app.assets.text_runs(text, size, jp)
        rec.note_text(text, img, r, tuple((px, j) for _, px, j in runs),
                      boxes.clip_of(surface), decorative, missing=app.assets.missing_glyphs(runs))
    return r


def render_label(app: Any, text: str, px: int, color: Sequence[int], bold: bool = True) -> pygame.Surface:
    """``text`` rendered at ``px`` WINDOW px in the bundled font that holds it (the Japanese one
    when it has CJK: "15画"), for a picture drawn once and cached (a tile's stroke count); noted
    for the layout check (its words and glyphs, not its place)."""
    jp = has_cjk(text)
    img = app.assets.font_px(px, bold=bold, jp=jp).render(text, True, tuple(color[:3]))
    rec = boxes.recorder(app)
    if rec is not None:
        runs = [(text, px, jp)]
        rec.note_text(text, img, img.get_rect(), ((px, jp),), None, missing=app.assets.missing_glyphs(runs))
    return img


def text_width(app: Any, text: str, size: float, bold: bool = False) -> float:
    """Width in LOGICAL px of ``text`` as :func:`draw_text` draws it at logical ``size`` (the JP
    font when it holds CJK; at least the assets' minimum window px size, so a fit or a wrap
    measured here matches what is drawn)."""
    return app.assets.text_size(text, size, bold=bold)[0] / app.viewport.scale


def drawn_size(app: Any, size: float, text: str = "") -> float:
    """The logical size ``text`` is really drawn at for a requested ``size``: never below the
    assets' smallest readable size at the current window scale (larger for Japanese); what line
    spacing and stacked texts must use, or lines drawn at the minimum overlap in a small window."""
    assets = getattr(app, "assets", None)
    least = getattr(assets, "min_logical", None)
    if least is None:
        return size
    return max(size, float(least(has_cjk(text))))


def japanese_gloss(word: str) -> str:
    """``word``, a Japanese ornament shown beside a translated title or line (the menu's subtitle,
    a game card's tag, a rules page's title), or ``""`` when the language in use is Japanese: the
    title already says it in Japanese ("漢字寿司 漢字寿司" otherwise)."""
    return "" if language() == "ja" else word


def wrap_text(app: Any, text: str, size: float, width: float, bold: bool = False,
              split_long: bool = True) -> list[str]:
    """Greedy wrap of a paragraph to a LOGICAL ``width`` at ``size`` (logical px): between words,
    and between the characters of Japanese text (:func:`wrap_units`)."""
    return wrap_units(text, width, lambda s: text_width(app, s, size, bold), split_long)


def draw_pause_icon(surface: pygame.Surface, app: Any, lrect: pygame.Rect) -> None:
    """The two bars of a pause button, centred in the logical rect ``lrect`` (a Button icon)."""
    vp = app.viewport
    cx, cy = lrect.center
    for dx in (-6, 6):
        r = vp.rect(cx + dx - 3.5, cy - 11, 7, 22)
        pygame.draw.rect(surface, C.INK, r, border_radius=vp.px(2))


def draw_dashed_rect(surface: pygame.Surface, color: Sequence[int], rect: pygame.Rect, width: int, dash: int,
                     gap: int) -> None:
    """A dashed rectangle outline; ``rect``, ``width``, ``dash`` and ``gap`` in WINDOW pixels."""
    dash, gap = max(2, dash), max(2, gap)
    x0, y0, x1, y1 = rect.left, rect.top, rect.right - 1, rect.bottom - 1
    for (ax, ay, bx, by) in ((x0, y0, x1, y0), (x1, y0, x1, y1), (x1, y1, x0, y1), (x0, y1, x0, y0)):
        length = max(abs(bx - ax), abs(by - ay))
        if length <= 0:
            continue
        dx, dy = (bx - ax) / length, (by - ay) / length
        pos = 0
        while pos < length:
            end = min(length, pos + dash)
            pygame.draw.line(surface, color, (ax + dx * pos, ay + dy * pos), (ax + dx * end, ay + dy * end), width)
            pos = end + gap


#: Background of dark pills (banners, badges) in the play scenes.
PILL_DARK = (36, 28, 24)


def fit_text(app: Any, text: str, size: float, bold: bool, width: float) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` logical px at ``size``."""
    if width <= 0:
        return text
    need = text_width(app, text, size, bold)
    if need <= width:
        return text
    report = getattr(getattr(app, "assets", None), "report_overflow", None)
    if report is not None:
        report(text, need, width)
    # the longest prefix that fits with its ellipsis (bisection: a 6,000-character name is cut in
    # a dozen measures, not thousands)
    lo, hi = 1, len(text) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(app, text[:mid] + "…", size, bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


def fit_label(app: Any, text: str, size: float, bold: bool, width: float,
              least: float = 0.72) -> tuple[str, float]:
    """``(text, size)`` to draw ``text`` within ``width`` logical px: at ``size`` if it fits, else
    at a smaller size (down to ``least`` x ``size``), and only if that is not enough cut with an
    ellipsis (:func:`fit_text`, which reports the overflow). A label longer in another language
    shrinks a little rather than lose its end."""
    if width <= 0 or not text:
        return text, size
    w = text_width(app, text, size, bold)
    if w <= width:
        return text, size
    small = size * width / w
    step = 1.0 / max(0.1, app.viewport.scale)  # one window px: sizes are drawn in whole px
    while small >= size * least:
        if text_width(app, text, small, bold) <= width + 0.5:
            return text, small
        small -= step
    small = size * least
    return fit_text(app, text, small, bold, width), small


def draw_count_badge(surface: pygame.Surface, app: Any, center: tuple[float, float], n: int,
                     color: Sequence[int], size: float) -> None:
    """A round badge with the number ``n`` (logical centre; ``size`` = text size, logical px)."""
    vp = app.viewport
    c = vp.to_window(center)
    rad = max(4, vp.px(size * 0.85))
    pygame.draw.circle(surface, color, c, rad)
    pygame.draw.circle(surface, C.PAPER_LIGHT, c, rad, max(1, vp.px(1.5)))
    disc = pygame.Rect(c[0] - rad, c[1] - rad, 2 * rad, 2 * rad)
    with boxes.lying_over(app), boxes.within(app, disc, "badge"):  # a badge sits on a piece's corner
        boxes.cover(app, disc)
        draw_text(surface, app, str(n), center, size, C.PAPER_LIGHT, bold=True)


def pill_surface(w: int, h: int, radius: int, color: Sequence[int] = PILL_DARK) -> pygame.Surface:
    """A filled rounded pill with a gold edge, ``w`` x ``h`` WINDOW px."""
    s = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    pygame.draw.rect(s, (*color[:3], 255), s.get_rect(), border_radius=radius)
    pygame.draw.rect(s, (*C.GOLD, 255), s.get_rect(), width=2, border_radius=radius)
    return s


def draw_panel(surface: pygame.Surface, app: Any, lrect: pygame.Rect, style: str = "paper", radius: float = 18,
               border: Sequence[int] | None = C.PAPER_EDGE, shadow: bool = True) -> pygame.Rect:
    """Draw a card at a logical rect; returns its window rect."""
    vp = app.viewport
    wr = vp.to_window(pygame.Rect(lrect))
    rad = vp.px(radius)
    if style == "dark":
        fill = C.INK
    elif style == "inset":
        fill = C.PAPER_DARK
    else:
        fill = C.PAPER_LIGHT
    if shadow and style != "inset":
        draw_shadow(surface, wr, rad, vp.px(6), alpha=70, blur=vp.px(14))
    pygame.draw.rect(surface, fill, wr, border_radius=rad)
    if border is not None:
        pygame.draw.rect(surface, border, wr, width=max(1, vp.px(1.5)), border_radius=rad)
    boxes.cover(app, wr)
    return wr


def draw_hanko(surface: pygame.Surface, app: Any, center: tuple[float, float], size: float, char: str,
               color=C.VERMILION, text_color=C.PAPER_LIGHT, tilt: float = 0.0) -> None:
    """A red seal stamp (rounded square with a JP character), ``size`` logical px."""
    vp = app.viewport
    r = vp.rect(center[0] - size / 2, center[1] - size / 2, size, size)
    s = pygame.Surface(r.size, pygame.SRCALPHA)
    rad = max(2, vp.px(size * 0.16))
    pygame.draw.rect(s, color, s.get_rect(), border_radius=rad)
    inner = s.get_rect().inflate(-vp.px(size * 0.12), -vp.px(size * 0.12))
    pygame.draw.rect(s, mix(color, text_color, 0.55), inner, width=max(1, vp.px(2)), border_radius=max(1, rad - 2))
    glyph = app.assets.text(char, size * 0.62, text_color, jp=True)
    s.blit(glyph, glyph.get_rect(center=(r.w // 2, r.h // 2 - vp.px(size * 0.02))))
    if tilt:
        s = pygame.transform.rotozoom(s, tilt, 1.0)
    surface.blit(s, s.get_rect(center=r.center))


def draw_lead_mark(surface: pygame.Surface, app: Any, center: tuple[float, float], d: float,
                   swatch: Sequence[int] | None = None, icon: str = "", selected: bool = False,
                   faded: bool = False) -> None:
    """The mark before a choice's label, ``d`` logical px across at the logical ``center``: the
    SVG ``icon`` under the assets (a portrait; see-through when ``faded``), else a dot of colour
    ``swatch`` ringed gold when ``selected``. Draws only."""
    vp = app.viewport
    c = vp.to_window(center)
    if icon:
        img = app.assets.svg(icon, d, d)
        if faded:
            img = img.copy()
            img.set_alpha(90)
        surface.blit(img, img.get_rect(center=c))
    elif swatch is not None:
        pygame.draw.circle(surface, swatch, c, vp.px(d / 2))
        pygame.draw.circle(surface, C.GOLD_LIGHT if selected else C.PAPER_EDGE, c, vp.px(d / 2), max(1, vp.px(2)))
