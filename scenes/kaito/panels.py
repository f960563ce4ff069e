"""Drawing the KAITO right column and overlays: the seat panels, the move log, the buy-back area,
Mon tiles being dragged and the end-of-game band.

:class:`SidePainter` draws from what is shown (``scene.shown``) and the UI state (the buy-back step,
the drag, the move log); it never changes either (it only fills the scene's render cache).
Positions come from :mod:`scenes.kaito.layout`.
"""
from __future__ import annotations

import math
from typing import Any, Protocol

import pygame

from game.core import is_you
from game.i18n import N_, _, pgettext
from game.kaito.rules import EXCHANGE_PRICE
from scenes.kaito import art
from scenes.kaito.art import GOLD_HI, pawn_path, tile_path
from scenes.kaito.exchange import KIND_WORD
from scenes.kaito.layout import (
    EX_HINT_POS,
    LOWER_RECT,
    PANEL_DISC,
    PAY_HINT_POS,
    PAY_PRICE_POS,
    PAY_RECT,
    PAY_TOTAL_POS,
    TALLY_MAX,
    TIP_BOTTOM,
    end_band,
    end_band_lines,
    ex_choice_count_pos,
    ex_choice_label_pos,
    ex_choice_rect,
    ex_kinds_pos,
    held_area,
    held_rect,
    lower_title_pos,
    panel_spots,
    pay_slot_rect,
    tally_rect,
    tip_pos,
)
from scenes.kaito.telling import color_name
from scenes.kit import boxes
from scenes.kit.bubble import draw_bubbles
from scenes.kit.draw import (
    SEAT_COLOR_RGB,
    C,
    draw_dashed_rect,
    draw_shadow,
    draw_text,
    drawn_size,
    fit_label,
    fit_text,
    mix,
    text_width,
    wrap_text,
)
from scenes.kit.marks import log_title
from scenes.kit.tween import clamp
from scenes.play.buttons import left_of_buttons
from scenes.play.host import PlayHost
from scenes.play.voices import draw_portrait


class PanelsScene(PlayHost, Protocol):
    """What the seat panels uses of the play scene (:class:`scenes.kaito.scene.KaitoPlayScene` is one):
    the attributes it reads and the methods it calls."""

    @property
    def colors(self) -> tuple[str, ...]: ...

    @property
    def end_fade(self) -> Any: ...

    @property
    def exchange(self) -> Any: ...

    @property
    def exchange_status(self) -> Any: ...

    @property
    def over(self) -> Any: ...

    @property
    def panel(self) -> Any: ...

    @property
    def seat_to_act(self) -> Any: ...

    @property
    def shown(self) -> Any: ...

    @property
    def view_shown(self) -> Any: ...


#: the how-to-play paragraphs shown before the first move (a line break where a line ends; a line
#: too long for the card is wrapped)
TIPS = (
    # Translators: how-to-play tip in the game log's card before the first move; "\n" breaks the line
    # (about 55 characters fit on a line, 5 lines in all with the next tip)
    N_("The Kaito moves any distance along its row or column\nand captures the tile it lands on."),
    # Translators: how-to-play tip in the game log's card before the first move; "\n" breaks the line
    N_("Keep a katana and a kabuto on the board: whoever loses\ntheir last one, or cannot move, loses the game."),
)
#: the tips' text size and the width a line may take (logical px)
TIP_SIZE = 15
TIP_W = 500


def tip_lines(app: object) -> tuple[list[str], int]:
    """The how-to-play lines in the language in use (each paragraph's lines, long ones wrapped)
    and how many lines the first paragraph takes (the gap comes after them)."""
    lines: list[str] = []
    first = 0
    for k, tip in enumerate(TIPS):
        for line in _(tip).split("\n"):
            lines.extend(wrap_text(app, line, TIP_SIZE, TIP_W) or [""])
        if k == 0:
            first = len(lines)
    return lines, first


