"""The score-screen base every game's score screen extends: the headline (victory, defeat, a
shared win), the end reason, what decided the game in one whole sentence, a panel per seat, the
winner's stamp, and the ``button:menu`` / ``button:review`` / ``button:rematch`` buttons (Esc: menu,
Enter: rematch).

What decided the game is the core's own sentence (issue 10 §3): the game's end event
(``<game>.end``, e.g. :class:`game.kaito.events.GameEnded`) told by its ``describe(names)``. The
event comes from the ``end`` keyword, else from replaying the ``record`` keyword (the game record,
``match.record()``) with the core (:func:`end_event`); without either, the outcome's description.

``button:review`` opens the replay viewer (the ``"replay"`` scene, when registered) on the record:
``make_scene("replay", record=record, setup=setup, at="end")`` — it opens on the final position, so
the player steps back from how the game ended; it is not shown without a record or without a
replay scene.

The profile's lines (issue 36), when the app keeps ratings and achievements (``app.ratings`` /
``app.achievements``: their ``score_line(game_id)``): what the game did to the rating ("Rating:
+38, now 1,240", or why it is not rated) in a card at the headline's right, and the achievements it
earned in a card at its left.

UI ids: ``button:rematch`` (same setup, new seed), ``button:review``, ``button:menu``; the cards
``rating-line`` and ``earned-line`` (kind ``text``, their sentence as label).
"""
from __future__ import annotations

import logging
from typing import Any, Sequence

import pygame

from game import registry
from game.core import Event
from game.i18n import _
from game.telling import describe
from scenes.kit.draw import (
    C,
    draw_chrome,
    draw_hanko,
    draw_panel,
    draw_text,
    drawn_size,
    japanese_gloss,
    text_width,
    wrap_text,
)
from scenes.kit.tween import Tween, ease_out_back
from scenes.kit.scene import UIElement
from scenes.kit.widgets import Button, UIScene
from scenes.play.seats import default_names, level_label

log = logging.getLogger("tatami.score")

#: The buttons' row (logical px): top, height, width and the gap between two.
BUTTON_Y, BUTTON_H, BUTTON_W, BUTTON_GAP = 624, 60, 220, 40
#: The widest line of the sentence under the headline (logical px) and its text size.
SENTENCE_W, SENTENCE_SIZE = 1080, 19
#: The profile's cards beside the headline (logical px): the rating's at the right, the
#: achievements' at the left, and their text size.
RATING_CARD, EARNED_CARD, CARD_SIZE = pygame.Rect(940, 18, 320, 100), pygame.Rect(20, 18, 320, 100), 15


def end_event(record: Any, game_name: str | None = None) -> Event | None:
    """The end event (the last event whose ``KIND`` ends in ``.end``) of the finished game in
    ``record`` (a tatami-record/1 dict), replayed with the core (``Game.from_record``); None when
    ``record`` is None, not a finished game, or cannot be replayed (logged, never raised).
    ``game_name`` is used when the record names no game."""
    if not isinstance(record, dict):
        return None
    try:
        state = registry.get(str(record.get("game") or game_name)).from_record(record)
    except Exception as e:  # RecordError, ActionError, KeyError (unknown game): no sentence, no crash
        log.warning("score: cannot replay the game record (%s)", " ".join(str(e).split())[:200])
        return None
    for event in reversed(state.events):
        if event.KIND.endswith(".end"):
            return event
    return None


