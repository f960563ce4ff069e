"""New-game setup: game, the players (human or AI level per seat, and the people's names), speed,
undo and hints, and per game its own choices (a duel of two sides: colours and who starts; multi-seat
games: how many players).

UI ids (a duel of two sides, ``GameInfo.extra["sides"]``):
* ``choice:game:<name>``                       (only available games are selectable)
* ``choice:seat0:<human|easy|medium|hard>``    left player ("Player A")
* ``choice:seat1:<...>``                       right player ("Player B")
* ``field:name0``, ``field:name1``             the name of a human side (kind "field")
* ``choice:character0:<key>``, ``choice:character1:<key>``  the AI character playing an AI side
  (issue 36: the three of its level, :mod:`game.characters`; where a person's name field would be)
* ``choice:color0:<R|B>``, ``choice:color1:<R|B>``  (picking one sets the other)
* ``choice:first:<left|right|random>``         who moves first (the other side: ``extra["sides_role"]``)
* ``choice:undo:<on|off>``, ``choice:hint:<on|off>``  undo (default on) and hints (default off)
* ``choice:speed:<slow|normal|fast>``          animation speed
* ``button:start``, ``button:back``, ``button:host-online`` (games playable online in the app: the
  app's own server hosts the table, the first Human seat is you, the other Human seats are open to
  friends; scene ``online_host``)

Multi-seat games (``GameInfo.seats`` max > 2, e.g. 2-5):
* ``choice:players:<n>``                       number of seats
* ``choice:seat<i>:<human|easy|medium|hard>``  seat i (0-based), for i < n
* ``field:name<i>``                            the name of human seat i
* ``choice:character<i>:<key>``                the AI character playing AI seat i (one character
  plays one seat: those other seats play are disabled; a seat whose level has none left plays the
  plain level)
* ``choice:<key>:<value>``                     the game's own options (``extra["options"]``)

The choices, names included, are remembered in the settings (``settings.setup_for(game)``). Start
calls ``app.start_game(game, seats=[...], seed=None, names=[...], speed=f, undo=bool, hints=bool)``
(plus the game's own options, and ``characters``: per seat a character key or None) and, for a
duel of two sides, the colours with "who moves first" resolved into seat order (seat 0 moves first,
RULES.md). An empty name is the default one (``default_names``). When a game of this game is in progress it first asks
(:func:`scenes.shell.confirm.confirm_new_game`): nothing is replaced without "Abandon it".
Picking another game rebuilds the screen for that game.

The texts are English catalog texts (``N_``) translated when the screen is built or drawn
(game/i18n.py); a language change rebuilds it (:meth:`SetupScene.language_changed`).
"""
from __future__ import annotations

import random
from functools import partial
from typing import Any

import pygame

from game import characters as chars
from game.i18n import N_, _, pgettext
from scenes.kit.draw import (
    SEAT_COLOR_NAME,
    SEAT_COLOR_RGB,
    C,
    draw_chrome,
    draw_text,
    japanese_gloss,
)
from scenes.kit.textfield import TextField, clean_text
from scenes.kit.widgets import Button, SegmentedChoice, UIScene
from scenes.play.seats import NAME_MAX, default_names
from scenes.shell.catalog import GAME_LIST, GAMES_BY_NAME, OPTION_KWARGS
from scenes.shell.confirm import confirm_new_game
from scenes.shell.setup_cast import SetupCast
from scenes.shell.setup_draw import (  # noqa: F401  (setup_note: this module's API too)
    SIDE_LABEL,
    draw_multi,
    draw_two,
    setup_note,
)

#: The seat kinds offered (the labels: :func:`kind_choices`).
PLAYER_KINDS = [("human", "Human"), ("easy", "Easy"), ("medium", "Medium"), ("hard", "Hard")]
KIND_LABEL = dict(PLAYER_KINDS) | {"random": "Random"}
#: The animation speeds offered.
SPEED_CHOICES = [("slow", N_("Slow")), ("normal", N_("Normal")), ("fast", N_("Fast"))]
#: The options row (logical px): label baseline and the choices' top; its left and right ends.
ROW_LABEL_Y, ROW_Y, ROW_X0, ROW_X1 = 520, 538, 110, 1170


def kind_choices() -> list[tuple[str, str]]:
    """The seat-kind choice's options, in the language in use (a person, then the AI levels)."""
    return [("human", _("Human")),
            # Translators: an AI level on the setup screen (the choices of a seat: Human, Easy, Medium, Hard)
            ("easy", pgettext("AI level", "Easy")), ("medium", pgettext("AI level", "Medium")),
            ("hard", pgettext("AI level", "Hard"))]