class SidePainter:
    """Draws the seat panels, the lower card (move log or buy-back) and the overlays of ``scene``."""

    def __init__(self, scene: PanelsScene):
        self.scene = scene

    # -- seat panels ------------------------------------------------------------------------------
    def draw_panels(self, surface: pygame.Surface) -> None:
        """Both seats' panels: header, held row (buy-back highlights), out-of-game tally."""
        scene = self.scene
        app = scene.app
        vp = scene.viewport
        sh = scene.shown
        running = scene.timeline.running
        to_move = sh.to_move if sh.phase != "over" else None
        winners: tuple[int, ...] = ()
        if scene.over() and not running:
            out = scene.view_shown().outcome
            winners = out.winners if out else ()
        for seat in (0, 1):
            p = scene.panel(seat)
            spots = panel_spots(p)
            color = scene.colors[seat]
            wp = vp.to_window(p)
            if seat == to_move or seat in winners:
                pulse = 0.0
                if scene.match.thinking and seat == scene.seat_to_act():
                    pulse = 0.5 + 0.5 * math.sin(scene.clock_ms / 300.0)
                col = mix(C.GOLD, GOLD_HI, pulse)
                pygame.draw.rect(surface, col, wp.inflate(vp.px(4), vp.px(4)), width=max(2, vp.px(3)),
                                 border_radius=vp.px(18))
            # header: colour disc, name, level, captured count
            disc_c = (spots.disc[0] + PANEL_DISC / 2, spots.disc[1] + PANEL_DISC / 2)  # (a character: its portrait)
            if not draw_portrait(surface, scene, seat, disc_c, PANEL_DISC - 2, SEAT_COLOR_RGB[color]):
                surface.blit(app.assets.svg(pawn_path(color), PANEL_DISC, PANEL_DISC), vp.to_window(spots.disc))
            name = scene.names[seat]
            draw_text(surface, app, name, spots.name, 22, C.INK, bold=True, anchor="midleft")
            nw = text_width(app, name, 22, bold=True)
            level = scene.seat_label(seat)
            cname = color_name(color)
            # Translators: a seat's tag beside its name: its colour ("Red") and its kind ("Hard AI")
            tag = cname if name.startswith(level) else _("{color} · {level}").format(color=cname, level=level)
            count = str(len([c for c in sh.held[seat] if c]))
            # Translators: a small label (max ~12 characters) before the number of tiles a seat captured
            captured = pgettext("panel", "captured")
            captured_right = spots.captured_right - text_width(app, count, 26, True)
            room = captured_right - text_width(app, captured, 14) - 12 - (spots.tag_x + nw)
            draw_text(surface, app, fit_text(app, tag, 15, False, room), (spots.tag_x + nw, spots.tag_y), 15,
                      C.INK_MUTED, anchor="midleft")
            draw_text(surface, app, count, spots.count_pos, 26, C.VERMILION, bold=True, anchor="midright")
            draw_text(surface, app, captured, (captured_right, spots.captured_y), 14, C.INK_MUTED,
                      anchor="midright")
            self._held_row(surface, seat, p)
            # out of game tally
            out_tiles = sh.out_of_game(color)
            for i, code in enumerate(out_tiles[:TALLY_MAX]):
                r = tally_rect(p, i)
                surface.blit(app.assets.svg(tile_path(code), r.w, r.h), vp.to_window(r).topleft)
            if not out_tiles:
                draw_text(surface, app, "—", spots.out_none, 14, C.INK_MUTED, anchor="midleft")

    def _held_row(self, surface: pygame.Surface, seat: int, p: pygame.Rect) -> None:
        """``seat``'s held row in panel ``p``: the buyer's Mon glow, retrievable tiles glow hot."""
        scene = self.scene
        app = scene.app
        vp = scene.viewport
        sh = scene.shown
        ex = scene.exchange if not scene.timeline.running else None
        mover_row = ex is not None and seat == ex.seat
        opp_row = ex is not None and seat != ex.seat
        any_drawn = False
        for i, code in enumerate(sh.held[seat]):
            if not code:
                continue
            r = held_rect(p, i)
            wr = vp.to_window(r)
            if ex is not None and mover_row and i in ex.selected:
                pygame.draw.rect(surface, C.PAPER_EDGE, wr, width=max(1, vp.px(2)), border_radius=vp.px(6))
                continue
            if scene.drag.is_moving(("held", seat, i)):
                continue
            any_drawn = True
            if mover_row and code[1] in "123":
                self._glow(surface, ("heldglow",), wr, r.w, False)
            if ex is not None and opp_row and code[0] == scene.colors[ex.seat] and code[1] == ex.kind:
                self._glow(surface, ("heldglow-hot",), wr, r.w, True)
            surface.blit(app.assets.svg(tile_path(code), r.w, r.h), wr.topleft)
        if not any_drawn and not sh.held[seat] and sh.kaito is not None:
            # tiles of the opponent's colour out of the game were this seat's, paid to buy back
            spent = any(t and t[0] == scene.colors[1 - seat] for t in sh.removed)
            # Translators: a seat's empty row of captured tiles after it paid them all to buy back a tile
            empty = _("No captured tiles left") if spent else _("No captured tiles yet")
            draw_text(surface, app, empty, held_area(p).center, 15, C.INK_MUTED)

    def _glow(self, surface: pygame.Surface, key: tuple, wr: pygame.Rect, size: float, hot: bool) -> None:
        vp = self.scene.viewport
        s = self.scene.cached(key, lambda: art.build_glow(vp, size, hot))
        surface.blit(s, s.get_rect(center=wr.center))

    # -- the lower card ---------------------------------------------------------------------------
    def draw_lower(self, surface: pygame.Surface) -> None:
        """The buy-back area during the buy-back step, else the move log."""
        if self.scene.exchange is not None and not self.scene.timeline.running:
            self._draw_exchange(surface)
        else:
            self._draw_log(surface)

    def _draw_log(self, surface: pygame.Surface) -> None:
        """The game log (every event in words, notation on hover), or the how-to-play tips before
        the first move."""
        scene = self.scene
        app = scene.app
        log_panel = scene.narration
        if log_panel is None or not len(log_panel):
            draw_text(surface, app, _("How to play"), lower_title_pos(), 17, C.INK, bold=True, anchor="midleft")
            lines, first = tip_lines(app)
            # closer lines where they are many (a longer language, a small window); what still
            # does not fit the card is left out, the last line kept ending with "…"
            least = 1.2 * drawn_size(app, TIP_SIZE, "".join(lines))
            step = max(least, min(25.0, (TIP_BOTTOM - tip_pos(len(lines) - 1, first, 0)[1]) / max(1, len(lines) - 1)))
            fits = [k for k in range(len(lines)) if tip_pos(k, first, step)[1] <= TIP_BOTTOM]
            if len(fits) < len(lines):
                lines = lines[:len(fits)]
                lines[-1] = fit_text(app, lines[-1] + " …", TIP_SIZE, False, TIP_W)
            for k, line in enumerate(lines):
                draw_text(surface, app, line, tip_pos(k, first, step), TIP_SIZE, C.INK_SOFT, anchor="midleft")
            return
        pos = lower_title_pos()
        title, size = log_title(app, 17, left_of_buttons(scene, LOWER_RECT.right - 12) - 8 - pos[0])
        draw_text(surface, app, title, pos, size, C.INK, bold=True, anchor="midleft")
        log_panel.draw_base(surface, app)

    def _draw_exchange(self, surface: pygame.Surface) -> None:
        scene = self.scene
        app = scene.app
        vp = scene.viewport
        ex = scene.exchange
        assert ex is not None
        wr = vp.to_window(LOWER_RECT)
        pygame.draw.rect(surface, C.VERMILION, wr, width=max(2, vp.px(3)), border_radius=vp.px(16))
        # Translators: a kind that can be bought back and its price in Mon points: "katana (4)"
        kinds = " / ".join(_("{kind} ({price})").format(kind=_(KIND_WORD[k]), price=EXCHANGE_PRICE[k])
                           for k in ex.kinds)
        # Translators: the title of the buy-back card, followed by the kinds that can be bought back
        title = _("Buy back:")
        draw_text(surface, app, title, lower_title_pos(), 18, C.VERMILION, bold=True, anchor="midleft")
        draw_text(surface, app, kinds, ex_kinds_pos(text_width(app, title, 18, True)), 17, C.INK,
                  anchor="midleft")
        own = scene.colors[ex.seat]
        opp_row = scene.shown.held[1 - ex.seat]
        for i, kind in enumerate(ex.kinds):
            cr = ex_choice_rect(i)
            wcr = vp.to_window(cr)
            chosen = kind == ex.kind
            if chosen:
                self._glow(surface, ("choiceglow",), wcr, cr.w, True)
            surface.blit(app.assets.svg(tile_path(own + kind), cr.w, cr.h), wcr.topleft)
            count = sum(1 for c in opp_row if c == own + kind)
            if count > 1:
                draw_text(surface, app, f"×{count}", ex_choice_count_pos(cr), 13, C.INK, bold=True,
                          anchor="topright")
            # Translators: under a small tile (max ~10 characters): a kind and its price, "katana 4"
            label = _("{kind} {price}").format(kind=_(KIND_WORD[kind]), price=EXCHANGE_PRICE[kind])
            draw_text(surface, app, label, ex_choice_label_pos(cr), 13,
                      C.VERMILION if chosen else C.INK_MUTED, bold=chosen)
        move, hint, total, price = scene.exchange_status()
        # pay area
        pr = vp.to_window(PAY_RECT)
        hot = scene.drag.dragging and scene.drag.hover_target == "pay"
        pygame.draw.rect(surface, mix(C.PAPER_DARK, GOLD_HI, 0.35 if hot else 0.0), pr, border_radius=vp.px(10))
        draw_dashed_rect(surface, C.GOLD if not hot else C.VERMILION, pr, max(1, vp.px(2)), vp.px(8), vp.px(5))
        n = len(ex.selected)
        row = scene.shown.held[ex.seat]
        if not n:
            # Translators: inside the area where Mon tiles are dropped to pay (max ~12 characters)
            draw_text(surface, app, _("Pay here"), PAY_HINT_POS, 16, C.INK_MUTED)
        for k, i in enumerate(ex.selected):
            code = row[i]
            if scene.drag.is_moving(("held", ex.seat, i)) or not code:
                continue
            sr = pay_slot_rect(k, n)
            surface.blit(app.assets.svg(tile_path(code), sr.w, sr.h), vp.to_window(sr).topleft)
        tcol = C.MATCHA if move is not None else (C.VERMILION if total > price else C.INK)
        draw_text(surface, app, f"{total}", PAY_TOTAL_POS, 28, tcol, bold=True, anchor="midright")
        draw_text(surface, app, f"/ {price}", PAY_PRICE_POS, 18, C.INK_MUTED, anchor="midleft")
        draw_text(surface, app, hint, EX_HINT_POS, 15, C.MATCHA if move is not None else C.INK_SOFT,
                  anchor="midleft")

    # -- overlays ---------------------------------------------------------------------------------
    def draw_dragged_held(self, surface: pygame.Surface) -> None:
        """Mon tiles of the buy-back step being dragged or sliding back (lifted, with a shadow)."""
        scene = self.scene
        ex = scene.exchange
        if ex is None:
            return
        vp = scene.viewport
        for i, code in enumerate(scene.shown.held[ex.seat]):
            if not code:
                continue
            rect = scene.drag.display_rect(("held", ex.seat, i))
            if rect is None:
                continue
            wr = vp.to_window(rect)
            if scene.drag.dragging:
                draw_shadow(surface, wr, vp.px(6), vp.px(8), alpha=60, blur=vp.px(8))
            surface.blit(scene.app.assets.svg(tile_path(code), rect.w, rect.h), (wr.x, wr.y - vp.px(3)))

    def draw_end(self, surface: pygame.Surface) -> None:
        """The band telling the result (fading in), away from the Kaito's square; then over it what
        seats said at an online table (:func:`scenes.kit.bubble.draw_bubbles`: at the end, most often
        "Good game!", which the band hid; before the end :meth:`BoardPainter.draw_pawn` draws them)."""
        self._draw_band(surface)
        draw_bubbles(surface, self.scene.app, self.scene.widgets)

    def _draw_band(self, surface: pygame.Surface) -> None:
        """The band telling the result (fading in), away from the Kaito's square."""
        scene = self.scene
        app = scene.app
        vp = scene.viewport
        out = scene.view_shown().outcome
        if out is None:
            return
        t = clamp(scene.end_fade, 0.0, 1.0) if not scene.leaving else 1.0
        band = end_band(scene.shown.kaito)
        wb = vp.to_window(band)
        s = scene.cached(("endband", wb.size), lambda: art.build_band(wb.size))
        s.set_alpha(int(235 * t))
        surface.blit(s, wb.topleft)
        if out.winners:
            c = scene.colors[out.winners[0]]
            name = scene.names[out.winners[0]]
            if is_you(name):
                title = _("You win!")
            elif "human" in scene.seats and scene.seats.count("human") == 1:
                title = _("{name} wins").format(name=color_name(c))
            else:
                title = _("{name} wins").format(name=name)
        else:
            title = _("Game over")
        alpha = int(255 * t)
        title_pos, desc_pos, _score_pos = end_band_lines(band)
        with boxes.lying_over(app):  # the band lies over the board
            boxes.cover(app, wb)
            with boxes.within(app, wb, "end band"):
                title, title_size = fit_label(app, title, 38, True, band.w - 32)
                draw_text(surface, app, title, title_pos, title_size, C.GOLD_LIGHT, bold=True, alpha=alpha)
                desc, desc_size = fit_label(app, out.text(), 18, False, band.w - 32)
                draw_text(surface, app, desc, desc_pos, desc_size, C.PAPER_LIGHT, alpha=alpha)


__all__ = ["SidePainter", "TIPS"]
