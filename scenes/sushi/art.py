"""Sushi Draft's art: asset paths, card titles, type colours and the :class:`SushiArt` cache.

Surfaces come back in WINDOW pixels, cached per size (cleared when the viewport changes). The art
leaves a cream strip at the bottom of a card (the last 60/350 of its height) where the card's
English name is printed whole (:func:`title_layout`): left-aligned, in the part of the card its right
neighbour in the fanned hand never covers, on one line or two, as large as fits; the short name
("Mackerel") only when the full one ("Mackerel Temaki") cannot be read at that card size, and never a
cut name.
"""
from __future__ import annotations

from typing import Any

import pygame

from game.i18n import N_, _
from game.sushi.rules import DESSERT, WILD
from scenes.kit import boxes
from scenes.kit.card_art import CardArt
from scenes.kit.draw import has_cjk
from scenes.sushi.layout import HAND_H, HAND_W

# -- art paths ---------------------------------------------------------------------------------
BACK = "back"  #: the art key of a card back
ART_DIR = "art/sushi"


def card_path(name: str) -> str:
    """``"tuna" -> "art/sushi/card_tuna.svg"``; :data:`BACK` gives the card back."""
    return f"{ART_DIR}/card_{name}.svg"


def chip_path(pile: str, face: bool = False) -> str:
    """A chip of ``pile``: face down (``chip_<pile>.svg``) or face up (``chip_face_<pile>.svg``)."""
    return f"{ART_DIR}/chip_face_{pile}.svg" if face else f"{ART_DIR}/chip_{pile}.svg"


def icon_path(name: str) -> str:
    """The 64x64 icon of a type, ``"wild"`` or ``"dessert"``."""
    return f"{ART_DIR}/icon_{name}.svg"


#: The cream strip at the bottom of a card face, under the art's thin rule (top and bottom, fractions
#: of the card's height: the 250x350 art's y 283..334), and the title's left inset and widest line
#: (fractions of its width): the hand's cards overlap by up to ``1 - HAND_MAX_STEP / HAND_W`` plus
#: the fan's tilt, so a line wider than that would be covered.
TITLE_TOP, TITLE_BOTTOM = 283 / 350, 334 / 350
TITLE_STRIP = TITLE_BOTTOM - TITLE_TOP
TITLE_X = 0.09
TITLE_W = 0.69
#: The title's largest size (fraction of the card's height) and its line spacing (of its size).
TITLE_SIZE = 0.082
TITLE_LEADING = 1.08
TITLE_RGB = (58, 44, 36)

PLATE_SVG = f"{ART_DIR}/plate.svg"
KEEP_SVG = f"{ART_DIR}/keep_mat.svg"
TABLE_SVG = "art/table.svg"

#: The names printed on the cards' cream strip (long form, and a short form for small cards),
#: translated where they are printed. A name may break into two lines at its first space.
CARD_TITLE: dict[str, str] = {
    # Translators: a card's full name, printed on the card (two lines of ~10 characters at most)
    "tuna": N_("Tuna Nigiri"),
    # Translators: a card's full name, printed on the card (two lines of ~10 characters at most)
    "shrimp": N_("Shrimp Roll"),
    # Translators: a card's full name, printed on the card (two lines of ~10 characters at most)
    "salmon": N_("Salmon Roll"),
    # Translators: a card's full name, printed on the card (two lines of ~10 characters at most)
    "cucumber": N_("Cucumber Maki"),
    # Translators: a card's full name, printed on the card (two lines of ~10 characters at most)
    "mackerel": N_("Mackerel Temaki"),
    # Translators: the wild card's name, printed on the card (~10 characters at most)
    WILD: N_("Wild"),
}
CARD_SHORT: dict[str, str] = {
    # Translators: a card's short name, on small cards and stack labels (~9 characters at most)
    "tuna": N_("Tuna"),
    # Translators: a card's short name, on small cards and stack labels (~9 characters at most)
    "shrimp": N_("Shrimp"),
    # Translators: a card's short name, on small cards and stack labels (~9 characters at most)
    "salmon": N_("Salmon"),
    # Translators: a card's short name, on small cards and stack labels (~9 characters at most)
    "cucumber": N_("Cucumber"),
    # Translators: a card's short name, on small cards and stack labels (~9 characters at most)
    "mackerel": N_("Mackerel"),
    # Translators: the wild card's short name, on small cards (~9 characters at most)
    WILD: N_("Wild"),
}
#: The chip piles' names (one per sushi type, and dessert).
PILE_TITLE: dict[str, str] = {
    **{t: CARD_SHORT[t] for t in ("tuna", "shrimp", "salmon", "cucumber", "mackerel")},
    # Translators: the name of the dessert chip pile (~9 characters at most, under a chip)
    DESSERT: N_("Dessert"),
}