class ScoreScene(UIScene):
    """Final result (the base of every game's score screen).

    kwargs:
        game_name: the game's registry name (``"kaito"``); the rematch starts it again.
        outcome: object with ``winners`` (tuple of seats), ``reason`` (code), ``description``,
            ``scores`` (per seat) — e.g. ``game.core.Outcome``. May be None (abandoned game).
        seats: per seat "human" | "random" | "easy" | "medium" | "hard".
        names: per seat display names.
        setup: kwargs to start the rematch with (``app.start_game(game_name, **setup)``);
            defaults to seats/names; ``seed`` is always reset to None. Also handed to the replay
            viewer.
        record: the game record (``match.record()``, a tatami-record/1 dict) or None: the replay
            viewer's input, and where the end event comes from when ``end`` is not given.
        end: the game's end event (``<game>.end``), or None (then from ``record``).
        game_id: the game's id in the profile's stores (its rating and achievements lines), or None.

    ``description`` is what decided the game in one whole sentence (:meth:`decided_sentence`; ""
    when nothing tells it). Subclasses draw each seat's panel (:meth:`_draw_seat`) or the whole
    body, may map reason codes to short labels in ``reason_labels`` (English catalog texts, ``N_``:
    translated when drawn) and may name the seats differently in the sentence (:meth:`sentence_names`).
    """

    name = "score"
    #: reason code -> short label shown in the pill under the headline (``N_``-marked English, shown
    #: translated; default: the code, humanised)
    reason_labels: dict[str, str] = {}

    def __init__(
        self,
        app: Any,
        game_name: str = "",
        outcome: Any = None,
        seats: Sequence[str] = ("human", "medium"),
        names: Sequence[str] | None = None,
        setup: dict | None = None,
        record: dict | None = None,
        end: Event | None = None,
        game_id: str | None = None,
        **kwargs: Any,
    ):
        super().__init__(app, **kwargs)
        self.game_name = game_name
        self.outcome = outcome
        self.seats = list(seats)
        n = len(self.seats)
        self.names = list(names) if names else default_names(self.seats)
        self.winners = tuple(getattr(outcome, "winners", ()) or ())
        sc = getattr(outcome, "scores", None)
        self.scores = list(sc) if sc else [0] * n
        self.reason = getattr(outcome, "reason", "") or ""
        self.record = record if isinstance(record, dict) else None
        self.end = end if end is not None else end_event(self.record, game_name)
        told = outcome.text() if hasattr(outcome, "text") else getattr(outcome, "description", "")
        self.description = self.decided_sentence() or told or ""
        self.setup = dict(setup) if setup else self.default_setup()
        self.setup["seed"] = None
        self.game_id = game_id
        self.stamp = Tween(0.0, 1.0, 520, ease_out_back, delay_ms=260)
        #: the profile's lines: (UI id, card, sentence) of what this game did to the rating and earned
        lines = [(uid, card, str(getattr(app, store).score_line(game_id)))
                 for uid, card, store in (("rating-line", RATING_CARD, "ratings"), ("earned-line", EARNED_CARD,
                                                                                   "achievements"))
                 if game_id and getattr(app, store, None) is not None]
        self.progress = [line for line in lines if line[2]]
        #: each card's lines, text size and line step, by (sentence, window scale)
        self.card_lines: dict[tuple[str, float], tuple[list[str], float, float]] = {}
        labels = [("button:menu", _("Main menu"), self.to_menu, "secondary", 21)]
        if self.can_review():
            labels.append(("button:review", _("Review game"), self.review, "secondary", 21))
        labels.append(("button:rematch", _("Rematch"), self.rematch, "primary", 22))
        x0 = 640 - (len(labels) * BUTTON_W + (len(labels) - 1) * BUTTON_GAP) / 2
        for i, (uid, label, action, style, size) in enumerate(labels):
            self.widgets.add(Button(uid, label, (x0 + i * (BUTTON_W + BUTTON_GAP), BUTTON_Y, BUTTON_W, BUTTON_H),
                                    action, style=style, size=size))

    def default_setup(self) -> dict:
        """The rematch setup when none was given: the same seats and names."""
        return dict(seats=list(self.seats), names=list(self.names))

    def sentence_names(self) -> list[str]:
        """The seat names the end event's sentence is told with (default: :attr:`names`)."""
        return list(self.names)

    def decided_sentence(self) -> str:
        """What decided the game, in one whole sentence: the end event's ``describe`` with
        :meth:`sentence_names`; "" without an end event."""
        if self.end is None:
            return ""
        try:
            return str(describe(self.end, self.sentence_names()))
        except Exception:  # a sentence that cannot be told must not keep the score screen away
            log.exception("score: cannot tell the end event %r", self.end)
            return ""

    # -- actions ----------------------------------------------------------------------
    def can_review(self) -> bool:
        """True when ``button:review`` is offered: a record to replay and a replay scene."""
        has_scene = getattr(self.app, "has_scene", None)
        return self.record is not None and has_scene is not None and bool(has_scene("replay"))

    def review(self) -> None:
        """Open the replay viewer on this game's record (replacing this screen) with the rematch
        setup (tuples as lists, as in a saved setup); nothing happens without a record or a replay
        scene, or when the viewer cannot be built (logged)."""
        if not self.can_review():
            return
        setup = {k: list(v) if isinstance(v, tuple) else v for k, v in self.setup.items()}  # JSON types
        try:
            scene = self.app.make_scene("replay", record=self.record, setup=setup, at="end")
        except Exception:
            log.exception("score: cannot open the replay viewer")
            return
        self.app.manager.replace(scene)

    def rematch(self) -> None:
        self.app.start_game(self.game_name, **self.setup)

    def to_menu(self) -> None:
        self.app.go_to_menu()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.to_menu()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not self.widgets.focus.keyboard:
                self.rematch()
                return True
        return super().handle_event(event)

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        self.stamp.update(dt_ms)

    def busy(self) -> bool:
        return super().busy() or not self.stamp.done

    # -- text -------------------------------------------------------------------------
    def headline(self) -> tuple[str, str]:
        """(headline in the language in use, Japanese word) for the result as seen by the players."""
        if not self.winners:
            return (_("Game over"), "おわり")
        if len(self.winners) > 1:
            return (_("A shared victory"), "ひきわけ")
        w = self.winners[0]
        humans = [i for i, s in enumerate(self.seats) if s == "human"]
        if len(humans) == 1:
            return (_("Victory!"), "勝ち") if w == humans[0] else (_("Defeat"), "負け")
        # Translators: the score screen's headline when one of several people won
        return (_("{name} wins").format(name=self.names[w]), "勝ち")

    def ui_elements(self) -> list[UIElement]:
        return super().ui_elements() + [UIElement(uid, "text", card, label=text) for uid, card, text in self.progress]

    # -- drawing ----------------------------------------------------------------------
    def draw_progress(self, surface: pygame.Surface) -> None:
        """The profile's cards (:attr:`progress`): each sentence on at most three lines in its card
        (gold-edged for the achievements)."""
        app = self.app
        for uid, card, text in self.progress:
            draw_panel(surface, app, card, radius=14, border=C.GOLD if uid == "earned-line" else C.PAPER_EDGE)
            key = (text, app.viewport.scale)
            if key not in self.card_lines:  # wrapped once per window size
                size = float(CARD_SIZE)
                while True:  # rather smaller than a lost word: every line within the card
                    lines = wrap_text(app, text, size, card.w - 24)
                    step = drawn_size(app, size, text) * 1.2
                    if len(lines) * step <= card.h - 10 or size <= 9:
                        break
                    size -= 1
                self.card_lines[key] = (lines, size, step)
            lines, size, step = self.card_lines[key]
            y0 = card.centery - step * (len(lines) - 1) / 2
            for i, line in enumerate(lines):
                draw_text(surface, app, line, (card.centerx, y0 + i * step), size, C.INK)

    def draw_headline(self, surface: pygame.Surface, y: float, size: float, jp_y: float, jp_size: float) -> None:
        """The :meth:`headline` centred at logical ``(640, y)`` (``size`` px, ink, soft shadow) and
        its Japanese word at ``(640, jp_y)`` (``jp_size`` px, vermilion); the profile's cards
        beside it (:meth:`draw_progress`)."""
        self.draw_progress(surface)
        head, jp = self.headline()
        draw_text(surface, self.app, head, (640, y), size, C.INK, bold=True, shadow=(0, 0, 0, 40),
                  shadow_offset=2.5)
        draw_text(surface, self.app, japanese_gloss(jp), (640, jp_y), jp_size, C.VERMILION, jp=True, decorative=True)

    def draw_reason_pill(self, surface: pygame.Surface, label: str, y: float) -> None:
        """``label`` (why the game ended) in a dark pill centred at logical ``(640, y)``."""
        app = self.app
        vp = self.viewport
        w = text_width(app, label, 14, bold=True) + 28
        pygame.draw.rect(surface, C.INK, vp.rect(640 - w / 2, y - 14, w, 28), border_radius=vp.px(14))
        draw_text(surface, app, label, (640, y), 14, C.GOLD_LIGHT, bold=True)

    def draw_sentence(self, surface: pygame.Surface, y: float, max_lines: int = 2) -> float:
        """:attr:`description` centred from logical ``y`` (the first line's centre), wrapped to
        :data:`SENTENCE_W` in at most ``max_lines`` lines (ink soft, :data:`SENTENCE_SIZE` px);
        returns the y just below the last line."""
        if not self.description:
            return y
        app = self.app
        lines = wrap_text(app, self.description, SENTENCE_SIZE, SENTENCE_W)
        size = float(SENTENCE_SIZE)
        if len(lines) > max_lines:  # rather a smaller size than a lost word
            size = SENTENCE_SIZE * 0.86
            lines = wrap_text(app, self.description, size, SENTENCE_W)
        step = size * 1.3
        for i, line in enumerate(lines):
            draw_text(surface, app, line, (640, y + i * step), size, C.INK_SOFT)
        return y + step * (len(lines) - 0.5)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        draw_chrome(surface, app)
        self.draw_headline(surface, 62, 52, 108, 20)
        y = 146
        if self.reason:
            label = (_(self.reason_labels[self.reason]) if self.reason in self.reason_labels
                     else self.reason.replace("-", " ").capitalize())
            self.draw_reason_pill(surface, label, y)
            y += 36
        self.draw_sentence(surface, y)

        n = max(1, len(self.seats))
        pw, gap = 500, 40
        x0 = 640 - (n * pw + (n - 1) * gap) / 2
        for i in range(len(self.seats)):
            self._draw_seat(surface, i, pygame.Rect(x0 + i * (pw + gap), 238, pw, 362))
        self.widgets.draw(surface, app)
        self.draw_fade(surface)

    def _draw_seat(self, surface: pygame.Surface, i: int, r: pygame.Rect) -> None:
        """Seat ``i``'s panel in logical rect ``r``: its name, kind and score (subclasses add more)."""
        app = self.app
        won = i in self.winners
        draw_panel(surface, app, r, radius=22, border=C.GOLD if won else C.PAPER_EDGE)
        draw_text(surface, app, self.names[i], (r.x + 36, r.y + 40), 26, C.INK, bold=True, anchor="midleft")
        kind = level_label(self.seats[i], self.seats[i])
        draw_text(surface, app, kind, (r.x + 36, r.y + 70), 15, C.INK_MUTED, anchor="midleft")
        score = self.scores[i] if i < len(self.scores) else 0
        draw_text(surface, app, str(score), (r.right - 36, r.y + 52), 48, C.VERMILION if won else C.INK, bold=True,
                  anchor="midright")
        self.draw_stamp(surface, i, r)

    def draw_stamp(self, surface: pygame.Surface, i: int, r: pygame.Rect) -> None:
        """The winner's 勝 stamp in the bottom-right corner of seat ``i``'s panel ``r`` (animated)."""
        if i in self.winners and self.stamp.elapsed_ms > self.stamp.delay_ms:
            size = 78 * max(0.05, self.stamp.value)
            draw_hanko(surface, self.app, (r.right - 60, r.bottom - 58), size, "勝", tilt=-10)
