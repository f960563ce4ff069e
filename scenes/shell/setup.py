"""New-game setup: game, the players (human or AI level per seat), speed, and per game its own
choices (KAITO: colours and who starts; multi-seat games: how many players).

UI ids (two-seat games, KAITO):
* ``choice:game:<name>``                       (only available games are selectable)
* ``choice:seat0:<human|easy|medium|hard>``    left player ("Player A")
* ``choice:seat1:<...>``                       right player ("Player B")
* ``choice:color0:<R|B>``, ``choice:color1:<R|B>``  (picking one sets the other)
* ``choice:first:<left|right|random>``         who moves first (the other places the Kaito)
* ``choice:speed:<slow|normal|fast>``          animation speed
* ``button:start``, ``button:back``

Multi-seat games (``GameInfo.seats`` max > 2, e.g. Sushi Draft 2-5):
* ``choice:players:<n>``                       number of seats
* ``choice:seat<i>:<human|easy|medium|hard>``  seat i (0-based), for i < n

The choices are remembered in the settings (``settings.setup_for(game)``). Start calls
``app.start_game(game, seats=[...], seed=None, names=[...], speed=f)`` plus, for KAITO, the
colours with "who moves first" resolved into seat order (seat 0 moves first, RULES.md).
Picking another game rebuilds the screen for that game.
"""
from __future__ import annotations

import random
from functools import partial
from typing import Any

import pygame

from scenes.kit.draw import SEAT_COLOR_RGB, C, draw_chrome, draw_panel, draw_text
from scenes.kit.widgets import Button, SegmentedChoice, UIScene
from scenes.play.seats import SEAT_RGB, default_names
from scenes.shell.catalog import GAME_LIST, GAMES_BY_NAME

PLAYER_KINDS = [("human", "Human"), ("easy", "Easy"), ("medium", "Medium"), ("hard", "Hard")]
KIND_LABEL = dict(PLAYER_KINDS) | {"random": "Random"}
SIDE_LABEL = ("Player A", "Player B")


