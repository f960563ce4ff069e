"""Drawing the KAITO table: the static layer, the board, the pawn, the flights and the banner.

:class:`BoardPainter` draws from what is shown (``scene.shown``) and the UI state (the drag, the
pointer, the buy-back step, the choreography's sprites); it never changes either (it only fills
the scene's render cache). Positions come from :mod:`scenes.kaito.layout`; the seat panels and the
lower card are :mod:`scenes.kaito.panels`.
"""
from __future__ import annotations

import math
from functools import partial
from typing import Any, Callable, Protocol

import pygame

from game.i18n import _
from scenes.kaito import art, banner
from scenes.kaito.art import (
    CELL,
    LACQUER,
    LACQUER_DARK,
    TABLE_SVG,
    dashed_ellipse,
    pawn_path,
    tile_path,
)
from scenes.kaito.layout import (
    BANNER_ICON,
    BANNER_RECT,
    BOARD_INSET,
    BOARD_RECT,
    FOOTPRINT_SHRINK,
    LOWER_RECT,
    PAWN_GRAB,
    TILE,
    TRAY_RECT,
    as_tuple,
    banner_icon_pos,
    banner_text_pos,
    file_label_pos,
    held_area,
    hint_text_pos,
    panel_spots,
    pawn_rect_at,
    rank_label_pos,
    square_at,
    square_rect,
    start_slot,
    thinking_dot_pos,
)
from scenes.kaito.sprites import TileFlight
from scenes.kit.bubble import draw_bubbles
from scenes.kit.draw import (
    C,
    draw_panel,
    draw_shadow,
    draw_text,
    fit_label,
    fit_text,
    mix,
    table_layer,
    text_width,
)
from scenes.kit.marks import Arrow, HINT_RING, draw_hint_mark, draw_line_arrows, draw_lines_centered, draw_said_pill
from scenes.play.host import PlayHost


class BoardScene(PlayHost, Protocol):
    """What the board painter uses of the play scene (:class:`scenes.kaito.scene.KaitoPlayScene` is one):
    the attributes it reads and the methods it calls."""

    @property
    def anim_label(self) -> str: ...

    @property
    def choreo(self) -> Any: ...

    @property
    def colors(self) -> tuple[str, ...]: ...

    @property
    def ended(self) -> bool: ...

    @property
    def exchange(self) -> Any: ...

    @property
    def hint_square(self) -> Any: ...

    @property
    def hint_text(self) -> Any: ...

    @property
    def input(self) -> Any: ...

    @property
    def reviewing(self) -> Any: ...

    @property
    def last_from(self) -> Any: ...

    @property
    def over(self) -> Any: ...

    @property
    def panel(self) -> Any: ...

    @property
    def pawn_home(self) -> Any: ...

    @property
    def seat_to_act(self) -> Any: ...

    @property
    def shown(self) -> Any: ...

    @property
    def targets(self) -> Any: ...

    @property
    def view_shown(self) -> Any: ...


#: the period of the thinking dots' bounce (ms) and the phase lag between two dots (turns)
DOTS_PERIOD_MS = 420.0
DOTS_LAG = 0.22


