"""Which characters the bundled fonts hold (split from :mod:`scenes.shell.assets`): a character
is there when it renders otherwise than the font's .notdef box (the glyph of a private-use code
point), asked once per character and font and cached. The layout check names a character drawn
as a box (issue 33, item 8); a decorative text a font cannot show whole is not drawn."""
from __future__ import annotations

import logging
from typing import Callable, Iterable

import pygame

from scenes.kit.render_cache import RenderCache

log = logging.getLogger("tatami.assets")


class Glyphs:
    """The bundled fonts' coverage.

    Args:
        font_px: ``(px, bold=False, jp=False) -> pygame.font.Font``, a bundled font at a WINDOW px
            size (the assets').
        cache: where answers are kept (character or text, and the font: -> bool).
    """

    def __init__(self, font_px: Callable[..., pygame.font.Font], cache: RenderCache[bool]) -> None:
        self.font_px = font_px
        self.cache = cache
        self._notdef: dict[bool, tuple] = {}

    def can_render(self, text: str, jp: bool) -> bool:
        """True if every character of ``text`` (spaces aside) has a glyph in the Japanese font
        (``jp``) or the Latin one; a text that has not is logged once."""
        key = ("can", text, jp)
        v = self.cache.peek(key)
        if v is None:
            missing = self.missing([(text, 0, jp)])
            v = not missing
            self.cache.put(key, v)
            if missing:
                log.warning("the bundled %s font has no glyph for %r (text %r not shown)",
                            "Japanese" if jp else "Latin", missing, text)
        return v

    def missing(self, runs: Iterable[tuple[str, int, bool]]) -> str:
        """The characters of ``runs`` (``(piece, px, JP font)``, as ``Assets.text_runs`` sets a
        text) their font has no glyph for, each once, spaces aside ("" when every one is there)."""
        out: dict[str, None] = {}
        for piece, _px, jp in runs:
            for ch in piece:
                if not ch.isspace() and ch not in out and not self.has(ch, jp):
                    out[ch] = None
        return "".join(out)

    def has(self, ch: str, jp: bool) -> bool:
        """Whether the Japanese (``jp``) or Latin font draws ``ch`` otherwise than its .notdef box."""
        key = (ch, jp)
        v = self.cache.peek(key)
        if v is not None:
            return v
        f = self.font_px(24, jp=jp)
        try:
            notdef = self._notdef.get(jp)
            if notdef is None:
                img = f.render("\ue000", False, (0, 0, 0), (255, 255, 255))
                notdef = self._notdef[jp] = (img.get_size(), pygame.image.tobytes(img, "RGB"))
            img = f.render(ch, False, (0, 0, 0), (255, 255, 255))
            v = (img.get_size(), pygame.image.tobytes(img, "RGB")) != notdef
        except (pygame.error, ValueError):
            v = True
        self.cache.put(key, v)
        return v


__all__ = ["Glyphs"]