class SetupScene(UIScene):
    """Choose the players of a new game. kwargs: ``game`` (default "kaito")."""

    name = "setup"

    def __init__(self, app: Any, game: str = "kaito", **kwargs: Any):
        super().__init__(app, **kwargs)
        if game not in GAMES_BY_NAME:
            game = "kaito"
        self.game = game
        self.info = GAMES_BY_NAME[game]
        self.multi = self.info.seats[1] > 2
        #: game options offered here: (key, label, [(value, text)], default) from GameInfo.extra
        self.options: list[tuple] = list(self.info.extra.get("options", ()))
        self.option_values: dict[str, str] = {}
        self.speed = app.settings.get("animation_speed", "normal")
        if self.speed not in ("slow", "normal", "fast"):
            self.speed = "normal"
        available = [g for g in GAME_LIST if g.available and self.app.has_scene(g.scene)]
        self.w_game = SegmentedChoice(
            "choice:game", [(g.name, g.title) for g in GAME_LIST], (390, 138, 500, 44), value=game,
            on_change=self._set_game, size=18,
            disabled=[g.name for g in GAME_LIST if g not in available],
        )
        self.widgets.add(self.w_game)
        if self.multi:
            self._build_multi(app.settings.setup_for(game))
        else:
            self._build_two(app.settings.setup_for(game))
        speed_rect = (960, 538, 210, 44) if self.options else (660, 558, 510, 44)
        self.w_speed = SegmentedChoice(
            "choice:speed", [("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast")], speed_rect,
            value=self.speed, on_change=self._set_speed, size=15 if self.options else 17,
        )
        self.widgets.add(self.w_speed)
        self.widgets.add(Button("button:back", "Back", (110, 636, 180, 56), self._back, style="secondary", size=20))
        self.widgets.add(Button("button:start", "Start game", (890, 632, 280, 62), self.start, style="primary",
                                size=24))

    def _build_multi(self, saved: dict) -> None:
        """Seat count + one kind choice per seat (games for 2..max seats)."""
        lo, hi = self.info.seats
        kinds = [k for k in saved.get("seats", []) if isinstance(k, str)][:hi]
        kinds = [k if k in KIND_LABEL and k != "random" else "medium" for k in kinds]
        if not kinds:
            kinds = ["human"]
        while len(kinds) < hi:
            kinds.append("medium")
        players = saved.get("players", min(hi, 4))
        if not isinstance(players, int) or isinstance(players, bool) or not lo <= players <= hi:
            players = min(hi, 4)
        self.kinds = kinds
        self.players = players
        self.colors: list[str] = []
        self.first = "left"
        players_rect = (110, 538, 360, 44) if self.options else (110, 558, 500, 44)
        self.w_players = SegmentedChoice(
            "choice:players", [(str(n), str(n)) for n in range(lo, hi + 1)], players_rect,
            value=str(players), on_change=self._set_players, size=17,
        )
        self.widgets.add(self.w_players)
        # game options between "Players" and "Animation speed": choice:<key>:<value>
        saved_opts = saved.get("options", {}) if isinstance(saved.get("options"), dict) else {}
        x = 490
        for key, _label, values, default in self.options:
            allowed = [v for v, _ in values]
            value = saved_opts.get(key, default)
            self.option_values[key] = value if value in allowed else default
            w = 300 if len(values) > 2 or max(len(t) for _, t in values) > 4 else 130
            sc = SegmentedChoice(f"choice:{key}", values, (x, 538, w, 44), value=self.option_values[key],
                                 on_change=partial(self._set_option, key), size=15)
            self.widgets.add(sc)
            x += w + 20
        self.w_seat = []
        for i in range(hi):
            sc = SegmentedChoice(f"choice:seat{i}", PLAYER_KINDS, (560, self._row_y(i) - 22, 560, 44),
                                 value=kinds[i], on_change=partial(self._set_kind, i), size=17)
            sc.visible = i < players
            self.w_seat.append(sc)
            self.widgets.add(sc)

    def _row_y(self, i: int) -> int:
        """Centre y (logical px) of seat row ``i`` in the multi-seat layout (rows are tighter for
        six seats)."""
        if self.info.seats[1] > 5 or self.options:
            return 230 + 48 * i
        return 246 + 58 * i

    def _set_option(self, key: str, value: str) -> None:
        self.option_values[key] = value
        self._remember()

    def _build_two(self, saved: dict) -> None:
        # saved["seats"] is in SIDE order (left, right) for the UI
        kinds = list(saved.get("sides", saved.get("seats", ["human", "medium"])))[:2]
        while len(kinds) < 2:
            kinds.append("medium")
        kinds = [k if k in KIND_LABEL and k != "random" else "medium" for k in kinds]
        colors = list(saved.get("colors", ["R", "B"]))[:2]
        if sorted(colors) != ["B", "R"]:
            colors = ["R", "B"]
        first = saved.get("first_side", "left")
        if first not in ("left", "right", "random"):
            first = "left"
        self.kinds = kinds
        self.colors = colors
        self.first = first
        self.players = 2

        self.w_seat = []
        self.w_color = []
        for side in (0, 1):
            x = 110 if side == 0 else 660
            sc = SegmentedChoice(f"choice:seat{side}", PLAYER_KINDS, (x + 32, 318, 446, 48), value=kinds[side],
                                 on_change=partial(self._set_kind, side), size=18)
            cc = SegmentedChoice(f"choice:color{side}", [("R", "Red"), ("B", "Black")], (x + 32, 418, 446, 48),
                                 value=colors[side], on_change=partial(self._set_color, side), size=18,
                                 swatches=SEAT_COLOR_RGB)
            self.w_seat.append(sc)
            self.w_color.append(cc)
            self.widgets.add(sc)
            self.widgets.add(cc)

        self.w_first = SegmentedChoice(
            "choice:first", [("left", "Player A"), ("right", "Player B"), ("random", "Random")],
            (110, 558, 500, 44), value=first, on_change=self._set_first, size=17,
        )
        self.widgets.add(self.w_first)

    # -- choices ----------------------------------------------------------------------
    def _set_game(self, g: str) -> None:
        """Another game: rebuild this screen for it (its seats and options differ)."""
        if g == self.game:
            return
        scene = self.app.make_scene("setup", game=g)
        scene.fade.finish()
        if self.app.manager.top() is self:
            self.app.manager.replace(scene)
        else:
            self.game = g

    def _set_players(self, v: str) -> None:
        self.players = int(v)
        for i, sc in enumerate(self.w_seat):
            sc.visible = i < self.players
        self._remember()

    def _set_kind(self, side: int, v: str) -> None:
        self.kinds[side] = v
        self._remember()

    def _set_color(self, side: int, v: str) -> None:
        self.colors[side] = v
        self.colors[1 - side] = "B" if v == "R" else "R"
        self.w_color[1 - side].set_value(self.colors[1 - side])
        self._remember()

    def _set_first(self, v: str) -> None:
        self.first = v
        self._remember()

    def _set_speed(self, v: str) -> None:
        self.speed = v
        self.app.settings["animation_speed"] = v

    def _remember(self) -> None:
        if self.multi:
            self.app.settings.set_setup(self.game, {"seats": list(self.kinds), "players": self.players,
                                                    "options": dict(self.option_values)})
            return
        self.app.settings.set_setup(self.game, {
            "sides": list(self.kinds), "colors": list(self.colors), "first_side": self.first,
        })

    def _back(self) -> None:
        if len(self.app.manager) > 1:
            self.app.manager.pop()
        else:
            self.app.go_to_menu()

    def setup_kwargs(self, rng: random.Random | None = None) -> dict:
        """The play scene's kwargs for the current choices (KAITO: seat 0 = the side that moves first)."""
        if self.multi:
            seats = list(self.kinds[:self.players])
            out = dict(seats=seats, seed=None, names=default_names(seats), speed=self.app.settings.animation_factor)
            for key, value in self.option_values.items():  # "on"/"off" options are booleans
                out[key] = {"on": True, "off": False}.get(value, value)
            return out
        first = self.first
        if first == "random":
            first = (rng or random.Random()).choice(("left", "right"))
        order = [0, 1] if first == "left" else [1, 0]
        names_by_side = default_names(self.kinds)
        return dict(
            seats=[self.kinds[i] for i in order],
            colors=tuple(self.colors[i] for i in order),
            seed=None,
            names=[names_by_side[i] for i in order],
            speed=self.app.settings.animation_factor,
        )

    def start(self) -> None:
        self._remember()
        self.app.settings.save()
        kwargs = self.setup_kwargs()
        self.app.start_game(self.game, **kwargs)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self._back()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
                return True
        return super().handle_event(event)

    # -- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        draw_chrome(surface, app)
        draw_text(surface, app, "New game", (640, 62), 44, C.INK, bold=True)
        draw_text(surface, app, "勝負", (640, 106), 18, C.VERMILION, jp=True, decorative=True)
        if self.multi:
            self._draw_multi(surface)
        else:
            self._draw_two(surface)
        self.widgets.draw(surface, app)
        self.draw_fade(surface)

    def _draw_multi(self, surface: pygame.Surface) -> None:
        app = self.app
        vp = self.viewport
        hi = self.info.seats[1]
        step = self._row_y(1) - self._row_y(0)
        panel = pygame.Rect(110, self._row_y(0) - step / 2 - 12, 1060, step * hi + 24)
        draw_panel(surface, app, panel, radius=20)
        seats = self.kinds[:self.players]
        names = default_names(seats)
        for i in range(hi):
            y = self._row_y(i)
            on = i < self.players
            col = SEAT_RGB[i % len(SEAT_RGB)]
            if on:
                pygame.draw.circle(surface, col, vp.to_window((150, y)), vp.px(11))
                draw_text(surface, app, f"SEAT {i + 1}", (176, y), 13, C.INK_MUTED, bold=True, anchor="midleft")
                draw_text(surface, app, names[i], (256, y - 9), 21, C.INK, bold=True, anchor="midleft")
                nxt = names[(i + 1) % self.players]
                word = self.info.extra.get("next_label", "passes to")
                draw_text(surface, app, f"{word} {nxt}  →", (256, y + 14), 13, C.INK_MUTED, anchor="midleft")
            else:
                draw_text(surface, app, f"Seat {i + 1} — not playing", (176, y), 15, C.INK_MUTED, anchor="midleft")
        if self.options:
            draw_text(surface, app, "Players", (110, 520), 14, C.INK_SOFT, bold=True, anchor="midleft")
            x = 490
            for key, label, values, _default in self.options:
                draw_text(surface, app, label, (x, 520), 14, C.INK_SOFT, bold=True, anchor="midleft")
                x += (300 if len(values) > 2 or max(len(t) for _, t in values) > 4 else 130) + 20
            draw_text(surface, app, "Speed", (960, 520), 14, C.INK_SOFT, bold=True, anchor="midleft")
        else:
            draw_text(surface, app, "Players", (110, 538), 15, C.INK_SOFT, bold=True, anchor="midleft")
            draw_text(surface, app, "Animation speed", (660, 538), 15, C.INK_SOFT, bold=True, anchor="midleft")
        humans = seats.count("human")
        note = ("Two or more humans: a privacy screen hides each hand between turns."
                if humans >= 2 else self.info.extra.get("setup_note", ""))
        draw_text(surface, app, note, (640, 664), 14, C.INK_MUTED)

    def _draw_two(self, surface: pygame.Surface) -> None:
        app = self.app
        vp = self.viewport

        names = default_names(self.kinds)
        first_side = {"left": 0, "right": 1}.get(self.first)
        for side in (0, 1):
            x = 110 if side == 0 else 660
            panel = pygame.Rect(x, 210, 510, 300)
            draw_panel(surface, app, panel, radius=20)
            # colour band on the panel's left edge
            col = SEAT_COLOR_RGB[self.colors[side]]
            pygame.draw.rect(surface, col, vp.rect(x, 232, 8, 256), border_radius=vp.px(4))
            draw_text(surface, app, SIDE_LABEL[side].upper(), (x + 32, 238), 14, C.INK_MUTED, bold=True,
                      anchor="midleft")
            draw_text(surface, app, names[side], (x + 32, 268), 28, C.INK, bold=True, anchor="midleft")
            if first_side is None:
                role = "Random start"
            elif first_side == side:
                role = "Moves first"
            else:
                role = "Places the Kaito"
            rc = C.VERMILION if first_side == side else C.INK_SOFT
            draw_text(surface, app, role, (x + 478, 268), 16, rc, bold=first_side == side, anchor="midright")
            draw_text(surface, app, "Player", (x + 32, 302), 14, C.INK_MUTED, anchor="midleft")
            draw_text(surface, app, "Colour", (x + 32, 402), 14, C.INK_MUTED, anchor="midleft")
        draw_text(surface, app, "Who moves first", (110, 538), 15, C.INK_SOFT, bold=True, anchor="midleft")
        draw_text(surface, app, "Animation speed", (660, 538), 15, C.INK_SOFT, bold=True, anchor="midleft")
        draw_text(surface, app, "The other player places the Kaito on a blank square to begin.", (640, 664), 14,
                  C.INK_MUTED)