class BoardPainter:
    """Draws the table, the board, the pawn, the flying tiles and the turn banner of ``scene``."""

    def __init__(self, scene: BoardScene):
        self.scene = scene

    def _blit_cached(self, surface: pygame.Surface, key: Any, wr: pygame.Rect,
                     build: Callable[[], pygame.Surface]) -> None:
        s = self.scene.cached(key, build)
        surface.blit(s, s.get_rect(center=wr.center))

    # -- static layer -----------------------------------------------------------------------------
    def build_static(self, size: tuple[int, int]) -> pygame.Surface:
        """The table, the tray, the empty cells, the coordinates and the card backgrounds (window
        px ``size``; cached by the scene per window size)."""
        scene = self.scene
        vp = scene.viewport
        app = scene.app
        s = table_layer(app, size, TABLE_SVG)  # the table covers the whole window (letterbox too)
        # lacquered tray
        tray = vp.to_window(TRAY_RECT)
        rad = vp.px(14)
        draw_shadow(s, tray, rad, vp.px(8), alpha=110, blur=vp.px(18))
        pygame.draw.rect(s, LACQUER, tray, border_radius=rad)
        inner = vp.to_window(BOARD_RECT.inflate(BOARD_INSET, BOARD_INSET))
        pygame.draw.rect(s, LACQUER_DARK, inner, border_radius=vp.px(8))
        pygame.draw.rect(s, mix(LACQUER, C.GOLD, 0.55), tray.inflate(-vp.px(6), -vp.px(6)), width=max(1, vp.px(1.5)),
                         border_radius=max(1, rad - vp.px(3)))
        for i in range(36):
            r = vp.to_window(square_rect(i))
            pygame.draw.rect(s, CELL, r, border_radius=vp.px(7))
            pygame.draw.rect(s, mix(CELL, (0, 0, 0), 0.35), r, width=max(1, vp.px(2)), border_radius=vp.px(7))
        label_col = mix(C.GOLD_LIGHT, LACQUER, 0.15)
        for f_i, letter in enumerate("abcdef"):
            draw_text(s, app, letter, file_label_pos(f_i), 14, label_col, bold=True)
        for rank in range(6):
            draw_text(s, app, str(rank + 1), rank_label_pos(rank), 14, label_col, bold=True)
        # right column cards
        draw_panel(s, app, BANNER_RECT, style="dark", radius=14, border=None)
        for seat in (0, 1):
            panel = scene.panel(seat)
            draw_panel(s, app, panel, radius=16)
            area = vp.to_window(held_area(panel))
            pygame.draw.rect(s, C.PAPER_DARK, area, border_radius=vp.px(10))
            pygame.draw.rect(s, C.PAPER_EDGE, area, width=max(1, vp.px(1)), border_radius=vp.px(10))
            spots = panel_spots(panel)
            # Translators: a label in a seat's panel (max ~13 characters), before the tiles out of the game
            label, lsize = fit_label(app, _("Out of game"), 14, False, spots.out_none[0] - spots.out_label[0] - 6)
            draw_text(s, app, label, spots.out_label, lsize, C.INK_MUTED, anchor="midleft")
        draw_panel(s, app, LOWER_RECT, radius=16)
        return s.convert() if pygame.display.get_surface() else s

    # -- board ------------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        """The tiles on the board, the footprint of the last move and the target highlights."""
        scene = self.scene
        vp = scene.viewport
        sh = scene.shown
        assets = scene.app.assets
        drag = scene.drag
        active = drag.active_item == "kaito"
        targets: set[int] = set()
        hover_t = None
        seat = scene.human_to_act()
        hover = scene.input.hover
        if seat is not None:
            targets = set(scene.targets(seat))
            if active:
                hover_t = drag.hover_target
            elif hover is not None and not drag.dragging:
                sq = square_at(hover)
                if sq in targets:
                    hover_t = sq
        # footprint of the last move
        last_from = scene.last_from
        trail = None
        if last_from is not None and sh.kaito is not None and not scene.timeline.running and last_from != sh.kaito:
            r = vp.to_window(pawn_rect_at(last_from).inflate(-FOOTPRINT_SHRINK, -FOOTPRINT_SHRINK))
            pygame.draw.ellipse(surface, mix(CELL, C.GOLD, 0.55), r, width=max(1, vp.px(2)))
            trail = (pawn_rect_at(last_from).center, pawn_rect_at(sh.kaito).center)
        for i, code in enumerate(sh.board):
            if not code:
                continue
            wr = vp.to_window(square_rect(i))
            surface.blit(assets.svg(tile_path(code), TILE, TILE), wr.topleft)
            if seat is None:
                continue
            hot = i == hover_t
            if active:
                if i in targets:
                    self._blit_cached(surface, ("glow", hot), wr, partial(art.build_glow, vp, TILE, hot))
                elif i != sh.kaito:
                    self._blit_cached(surface, ("dim",), wr, partial(art.build_dim, vp, TILE))
            elif i in targets:
                if sh.phase == "place":  # the two blanks: make them obvious
                    self._blit_cached(surface, ("glow", hot), wr, partial(art.build_glow, vp, TILE, hot))
                else:
                    self._blit_cached(surface, ("hint", hot), wr, partial(art.build_hint, vp, TILE, hot))
        if trail is not None:  # the last move's from -> to trail, over the tiles it passed
            img = scene.cached(("trail", trail), partial(art.build_trail, vp, *trail))
            surface.blit(img, art.trail_origin(vp, *trail))
        hinted = scene.hint_square()
        if hinted is not None:  # the hard AI's suggestion: the hint mark and its sentence
            draw_hint_mark(surface, scene.app, square_rect(hinted), scene.clock_ms, tag=scene.hinting.tag)
            draw_lines_centered(surface, scene.app, scene.hint_text, hint_text_pos(), TRAY_RECT.w, 16)

    # -- pawn -------------------------------------------------------------------------------------
    def draw_pawn(self, surface: pygame.Surface) -> None:
        """The Kaito (:meth:`_draw_pawn`), then over it the replay coach's expected line
        (:meth:`draw_reason`), then what seats said at an online table, in bubbles by their panels
        (:func:`scenes.kit.bubble.draw_bubbles`: over the board, the pawn and the panels; under the
        tiles flying over, a dragged tile, the buttons, the log's overlay, the coach). Once the end
        is on screen the end band draws them, over itself (``SidePainter.draw_end``)."""
        self._draw_pawn(surface)
        self.draw_reason(surface)
        if not (self.scene.ended or self.scene.leaving):
            draw_bubbles(surface, self.scene.app, self.scene.widgets)

    def draw_reason(self, surface: pygame.Surface) -> None:
        """The replay coach's reason (issue 21 §4, ``scene.reviewing.coach_reason``): the expected
        line after the decision as numbered arrows from square to square in the mover's colour,
        the best action's first move as a green arrow when it is another, and the sentence under
        the tray. Nothing while the step animates."""
        scene = self.scene
        said = scene.reviewing.coach_reason
        if said is None or scene.timeline.running:
            return
        if said.best is not None:
            best = [(start, end, HINT_RING) for start, end, _rgb in reason_arrows(said.best)[:1]]
            draw_line_arrows(surface, scene.app, best, numbered=False, width=5)
        draw_line_arrows(surface, scene.app, reason_arrows(said.reason))
        draw_lines_centered(surface, scene.app, said.text, hint_text_pos(), TRAY_RECT.w, 16)

    def _draw_pawn(self, surface: pygame.Surface) -> None:
        """The Kaito: flying, turning over, dragged, or resting (with a halo when it may be taken)."""
        scene = self.scene
        vp = scene.viewport
        sh = scene.shown
        choreo = scene.choreo
        if scene.leaving and sh.kaito is None:
            return
        if sh.kaito is None and sh.phase == "place":
            slot = vp.to_window(start_slot(scene.panel(sh.to_move if sh.to_move is not None else 1)))
            pygame.draw.ellipse(surface, C.PAPER_DARK, slot)
            dashed_ellipse(surface, C.GOLD, slot, max(1, vp.px(2)))
        color = sh.pawn_color
        scale_x = 1.0
        if choreo.flip is not None and choreo.flip_to:
            t = choreo.flip.value
            if t >= 0.5:
                color = choreo.flip_to
            scale_x = abs(math.cos(math.pi * t))
        if choreo.pawn_flight is not None:
            f = choreo.pawn_flight
            self._pawn_at(surface, pawn_path(color), f.rect(), f.lift * f.height(), 1.0)
            return
        rect = scene.drag.display_rect("kaito")
        if rect is not None:
            lift = 10 if scene.drag.dragging else 4
            grow = 1.08 if scene.drag.dragging else 1.0
            self._pawn_at(surface, pawn_path(color), as_tuple(rect), lift, grow)
            return
        home = scene.pawn_home()
        if scene.human_to_act() is not None:
            hover = scene.input.hover
            hot = scene.drag.selected == "kaito" or (
                hover is not None and home.inflate(PAWN_GRAB, PAWN_GRAB).collidepoint(hover))
            glow = scene.cached(("pawnglow", hot), lambda: art.build_pawn_glow(vp, hot))
            surface.blit(glow, glow.get_rect(center=vp.to_window(home.center)))
        self._pawn_at(surface, pawn_path(color), as_tuple(home), 0, 1.0, scale_x)

    def _pawn_at(self, surface: pygame.Surface, path: str, rect: Any, lift: float, grow: float,
                 scale_x: float = 1.0) -> None:
        vp = self.scene.viewport
        x, y, w, h = rect
        cx, cy = x + w / 2, y + h / 2
        w2, h2 = w * grow, h * grow
        if lift > 0.5:
            sh = self.scene.cached(("pawnshadow", round(w2)), lambda: art.build_ellipse_shadow(vp, w2))
            surface.blit(sh, sh.get_rect(center=vp.to_window((cx + lift * 0.5, cy + lift))))
        img = self.scene.app.assets.svg(path, w2, h2)
        if scale_x < 0.999:
            iw = max(1, int(img.get_width() * scale_x))
            img = pygame.transform.smoothscale(img, (iw, img.get_height()))
        surface.blit(img, img.get_rect(center=vp.to_window((cx, cy - lift * 0.3))))

    # -- flights ----------------------------------------------------------------------------------
    def draw_flight(self, surface: pygame.Surface, f: TileFlight) -> None:
        """One flying tile, with its shadow while lifted and its fade."""
        scene = self.scene
        vp = scene.viewport
        x, y, w, h = f.rect()
        lift = f.lift * f.height()
        big = max(f.start[2], f.end[2])
        base = scene.app.assets.svg(f.path, big, big)
        wr = vp.rect(x, y, w, h)
        if wr.w <= 0 or wr.h <= 0:
            return
        img = base if base.get_size() == wr.size else pygame.transform.smoothscale(base, wr.size)
        a = f.alpha()
        if lift > 0.5:
            shadow = scene.cached(("flightshadow", big), lambda: art.build_rect_shadow(vp, big))
            sw = max(1, int(wr.w * 1.24))
            sh_img = pygame.transform.scale(shadow, (sw, sw))
            sh_img.set_alpha(int(a * 0.8))
            surface.blit(sh_img, sh_img.get_rect(center=(wr.centerx + vp.px(lift * 0.3), wr.centery + vp.px(lift))))
        if a < 255:
            img = img.copy() if img is base else img
            img.set_alpha(a)
        surface.blit(img, (wr.x, wr.y - vp.px(lift * 0.4)))

    # -- banner -----------------------------------------------------------------------------------
    def draw_banner(self, surface: pygame.Surface) -> None:
        """The turn banner: pawn icon, text, and bouncing dots while an AI thinks."""
        scene = self.scene
        app = scene.app
        vp = scene.viewport
        if scene.banner_override is not None:  # the replay coach's line, in place of the turn
            draw_said_pill(surface, app, pygame.Rect(BANNER_RECT), *scene.banner_override)
            return
        text, color_code = self.banner_text()
        if color_code:
            img = app.assets.svg(pawn_path(color_code), BANNER_ICON, BANNER_ICON)
            surface.blit(img, vp.to_window(banner_icon_pos()))
        pos = banner_text_pos(bool(color_code))
        room = BANNER_RECT.right - 14 - pos[0] - (44 if scene.match.thinking else 0)
        lines = text.split("\n")
        if len(lines) > 1:  # the opening: who opens (muted), then the turn, smaller
            full = BANNER_RECT.right - 14 - pos[0]
            size = 15 if text_width(app, lines[0], 15, True) <= full else 13
            draw_text(surface, app, fit_text(app, lines[0], size, True, full), (pos[0], pos[1] - 11), size,
                      C.GOLD_LIGHT, bold=True, anchor="midleft")
            text, pos = lines[1], (pos[0], pos[1] + 11)
            size = 15 if text_width(app, text, 15, True) <= room else 13
        else:
            size = 19 if text_width(app, text, 19, True) <= room else 16  # a longer language: smaller, then cut
        tr = draw_text(surface, app, fit_text(app, text, size, True, room), pos, size, C.PAPER_LIGHT, bold=True,
                       anchor="midleft")
        if scene.match.thinking and not scene.timeline.running:
            right = vp.to_logical(tr.midright)[0]
            for k in range(3):
                ph = (scene.clock_ms / DOTS_PERIOD_MS - k * DOTS_LAG) * math.tau
                dy = -4 * max(0.0, math.sin(ph)) + (11 if len(lines) > 1 else 0)  # (by the turn's line)
                pygame.draw.circle(surface, C.GOLD_LIGHT, vp.to_window(thinking_dot_pos(right, k, dy)),
                                   max(1, vp.px(3)))

    def end_for_you(self) -> str:
        """The end told to the one person at the table (:func:`scenes.kaito.banner.end_for_you`)."""
        return banner.end_for_you(self.scene)

    def banner_text(self) -> tuple[str, str | None]:
        """(the turn banner's text, one line or two with "\\n" between, the colour of the pawn
        icon shown beside it): :func:`scenes.kaito.banner.banner_text`."""
        return banner.banner_text(self.scene)