#: Accent colour of each type / pile (matches the art's frames).
TYPE_RGB: dict[str, tuple[int, int, int]] = {
    "tuna": (178, 40, 52), "shrimp": (226, 128, 40), "salmon": (222, 98, 86),
    "cucumber": (86, 150, 62), "mackerel": (62, 104, 150), WILD: (196, 156, 60), DESSERT: (128, 86, 160),
}


# -- art cache ---------------------------------------------------------------------------------------
class SushiArt(CardArt):
    """Card / chip surfaces in WINDOW pixels, cached per size (cleared when the viewport changes).

    * ``card(key, w, h)``: a card face (name printed on the cream strip when it is big enough)
      or the back, at a logical size; its picture scaled from its render at the hand's size when
      smaller (``CardArt.svg_art``).
    * ``card_scaled(key, w_px, h_px)``: the same for arbitrary (animated) sizes: a smooth-scaled
      copy of the hand-size render, cached per even pixel width (flights never rasterise SVG).
    * ``rotated(key, w, h, angle)``: a card rotated by ``angle`` degrees (0.5 degree steps).
    * ``chip(pile, d, value)``: a face-down chip (value None) or a face-up one with its value.
    """

    MAX_ITEMS = 700
    BASE_W = HAND_W
    BASE_H = HAND_H

    def rotated(self, key: str, w: float, h: float, angle: float) -> pygame.Surface:
        q = round(angle * 2) / 2
        base = self.card(key, w, h)
        if abs(q) < 0.25:
            return base
        vp = self.app.viewport
        return self._get(("rot", key, vp.px(w), vp.px(h), q), lambda: pygame.transform.rotozoom(base, q, 1.0))

    def _build_card(self, key: str, w_px: int, h_px: int) -> pygame.Surface:
        assets = self.app.assets
        src = self.svg_art(card_path(key), w_px, h_px)
        if key == BACK or key not in CARD_TITLE:
            return src
        s = src.copy()
        layout = title_layout(assets, key, w_px, h_px)
        if layout is None:
            return s
        px, lines = layout
        step = round(px * TITLE_LEADING)
        mid = h_px * (TITLE_TOP + TITLE_BOTTOM) / 2  # the strip's centre line
        y0 = mid - step * (len(lines) - 1) / 2
        for i, line in enumerate(lines):
            img = assets.render_px(line, px, TITLE_RGB, bold=True, jp=has_cjk(line))
            s.blit(img, img.get_rect(midleft=(round(w_px * TITLE_X), round(y0 + i * step))))
        return s

    def note_title(self, key: str, size: tuple[int, int], center: tuple[int, int], angle: float) -> None:
        """For the layout check (issue 33, item 14: the hand's card names cut by the window's
        bottom in Spanish at 800x450): the name printed on card ``key`` (``size`` window px
        upright, centred on the window point ``center``, turned ``angle`` degrees) noted at its
        place in the window. Nothing when no check records."""
        rec = boxes.recorder(self.app)
        if rec is None or key == BACK or key not in CARD_TITLE:
            return
        w_px, h_px = size
        layout = title_layout(self.app.assets, key, w_px, h_px)
        if layout is None:
            return
        px, lines = layout
        step = round(px * TITLE_LEADING)
        y0 = h_px * (TITLE_TOP + TITLE_BOTTOM) / 2 - step * (len(lines) - 1) / 2
        # (no clip: a name the window's edge cuts must show as cut, not as clipped away)
        clip = pygame.Rect(-(1 << 15), -(1 << 15), 1 << 16, 1 << 16)
        for i, line in enumerate(lines):
            jp = has_cjk(line)
            img = self.app.assets.render_px(line, px, TITLE_RGB, bold=True, jp=jp)
            local = img.get_rect(midleft=(round(w_px * TITLE_X), round(y0 + i * step)))
            off = pygame.math.Vector2(local.centerx - w_px / 2, local.centery - h_px / 2).rotate(-angle)
            wrect = img.get_rect(center=(round(center[0] + off.x), round(center[1] + off.y)))
            with rec.over():  # (printed on its card, which lies over the cards before it in the fan)
                rec.note_text(line, img, wrect, ((px, jp),), clip)

    def chip(self, pile: str, d: float, value: int | None = None) -> pygame.Surface:
        vp = self.app.viewport
        return self.chip_px(pile, vp.px(d), value)

    def chip_px(self, pile: str, d_px: int, value: int | None = None) -> pygame.Surface:
        d_px = max(2, int(d_px))
        return self._get(("chip", pile, d_px, value), lambda: self._build_chip(pile, d_px, value))

    def _build_chip(self, pile: str, d_px: int, value: int | None) -> pygame.Surface:
        assets = self.app.assets
        if value is None:
            return assets.svg_px(chip_path(pile), d_px, d_px)
        s = assets.svg_px(chip_path(pile, face=True), d_px, d_px).copy()
        font = assets.font_px(max(6, round(d_px * 0.42)), bold=True)
        img = font.render(str(value), True, (46, 34, 30))
        s.blit(img, img.get_rect(center=(d_px // 2, d_px // 2 + max(1, d_px // 40))))
        return s

    def scaled(self, surf: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        """``surf`` scaled to ``size`` window px (not cached: for the turn-over squeeze)."""
        size = (max(1, size[0]), max(1, size[1]))
        if surf.get_size() == size:
            return surf
        return pygame.transform.scale(surf, size)


def _title_lines(assets: Any, name: str, px: int, w_px: int, h_px: int) -> list[str] | None:
    """``name`` as the lines it is printed in at ``px`` window px on a ``w_px`` x ``h_px`` face: one
    line, else two (split at its first space), each at most ``TITLE_W * w_px`` wide (bold) and all
    within the cream strip; None if neither fits."""
    strip = h_px * TITLE_STRIP
    max_w = w_px * TITLE_W
    words = name.split(" ")
    options = [[name]] + ([[words[0], " ".join(words[1:])]] if len(words) > 1 else [])
    for lines in options:
        if px * (TITLE_LEADING * (len(lines) - 1) + 1) > strip:
            continue
        if all(assets.text_size_px(line, px, bold=True, jp=has_cjk(line))[0] <= max_w for line in lines):
            return lines
    return None


def title_layout(assets: Any, key: str, w_px: int, h_px: int) -> tuple[int, list[str]] | None:
    """How card ``key``'s name is printed on a ``w_px`` x ``h_px`` (window px) face: ``(text px,
    lines)``, or None when no name fits (a tiny card).

    Every card of that size uses the same text size and the same kind of name: the largest size,
    from ``TITLE_SIZE * h_px`` down to the assets' smallest text size (``assets.min_px()``), at
    which every card's full name (:data:`CARD_TITLE`) fits (:func:`_title_lines`: one line or
    two); failing that, every card's short name (:data:`CARD_SHORT`); failing that, none."""
    smallest = assets.min_px(any(has_cjk(_(CARD_TITLE[k])) for k in CARD_TITLE))
    top = max(smallest, round(h_px * TITLE_SIZE))
    for table in (CARD_TITLE, CARD_SHORT):
        names = {k: _(v) for k, v in table.items()}  # the names printed, in the language in use
        for px in range(top, smallest - 1, -1):
            if all(_title_lines(assets, names[k], px, w_px, h_px) is not None for k in CARD_TITLE):
                lines = _title_lines(assets, names[key], px, w_px, h_px)
                assert lines is not None
                return px, lines
    return None


__all__ = ["BACK", "CARD_SHORT", "CARD_TITLE", "PILE_TITLE", "TYPE_RGB", "SushiArt", "card_path", "chip_path", "icon_path",
           "title_layout"]
