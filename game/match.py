"""A game in progress apart from pixels: :class:`Match` (issue 9 §3; headless, never imports pygame).

A Match owns the state, who sits at each seat (``"human"`` or a bot level), the seat names, the
deal seed and options, the bots and, for the app, the :class:`game.worker.AIWorker` they think in.
The play scenes and ``python -m game play`` both drive games through it, so the AI drive loop
exists once:

* the app calls :meth:`Match.drive` once per frame while nothing animates: it asks the worker
  for the choice of the next bot seat to act and applies the answer once it is ready (a
  :class:`Move` whose ``events`` the scene animates), and :meth:`Match.think_ahead` while it
  animates (the next bot seat thinks meanwhile; nothing is applied);
* headless code (``synchronous=True``, no worker) calls :meth:`Match.step_bots` or
  :meth:`Match.run_bots_until_human`: the bots choose in-process.

In a simultaneous phase (Sushi Draft) every bot chooses from the view it had when the phase
began: all bot views are taken before any choice of the phase is applied, whatever order the
choices are applied in (the choices are blind).

People act through :meth:`Match.apply`. After every applied action the Match remembers a
:class:`Checkpoint` where a human is to act; :meth:`Match.undo_points` lists those an undo may
return to (never past an event whose class is ``IRREVERSIBLE``, never past another human's
action) and :meth:`Match.undo_to` goes back to one.

Seeding (the app's, kept exactly): the deal is ``game.new_state(n, Random(seed), **options)``;
seat ``s``'s bot draws from ``Random(seed * 31 + s + 1)``; the worker's fallback moves from
``Random(seed + 7)``; a bot answer the state rejects is replaced by
``Random(seed + len(history)).choice(legal)``. A level the game has no bot for plays random
actions (logged).
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from .ai import RandomBot
from .ai import make_bot as make_local_bot
from .core import ActionError, Event, Game, GameState, Outcome
from .hints import HINT_LEVEL, Hint, Hints
from .i18n import _
from .undo import HUMAN, Checkpoint, UndoPoints
from .worker import AIWorker, BotHandle
from .worker import make_bot as make_worker_bot

log = logging.getLogger("tatami.play")

#: Safety net of :meth:`Match.run_bots_until_human`: no game of Tatami needs this many steps.
MAX_BOT_STEPS = 100_000


@dataclass(frozen=True)
class Move:
    """One action the Match applied.

    Attributes:
        seat: the acting seat.
        action: the action string (RULES.md notation).
        events: the events it caused, full information (``state.events[first_event:]`` right
            after it); :meth:`Match.events_for` gives them as a seat may know them.
        first_event: index of ``events[0]`` in the full log (the event count before the action).
        ply: actions applied so far, this one included (``len(state.history)``).
    """

    seat: int
    action: str
    events: tuple[Event, ...]
    first_event: int
    ply: int


def _log(state: GameState) -> list[Event]:
    """``state.events``; a state without a log (a minimal test double) has no events."""
    return getattr(state, "events", None) or []


class Match(UndoPoints):
    """A game in progress: state, seats, names, bots, AI worker, views, privacy and undo points.

    Args:
        game: the rules (:class:`game.core.Game`).
        seats: one kind per seat: ``"human"`` or a bot level (``"random"``, ``"easy"``, ...;
            case-insensitive; an unknown level plays random actions, logged).
        seed: deal and bot seed (int); None picks a random one (``self.seed`` is always an int).
        state: a position to play from (a continued save, tests) instead of a new deal; its seat
            count must match ``seats``.
        names: one display name per seat (default ``"Seat 1"``, ``"Seat 2"``, ... in the language in
            use when the Match is built).
        options: keyword options of ``game.new_state`` (e.g. KAITO's ``colors``), for a new deal.
        bots: bot objects (anything with ``choose(view) -> str``) by seat, replacing the ones the
            Match would build for those seats (``python -m game play``, tests).
        characters: by AI seat, the key of the character playing it (:mod:`game.characters`,
            issue 36): its bot is the seat's level with the character's options (the level
            ``level@key``); an unknown key plays the plain level (logged).
        synchronous: True for headless use: plain ``game.ai`` bots chosen in-process
            (:meth:`step_bots`), no worker. False (the app): :class:`game.worker.BotHandle` bots
            and an AI worker (:meth:`drive`).
        think_ms: the worker's minimum thinking time per AI choice (ms; the caller divides by
            its animation speed).
        worker: an AI worker to use instead of a new ``AIWorker(min_think_ms=think_ms,
            rng=Random(seed + 7), prestart=...)`` (tests inject a thread-mode worker or a clock).

    Raises:
        ValueError: a seat count outside the game's range, wrong number of names, or a state
            with another seat count.
        TypeError, ValueError: from ``game.new_state`` (bad options).
    """

    def __init__(self, game: Game, seats: Sequence[str], seed: int | None = None, *,
                 state: GameState | None = None, names: Sequence[str] | None = None,
                 options: Mapping[str, Any] | None = None, bots: Mapping[int, Any] | None = None,
                 synchronous: bool = False, think_ms: float = 0.0, worker: AIWorker | None = None,
                 characters: Mapping[int, str] | None = None) -> None:
        self.game = game
        self.seats: list[str] = [str(s).lower() for s in seats]
        n = len(self.seats)
        if not game.min_seats <= n <= game.max_seats:
            raise ValueError(f"{game.name} needs {game.min_seats} to {game.max_seats} seats, not {n}")
        if names is not None and len(names) != n:
            raise ValueError(f"{len(names)} names for {n} seats")
        self.names: list[str] = [str(x) for x in names] if names is not None else [
            _("Seat {n}").format(n=i + 1) for i in range(n)]
        self.seed: int = seed if seed is not None else random.randrange(1 << 30)
        self.options: dict[str, Any] = dict(options or {})
        if state is None:
            state = game.new_state(n, random.Random(self.seed), **self.options)
        if state.num_seats != n:
            raise ValueError(f"the state has {state.num_seats} seats, not {n}")
        self.state: GameState = state
        self.synchronous = bool(synchronous)
        self.bots: dict[int, Any] = {}
        #: by AI seat, the character playing it (issue 36)
        self.characters: dict[int, str] = {s: k for s, k in (characters or {}).items()
                                           if 0 <= s < n and self.seats[s] != HUMAN and isinstance(k, str)}
        for s, level in enumerate(self.seats):
            if level != HUMAN:
                played = f"{level}@{self.characters[s]}" if s in self.characters else level
                self.bots[s] = bots[s] if bots is not None and s in bots else self._make_bot(s, played)
        self.worker: AIWorker | None = None
        if not self.synchronous:
            self.worker = worker if worker is not None else AIWorker(
                min_think_ms=think_ms, rng=random.Random(self.seed + 7),
                prestart=any(isinstance(b, BotHandle) for b in self.bots.values()))
        self.checkpoints: list[Checkpoint] = []
        self._views: dict[int, Any] = {}
        self._phase_views: dict[int, Any] = {}
        self._pending: int | None = None  # the bot seat the worker is thinking for
        #: counts decisions: +1 per action of a turn-based game, per phase of a simultaneous one,
        #: per jump (undo, set_state); a hint is about one position (:mod:`game.hints`)
        self.position = 0
        #: per human seat, the lowest ply an undo by that seat may return to: another human's
        #: action closes the earlier ones for good, even if that action is undone later
        self._undo_floor: dict[int, int] = {}
        #: the hard bot's suggestions for people (:class:`game.hints.Hints`)
        self.hints = Hints(self)
        self._begin_phase()
        self._checkpoint()

    def _make_bot(self, seat: int, level: str) -> Any:
        """Seat ``seat``'s bot from ``Random(seed * 31 + seat + 1)``; RandomBot for an unknown level."""
        rng = random.Random(self.seed * 31 + seat + 1)
        try:
            if self.synchronous:
                return make_local_bot(self.game.name, level, rng)
            return make_worker_bot(self.game.name, level, rng)
        except Exception as exc:
            if "@" in level:  # an unknown character: the plain level
                log.warning("%s: no character %s (%s); seat %d plays the plain level", self.game.name, level,
                            exc, seat)
                self.characters.pop(seat, None)
                return self._make_bot(seat, level.partition("@")[0])
            log.warning("%s: no %s AI (%s: %s); seat %d plays random actions", self.game.name, level,
                        type(exc).__name__, exc, seat)
            return RandomBot(random.Random(self.seed * 31 + seat + 1), self.game.name)

    # -- queries ---------------------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        """Seats played by a person at this screen, ascending."""
        return [s for s, kind in enumerate(self.seats) if kind == HUMAN]

    @property
    def num_seats(self) -> int:
        """How many seats play."""
        return len(self.seats)

    @property
    def ply(self) -> int:
        """Actions applied so far (``len(state.history)``)."""
        return len(self.state.history)

    @property
    def event_count(self) -> int:
        """Length of the full event log (the cursor to pass as ``since`` next time)."""
        return len(_log(self.state))

    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now, ascending; empty once the game is over."""
        return tuple(self.state.to_act())

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.state.is_over()

    def outcome(self) -> Outcome | None:
        """The :class:`game.core.Outcome` once the game is over, else None."""
        return self.state.outcome()

    def view(self, seat: int) -> Any:
        """``state.view(seat)`` (a :class:`game.core.View`), cached until the position changes.

        Raises:
            IndexError / ValueError: from the game for a seat that does not play."""
        v = self._views.get(seat)
        if v is None:
            v = self._views[seat] = self.state.view(seat)
        return v

    def legal_actions(self, seat: int) -> tuple[str, ...]:
        """``seat``'s legal actions now, sorted by code point (empty if it is not to act)."""
        return tuple(self.view(seat).legal_actions)

    def forced_action(self, seat: int) -> str | None:
        """The only legal action of ``seat`` now (a choice without alternatives, which a scene may
        apply without asking), or None when it has several or none."""
        legal = self.legal_actions(seat) if seat in self.to_act() else ()
        return legal[0] if len(legal) == 1 else None

    def events_for(self, seat: int | None, since: int = 0) -> list[Event]:
        """The events from full-log index ``since`` on, as ``seat`` may know them (None: all;
        :meth:`game.core.GameState.events_for`)."""
        return self.state.events_for(seat, since)

    def record(self) -> dict[str, Any]:
        """The game record so far (tatami-record/1, RULES.md section 4), for the autosave."""
        return self.state.record()

    # -- hot-seat privacy ----------------------------------------------------------------------
    @property
    def hot_seat(self) -> bool:
        """True when a privacy screen is ever needed: the game hides information
        (``game_type.hidden_information``) and two or more humans share the screen."""
        return bool(self.game.game_type.hidden_information) and len(self.humans) >= 2

    def privacy_due(self, shown: int | None, bottom: int | None = None) -> int | None:
        """The human seat the screen must be handed to now (behind the privacy screen), or None.

        The play scenes' rule: only in a :attr:`hot_seat` game that is not over, only when a
        human is to act and the seat ``shown`` (whose hidden information is on screen; None
        while hidden) is not one of them. Of several humans to act (a simultaneous phase), the
        first in seat order from ``bottom`` (the seat drawn at the bottom; default ``shown``,
        else 0) on, ``bottom`` itself first."""
        if not self.hot_seat or self.is_over():
            return None
        humans_todo = [s for s in self.to_act() if self.seats[s] == HUMAN]
        if not humans_todo or shown in humans_todo:
            return None
        start = bottom if bottom is not None else (shown if shown is not None else 0)
        n = self.num_seats
        return min(humans_todo, key=lambda s: (s - start) % n)

    # -- acting ------------------------------------------------------------------------------------
    def apply(self, seat: int, action: str) -> list[Event]:
        """Validate and apply ``seat``'s ``action`` (a person's, or a forced one).

        Returns:
            The events it caused, full information (the log slice ``state.events[before:]``).
        Raises:
            InvalidActionError, IllegalActionError: from the state (which is then unchanged)."""
        return list(self._apply(seat, action).events)

    def preview(self, seat: int, action: str) -> list[Event]:
        """The events ``seat``'s ``action`` would cause now, without applying it (the core
        applies it to a private copy of the position).

        For a step a person takes in two parts of one action (KAITO: the capture is shown, then
        the Mon exchange is chosen, then the whole action is applied). Only in games without
        hidden information: a preview must not reveal a draw or another seat's card.

        Raises:
            ValueError: the game hides information (``game_type.hidden_information``).
            InvalidActionError, IllegalActionError: from the state (nothing changes)."""
        if self.game.game_type.hidden_information:
            raise ValueError(f"{self.game.name} hides information: no previews")
        probe = self.state.clone()
        first = len(_log(probe))
        probe.apply(seat, action)
        return list(_log(probe)[first:])

    def _apply(self, seat: int, action: str) -> Move:
        simultaneous = self.game.game_type.simultaneous
        before_to_act = self.to_act() if simultaneous else ()
        first = self.event_count
        self.state.apply(seat, action)
        new = tuple(_log(self.state)[first:])
        self._views.clear()
        if self.seats[seat] == HUMAN:
            for other in self.humans:
                if other != seat:
                    self._undo_floor[other] = max(self._undo_floor.get(other, 0), len(self.state.history))
        if not simultaneous:
            self.position += 1
        if self._pending == seat:
            self.cancel()
        if any(e.IRREVERSIBLE for e in new):
            self.checkpoints.clear()  # no undo goes back past what was revealed
        if simultaneous:
            after = self.to_act()
            if not (after and set(after) == set(before_to_act) - {seat}):
                self._begin_phase()  # a new phase (the phase's last choice resolved it)
        self._checkpoint()
        return Move(seat, action, new, first, self.ply)

    def _begin_phase(self) -> None:
        """A new phase (or turn): in a simultaneous game, take every bot's view now, before any
        choice of the phase is applied."""
        self._phase_views = {}
        self.position += 1
        if self.game.game_type.simultaneous:
            self._phase_views = {s: self.view(s) for s in self.to_act() if s in self.bots}

    def _bot_view(self, seat: int) -> Any:
        v = self._phase_views.get(seat)
        return v if v is not None else self.view(seat)

    # -- the AI ------------------------------------------------------------------------------------
    def bots_to_act(self) -> list[int]:
        """Bot seats that must act now, ascending (empty once over)."""
        return [s for s in self.to_act() if s in self.bots]

    @property
    def thinking(self) -> bool:
        """True while the worker thinks for a bot seat."""
        return self.worker is not None and self.worker.thinking

    @property
    def thinking_for(self) -> int | None:
        """The bot seat the worker is thinking for, or None."""
        return self._pending if self.thinking else None

    def drive(self) -> Move | None:
        """One tick of the AI flow; call it once per frame while nothing animates.

        Asks the worker for the choice of the first bot seat to act that it is not already
        thinking for (a seat that is no longer to act is forgotten), or applies the answer once
        the worker has it (after its minimum thinking time). An answer the state rejects is
        replaced by a random legal action (logged). Never blocks.

        Returns:
            The :class:`Move` applied, or None (nothing to do, or still thinking).
        Raises:
            RuntimeError: a synchronous Match (no worker: use :meth:`step_bots`)."""
        worker = self.worker
        if worker is None:
            raise RuntimeError("a synchronous Match has no AI worker: use step_bots()")
        if self._ask(worker):
            return None
        if self._pending is None:
            return None
        action = worker.poll()
        if action is None:
            return None
        seat, self._pending = self._pending, None
        try:
            return self._apply(seat, action)
        except ActionError as exc:
            legal = self.state.legal_actions(seat)
            log.error("%s: seat %d's AI action %r was rejected (%s); playing a random legal action",
                      self.game.name, seat, action, exc)
            if not legal:
                return None
            return self._apply(seat, random.Random(self.seed + self.ply).choice(legal))

    def think_ahead(self) -> bool:
        """Let the next bot seat to act start thinking now, applying nothing: a scene calls it
        while it still animates the last action (the AI thinks during the animation, its minimum
        thinking time included; :meth:`drive` applies the answer once the scene is idle). Never
        blocks. True while the worker thinks for a bot seat (or has its answer ready).

        Raises:
            RuntimeError: a synchronous Match (no worker)."""
        worker = self.worker
        if worker is None:
            raise RuntimeError("a synchronous Match has no AI worker")
        self._ask(worker)
        return self._pending is not None

    def _ask(self, worker: AIWorker) -> bool:
        """Forget a request for a seat no longer to act; ask for the first bot seat to act when
        none is pending. True if a request was sent now."""
        todo = self.bots_to_act()
        if self._pending is not None and self._pending not in todo:
            self.cancel()
        if not todo:
            return False
        if self._pending is None or not worker.thinking:
            self._pending = todo[0]
            worker.request(self.bots[self._pending], self._bot_view(self._pending))
            return True
        return False

    def step_bots(self) -> list[Move]:
        """Every bot seat to act now chooses in-process (``bot.choose(view)``), all from views
        taken before any of these choices is applied (in a simultaneous phase: the views of the
        phase's start); then the choices are applied in seat order.

        Returns:
            The moves applied (empty when no bot is to act).
        Raises:
            InvalidActionError, IllegalActionError: a bot's action was rejected (a bug in the
                bot; headless callers want to know)."""
        seats = self.bots_to_act()
        if not seats:
            return []
        self.cancel()
        views = [self._bot_view(s) for s in seats]
        choices = [(s, self.bots[s].choose(v)) for s, v in zip(seats, views)]
        return [self._apply(s, a) for s, a in choices]

    def run_bots_until_human(self, max_steps: int = MAX_BOT_STEPS) -> list[Move]:
        """:meth:`step_bots` until no bot is to act (a human must act, or the game is over).

        Returns:
            Every move applied, in order.
        Raises:
            RuntimeError: still going after ``max_steps`` steps.
            InvalidActionError, IllegalActionError: as :meth:`step_bots`."""
        moves: list[Move] = []
        for _unused in range(max_steps):
            step = self.step_bots()
            if not step:
                return moves
            moves.extend(step)
        raise RuntimeError(f"{self.game.name}: the bots did not stop after {max_steps} steps")

    def cancel(self) -> None:
        """Forget the worker's pending request (its answer is ignored)."""
        self._pending = None
        if self.worker is not None:
            self.worker.cancel()

    def close(self) -> None:
        """Cancel and end the worker's AI process and the hint worker's (the Match stays usable)."""
        self._pending = None
        if self.worker is not None:
            self.worker.close()
        self.hints.close()

    def set_state(self, state: GameState) -> None:
        """Put ``state`` in place of the position (the replay viewer's jumps): views, undo points,
        a pending AI request and a hint are forgotten; the Match keeps its seats and bots.

        Raises:
            ValueError: ``state`` has another seat count."""
        if state.num_seats != self.num_seats:
            raise ValueError(f"the state has {state.num_seats} seats, not {self.num_seats}")
        self.cancel()
        self.hints.cancel()
        self.state = state
        self._views.clear()
        self.checkpoints.clear()
        self._begin_phase()
        self._checkpoint()

    def __repr__(self) -> str:
        return f"<Match {self.game.name} seats={self.seats} ply={self.ply}>"


__all__ = ["HINT_LEVEL", "HUMAN", "MAX_BOT_STEPS", "Checkpoint", "Hint", "Match", "Move"]
