"""KAITO's score screen: who won and why — whose last katana or kabuto fell, or who could not move,
in the core's own sentence (:class:`game.kaito.events.GameEnded`) — each side's colour and the tiles
it captured. The number of tiles held decides nothing in KAITO, so it is no score here: it is the
count beside "Captured tiles".

UI ids (from :class:`scenes.play.score.ScoreScene`): ``button:rematch``, ``button:review`` (with a
record and a replay scene), ``button:menu``.
"""
from __future__ import annotations

from typing import Any, Sequence

import pygame

from game.core import is_you
from game.i18n import N_, _, pgettext
from scenes.kaito.art import tile_path
from scenes.kaito.telling import color_name
from scenes.kit.draw import SEAT_COLOR_NAME, SEAT_COLOR_RGB, C, draw_panel, draw_text
from scenes.play.score import ScoreScene
from scenes.play.seats import LEVEL_LABEL


class KaitoScoreScene(ScoreScene):
    """KAITO's final result (the scene ``kaito_score``).

    kwargs (besides :class:`ScoreScene`'s):
        view: the final :class:`game.kaito.rules.KaitoView` (gives ``outcome`` and ``held``), or None.
        colors: per seat colour code ("R"/"B").
        held: per seat tuple of tile codes captured from the opponent (still held at the end);
            the score without an outcome is the number held.
    """

    name = "kaito_score"

    reason_labels = {
        "no-katana": N_("No katana left"),
        "no-kabuto": N_("No kabuto left"),
        "no-move": N_("No move left"),
    }

    def __init__(self, app: Any, colors: Sequence[str] = ("R", "B"), held: Sequence[Sequence[str]] = ((), ()),
                 view: Any = None, **kwargs: Any):
        if view is not None:  # the final KaitoView (PlayScene.open_score): its outcome and held rows
            kwargs.setdefault("outcome", view.outcome)
            held = view.held
        self.colors = list(colors)
        self._held_in = [tuple(h) for h in held]
        kwargs["game_name"] = "kaito"
        super().__init__(app, **kwargs)
        n = len(self.seats)
        self.held = self._held_in + [()] * max(0, n - len(self._held_in))
        if not getattr(self.outcome, "scores", None):
            self.scores = [len(h) for h in self.held]

    def default_setup(self) -> dict:
        return dict(seats=list(self.seats), colors=tuple(self.colors), names=list(self.names))

    def sentence_names(self) -> list[str]:
        """The names the end sentence is told with: a losing seat called "You" is named by its
        colour ("Hard AI won by capturing Red's last kabuto", never "You's")."""
        names = list(self.names)
        loser = getattr(self.end, "loser", None)
        if isinstance(loser, int) and 0 <= loser < len(names) and is_you(names[loser]):
            code = self.colors[loser] if loser < len(self.colors) else ""
            names[loser] = color_name(code) if code in SEAT_COLOR_NAME else names[loser]
        return names

    def _draw_seat(self, surface: pygame.Surface, i: int, r: pygame.Rect) -> None:
        app = self.app
        vp = self.viewport
        won = i in self.winners
        draw_panel(surface, app, r, radius=22, border=C.GOLD if won else C.PAPER_EDGE)
        if won:
            pygame.draw.rect(surface, C.GOLD, vp.to_window(r), width=max(2, vp.px(3)), border_radius=vp.px(22))
        code = self.colors[i] if i < len(self.colors) else "R"
        col = SEAT_COLOR_RGB.get(code, C.INK)
        # colour disc + name + kind
        pygame.draw.circle(surface, col, vp.to_window((r.x + 44, r.y + 50)), vp.px(18))
        pygame.draw.circle(surface, C.GOLD_LIGHT, vp.to_window((r.x + 44, r.y + 50)), vp.px(18), max(1, vp.px(2)))
        draw_text(surface, app, self.names[i], (r.x + 76, r.y + 40), 26, C.INK, bold=True, anchor="midleft")
        level = LEVEL_LABEL.get(self.seats[i])
        kind = _(level) if level else self.seats[i]
        # Translators: under a seat's name on the score screen: its colour ("Red") and kind ("Hard AI")
        tag = _("{color}  ·  {level}").format(color=color_name(code), level=kind)
        draw_text(surface, app, tag, (r.x + 76, r.y + 70), 15, C.INK_MUTED, anchor="midleft")
        pygame.draw.rect(surface, C.PAPER_DARK, vp.rect(r.x + 28, r.y + 108, r.w - 56, 2))
        tiles = list(self.held[i]) if i < len(self.held) else []
        draw_text(surface, app, _("Captured tiles"), (r.x + 28, r.y + 130), 14, C.INK_MUTED, bold=True, anchor="midleft")
        draw_text(surface, app, str(len(tiles)), (r.right - 28, r.y + 130), 14, C.INK_MUTED, bold=True,
                  anchor="midright")
        # the largest tile size at which every held tile fits in the panel
        avail_w, avail_h = r.w - 56, r.bottom - 20 - (r.y + 150)
        for tw in (72, 64, 56, 48, 40, 34):
            g = max(6, tw // 8)
            per_row = max(1, int((avail_w + g) // (tw + g)))
            rows = -(-len(tiles) // per_row) if tiles else 0
            if rows * (tw + g + 4) <= avail_h:
                break
        th = tw
        if not tiles:
            # Translators: on the score screen, in place of the tiles a seat captured when it has none
            draw_text(surface, app, pgettext("captured tiles", "nothing"), (r.centerx, r.y + 220), 17, C.INK_MUTED)
        for k, t in enumerate(tiles):
            row, colm = divmod(k, per_row)
            tx = r.x + 28 + colm * (tw + g)
            ty = r.y + 150 + row * (th + g + 4)
            if ty + th > r.bottom - 10:
                break
            tr = vp.rect(tx, ty, tw, th)
            surface.blit(app.assets.svg(tile_path(t), tw, th), tr)
        self.draw_stamp(surface, i, r)