def _choices(options: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """``(value, English catalog text)`` pairs as shown now."""
    return [(value, _(text)) for value, text in options]


class SetupScene(UIScene):
    """Choose the players of a new game. kwargs: ``game`` (default: the menu's first game)."""

    name = "setup"

    @property
    def characters(self) -> list[str | None]:
        """Per seat (side), the AI character playing it or None (:class:`SetupCast`)."""
        return self.cast.characters

    def __init__(self, app: Any, game: str = "", **kwargs: Any):
        super().__init__(app, **kwargs)
        if game not in GAMES_BY_NAME:
            game = GAME_LIST[0].name
        self.game = game
        self.info = GAMES_BY_NAME[game]
        self.multi = not self.info.extra.get("sides")  # (two sides with colours, who moves first)
        #: options offered here: (key, label, [(value, text)], default): the game's own, undo, hints
        self.options: list[tuple] = self.info.options
        self.option_values: dict[str, str] = {}
        #: the options row: (label, x) per column, drawn over the choices (labels: English catalog texts)
        self.row_labels: list[tuple[str, float]] = []
        self.speed = app.settings.get("animation_speed", "normal")
        if self.speed not in ("slow", "normal", "fast"):
            self.speed = "normal"
        available = [g for g in GAME_LIST if g.available and self.app.has_scene(g.scene)]
        self.w_game = SegmentedChoice(
            "choice:game", [(g.name, _(g.title)) for g in GAME_LIST], (390, 138, 500, 44), value=game,
            on_change=self._set_game, size=18,
            disabled=[g.name for g in GAME_LIST if g not in available],
        )
        self.widgets.add(self.w_game)
        saved = app.settings.setup_for(game)
        self.names = self._saved_names(saved)
        row: list[tuple[str, SegmentedChoice]] = []
        if self.multi:
            row += self._build_multi(saved)
        else:
            row += self._build_two(saved)
        row += self._build_options(saved)
        self.w_speed = SegmentedChoice(
            "choice:speed", _choices(SPEED_CHOICES), (0, ROW_Y, 210, 44),
            value=self.speed, on_change=self._set_speed, size=15,
        )
        row.append((N_("Speed"), self.widgets.add(self.w_speed)))
        self._lay_out_row(row)
        self.widgets.add(Button("button:back", _("Back"), (110, 636, 180, 56), self._back, style="secondary",
                                size=20))
        self.widgets.add(Button("button:start", _("Start game"), (890, 632, 280, 62), self.start, style="primary",
                                size=24))
        # a real button of its own beside Start (issue 33, item 7; it was a thin strip above it)
        self.widgets.add(Button("button:host-online", _("Host online"), (600, 632, 270, 62), lambda: (
            self.app.manager.push(self.app.make_scene("online_host", game=game, setup=self.setup_kwargs()))),
            "secondary", 21))  # (issue 24: Humans but you: friends)
        # each name field just before its seat's choice: Tab reaches it in reading order (a click
        # elsewhere ends its editing: handle_event)
        self.fields: list[TextField] = []
        for i in range(len(self.kinds)):
            field = TextField(f"field:name{i}", self._field_rect(i), self.names[i], max_len=NAME_MAX,
                              size=17 if self.multi else 21, on_change=partial(self._set_name, i))
            self.widgets.widgets.insert(self.widgets.widgets.index(self.w_seat[i]), field)
            self.fields.append(field)
        self._sync_fields()
        #: each AI seat's character, where its name field would be (issue 36)
        self.cast = SetupCast(self, saved)

    # -- building -----------------------------------------------------------------------
    def _saved_names(self, saved: dict) -> list[str]:
        """The remembered typed names, one per seat (side for a duel of two sides); "" for the default."""
        n = self.info.seats[1] if self.multi else 2
        raw = saved.get("names")
        raw = raw if isinstance(raw, list) else []
        out = [clean_text(v, NAME_MAX).strip() if isinstance(v, str) else "" for v in raw[:n]]
        return out + [""] * (n - len(out))

    def _build_multi(self, saved: dict) -> list[tuple[str, SegmentedChoice]]:
        """Seat count + one kind choice per seat (games for 2..max seats); returns the row's column."""
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
        self.w_players = SegmentedChoice(
            "choice:players", [(str(n), str(n)) for n in range(lo, hi + 1)], (0, ROW_Y, 52 * (hi - lo + 1), 44),
            value=str(players), on_change=self._set_players, size=17,
        )
        if lo < hi:  # (a game for exactly n seats offers no choice of how many)
            self.widgets.add(self.w_players)
        self.w_seat = []
        for i in range(hi):
            sc = SegmentedChoice(f"choice:seat{i}", kind_choices(), (600, self.row_y(i) - 22, 540, 44),
                                 value=kinds[i], on_change=partial(self._set_kind, i), size=17)
            sc.visible = i < players
            self.w_seat.append(sc)
            self.widgets.add(sc)
        return [(N_("Players"), self.w_players)] if lo < hi else []

    def _build_options(self, saved: dict) -> list[tuple[str, SegmentedChoice]]:
        """The option choices (``choice:<key>:<value>``) for the row."""
        saved_opts = saved.get("options", {}) if isinstance(saved.get("options"), dict) else {}
        out = []
        for key, label, values, default in self.options:
            allowed = [v for v, _text in values]
            value = saved_opts.get(key, default)
            self.option_values[key] = value if value in allowed else default
            w = 250 if len(values) > 2 or max(len(t) for _value, t in values) > 4 else 130
            sc = SegmentedChoice(f"choice:{key}", _choices(values), (0, ROW_Y, w, 44), value=self.option_values[key],
                                 on_change=partial(self._set_option, key), size=15)
            out.append((label, self.widgets.add(sc)))
        return out

    def _lay_out_row(self, row: list[tuple[str, SegmentedChoice]]) -> None:
        """Spread the row's choices from ``ROW_X0`` to ``ROW_X1`` with equal gaps; a roomy row
        widens its first and last choice (to 360 / 300 px at most) rather than leave wide gaps."""
        gaps = max(1, len(row) - 1)
        spare = ROW_X1 - ROW_X0 - sum(w.rect.w for _label, w in row) - 40 * gaps
        for w, cap in ((row[0][1], 360), (row[-1][1], 300)):
            add = max(0, min(spare, cap - w.rect.w))
            w.rect.w += add
            spare -= add
        gap = (ROW_X1 - ROW_X0 - sum(w.rect.w for _label, w in row)) / gaps
        x = float(ROW_X0)
        for label, w in row:
            w.rect.x = round(x)
            if w is self.w_speed and w.rect.w >= 260:
                label = N_("Animation speed")
            self.row_labels.append((label, w.rect.x))
            x += w.rect.w + gap

    def row_y(self, i: int) -> int:
        """Centre y (logical px) of seat row ``i`` in the multi-seat layout (tighter for six seats)."""
        return 230 + (48 if self.info.seats[1] > 5 else 54) * i

    def _field_rect(self, i: int) -> pygame.Rect:
        """Where seat (side) ``i``'s name field is (logical px)."""
        if self.multi:
            return pygame.Rect(250, self.row_y(i) - 23, 300, 27)
        return pygame.Rect((110 if i == 0 else 660) + 28, 248, 290, 42)

    def _sync_fields(self) -> None:
        """Show a name field for each human seat in play, with its default name as placeholder."""
        names = default_names(self._seat_kinds())
        for i, f in enumerate(self.fields):
            on = self.kinds[i] == "human" and (i < self.players)
            if not on:
                f.blur()
            f.visible = on
            f.placeholder = names[i] if i < len(names) else ""

    def _seat_kinds(self) -> list[str]:
        """The kinds of the seats in play (sides for a duel of two sides)."""
        return list(self.kinds[:self.players])

    def _build_two(self, saved: dict) -> list[tuple[str, SegmentedChoice]]:
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
            sc = SegmentedChoice(f"choice:seat{side}", kind_choices(), (x + 32, 324, 446, 48), value=kinds[side],
                                 on_change=partial(self._set_kind, side), size=18)
            colours = _choices([("R", SEAT_COLOR_NAME["R"]), ("B", SEAT_COLOR_NAME["B"])])
            cc = SegmentedChoice(f"choice:color{side}", colours, (x + 32, 422, 446, 48),
                                 value=colors[side], on_change=partial(self._set_color, side), size=18,
                                 swatches=SEAT_COLOR_RGB)
            self.w_seat.append(sc)
            self.w_color.append(cc)
            self.widgets.add(sc)
            self.widgets.add(cc)

        self.w_first = SegmentedChoice(
            "choice:first",
            [("left", _(SIDE_LABEL[0])), ("right", _(SIDE_LABEL[1])),
             # Translators: who moves first in a duel: Player A, Player B or chosen at random
             ("random", pgettext("who moves first", "Random"))],
            (0, ROW_Y, 330, 44), value=first, on_change=self._set_first, size=16,
        )
        self.widgets.add(self.w_first)
        return [(N_("Who moves first"), self.w_first)]

    # -- choices ----------------------------------------------------------------------
    def _set_option(self, key: str, value: str) -> None:
        self.option_values[key] = value
        self.remember()

    def _set_name(self, i: int, text: str) -> None:
        self.names[i] = text.strip()
        self.remember()

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
        self._sync_fields()
        self.cast.refresh()
        self.remember()

    def _set_kind(self, side: int, v: str) -> None:
        self.kinds[side] = v
        self._sync_fields()
        self.cast.refresh()
        self.remember()

    def _set_color(self, side: int, v: str) -> None:
        self.colors[side] = v
        self.colors[1 - side] = "B" if v == "R" else "R"
        self.w_color[1 - side].set_value(self.colors[1 - side])
        self.remember()

    def _set_first(self, v: str) -> None:
        self.first = v
        self.remember()

    def _set_speed(self, v: str) -> None:
        self.speed = v
        self.app.settings["animation_speed"] = v

    def remember(self) -> None:
        """Keep the choices in the settings (per game: seats, names, options, characters...)."""
        common = {"options": dict(self.option_values), "names": list(self.names),
                  "characters": list(getattr(self, "characters", []))}
        if self.multi:
            self.app.settings.set_setup(self.game, {"seats": list(self.kinds), "players": self.players, **common})
            return
        self.app.settings.set_setup(self.game, {
            "sides": list(self.kinds), "colors": list(self.colors), "first_side": self.first, **common,
        })

    def language_changed(self) -> "SetupScene":
        """The language changed: the screen again, in it (its choices are built once; the choices
        are in the settings)."""
        self.remember()
        scene = type(self)(self.app, game=self.game)
        scene.fade.finish()
        return scene

    def _back(self) -> None:
        if len(self.app.manager) > 1:
            self.app.manager.pop()
        else:
            self.app.go_to_menu()

    def player_names(self) -> list[str]:
        """One name per seat in play (sides for a duel of two sides): the typed name of a human seat, an
        AI character's name, else the default (``default_names``)."""
        kinds = self._seat_kinds()
        names = default_names(kinds)
        cast = getattr(self, "characters", [])
        out = []
        for i, kind in enumerate(kinds):
            if kind == "human":
                out.append(self.names[i] or names[i])
            elif i < len(cast) and cast[i]:
                out.append(chars.name_of(cast[i]))
            else:
                out.append(names[i])
        return out

    def setup_kwargs(self, rng: random.Random | None = None) -> dict:
        """The play scene's kwargs for the current choices (two sides: seat 0 = the side that moves first):
        ``seats``, ``seed`` (None), ``names``, ``speed``, ``undo``, ``hints`` (bools), the game's own
        options (``"on"``/``"off"`` as bools), and for a two-seat game the seats' ``colors``."""
        options: dict[str, Any] = {}
        for key, value in self.option_values.items():  # "on"/"off" options are booleans
            options[OPTION_KWARGS.get(key, key)] = {"on": True, "off": False}.get(value, value)
        names = self.player_names()
        speed = self.app.settings.animation_factor
        cast = list(self.characters[:self.players])
        if any(cast):
            options["characters"] = cast
        if self.multi:
            seats = self._seat_kinds()
            return dict(seats=seats, seed=None, names=names, speed=speed, **options)
        first = self.first
        if first == "random":
            first = (rng or random.Random()).choice(("left", "right"))
        order = [0, 1] if first == "left" else [1, 0]
        if "characters" in options:
            options["characters"] = [cast[i] for i in order]
        return dict(seats=[self.kinds[i] for i in order], colors=tuple(self.colors[i] for i in order), seed=None,
                    names=[names[i] for i in order], speed=speed, **options)

    def start(self) -> None:
        """Start the game with these choices — after a confirm if a game of it is in progress."""
        for f in self.fields:
            f.blur()
        self.remember()
        self.app.settings.save()
        kwargs = self.setup_kwargs()
        confirm_new_game(self.app, self.game, lambda: self.app.start_game(self.game, **kwargs), _(self.info.title))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN:
            for f in self.fields:  # a click ends the editing of every field it is not on
                if not f.rect.collidepoint(event.pos):
                    f.blur()
        focused = next((f for f in self.fields if f.focused), None)
        if focused is not None and event.type in (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT) \
                and (focused.handle_event(event) or event.type != pygame.KEYDOWN):
            return True  # (Tab is the focus ring's: it goes on from the field, ending its editing)
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self._back()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not self.widgets.focus.keyboard:
                self.start()  # (with the focus ring shown, Enter acts on the focused element)
                return True
        return super().handle_event(event)

    # -- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        draw_chrome(surface, app)
        draw_text(surface, app, _("New game"), (640, 62), 44, C.INK, bold=True)
        draw_text(surface, app, japanese_gloss("勝負"), (640, 106), 18, C.VERMILION, jp=True, decorative=True)
        if self.multi:
            draw_multi(self, surface)
        else:
            draw_two(self, surface)
        for label, x in self.row_labels:
            draw_text(surface, app, _(label), (x, ROW_LABEL_Y), 14, C.INK_SOFT, bold=True, anchor="midleft")
        self.widgets.draw(surface, app)
        self.draw_fade(surface)