#: How far one arrow of an expected line lies aside from the next (logical px).
ARROW_ASIDE = 9


def reason_arrows(reason: dict[str, Any]) -> list[Arrow]:
    """A KAITO reason's expected line (:func:`game.kaito.coach.line_reason`: its ``path`` of
    squares, ``mover`` and ``colors``) up to the move that tells why (its ``moves``) as arrows
    from square centre to square centre (logical px), each in its mover's colour, the seats
    alternating, each a little aside from the last (a line often runs back along one row); []
    for data it cannot draw."""
    try:
        path, colors, mover = list(reason["path"]), list(reason["colors"]), int(reason["mover"])
        moves = int(reason.get("moves") or len(path) - 1)
        out: list[Arrow] = []
        for k in range(min(moves, len(path) - 1)):
            a, b = path[k], path[k + 1]
            if isinstance(a, int) and isinstance(b, int) and a != b:
                (x0, y0), (x1, y1) = square_rect(a).center, square_rect(b).center
                side = ((k % 4) - 1.5) * ARROW_ASIDE
                dx, dy = (0, side) if y0 == y1 else (side, 0)
                out.append(((x0 + dx, y0 + dy), (x1 + dx, y1 + dy), art.rgb_of(str(colors[(mover + k) % 2]))))
        return out
    except (KeyError, TypeError, ValueError, IndexError):
        return []


__all__ = ["BoardPainter", "reason_arrows"]
