"""Sushi Draft's art: asset paths, card titles, type colours and the :class:`SushiArt` cache.

Surfaces come back in WINDOW pixels, cached per size (cleared when the viewport changes). The art
leaves a cream strip at the bottom of a card (the last 60/350 of its height) where the card's
English name is printed.
"""
from __future__ import annotations

import pygame

from game.sushi import CARD_NAMES, DESSERT, PILES, WILD
from scenes.kit.card_art import CardArt
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


PLATE_SVG = f"{ART_DIR}/plate.svg"
KEEP_SVG = f"{ART_DIR}/keep_mat.svg"
TABLE_SVG = "art/table.svg"

#: The names printed on the cards' cream strip (long form, and a short form for small cards).
CARD_TITLE: dict[str, str] = {
    "tuna": "Tuna Nigiri", "shrimp": "Shrimp Roll", "salmon": "Salmon Roll",
    "cucumber": "Cucumber Maki", "mackerel": "Mackerel Temaki", WILD: "Wild",
}
CARD_SHORT: dict[str, str] = {name: name.capitalize() for name in CARD_NAMES}
PILE_TITLE: dict[str, str] = {pile: pile.capitalize() for pile in PILES}

#: Accent colour of each type / pile (matches the art's frames).
TYPE_RGB: dict[str, tuple[int, int, int]] = {
    "tuna": (178, 40, 52), "shrimp": (226, 128, 40), "salmon": (222, 98, 86),
    "cucumber": (86, 150, 62), "mackerel": (62, 104, 150), WILD: (196, 156, 60), DESSERT: (128, 86, 160),
}


# -- art cache ---------------------------------------------------------------------------------------
class SushiArt(CardArt):
    """Card / chip surfaces in WINDOW pixels, cached per size (cleared when the viewport changes).

    * ``card(key, w, h)``: a card face (name printed on the cream strip when it is big enough)
      or the back, at a logical size, rendered from the SVG at that exact size.
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
        src = assets.svg_px(card_path(key), w_px, h_px)
        if key == BACK or key not in CARD_TITLE:
            return src
        s = src.copy()
        size = round(h_px * 0.082)
        if size < 9:
            return s
        title = CARD_TITLE[key]
        font = assets.font_px(size, bold=True)
        if font.size(title)[0] > w_px * 0.84:
            title = CARD_SHORT[key]
            if font.size(title)[0] > w_px * 0.84:
                return s
        img = font.render(title, True, (58, 44, 36))
        s.blit(img, img.get_rect(center=(w_px // 2, round(h_px * (1 - 27 / 350)))))
        return s

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


__all__ = ["BACK", "CARD_SHORT", "CARD_TITLE", "PILE_TITLE", "TYPE_RGB", "SushiArt", "card_path", "chip_path", "icon_path"]
