"""Guided first games (issue 11): tutorials as data, checked against the rules core.

A tutorial is one JSON file per game in ``game/tutorials/`` (``kaito.json``, ``sushi-draft.json``,
``kanji-zushi.json``) and a table of its coach texts in ``game/tutorials/<module>_text.py``
(``TEXTS``: text key -> English sentence with named placeholders, marked for the catalogs with
``N_``; :meth:`Tutorial.text` translates it at the moment it is shown, while the checks of
:func:`compile_tutorial` read the English source). The file holds::

    {"game": "kaito",                      # the game's name (game.registry)
     "seats": ["script", "human"],         # exactly one "human"; the others are "script"
     "names": ["Aoi", "You"],              # optional display names (:data:`SEAT_NAMES`: translated)
     "setup": {...},                       # a record setup (RULES.md §4): the fixed deal or board
     "prelude": [[0, "tuna"], ...],        # optional: actions applied before the first step
     "steps": [step, ...]}

A step is an object:

* ``say`` (required): the coach text key of the step.
* ``do``: the one action the person must play now (notation, RULES.md). Without ``do`` the step is
  a page the person reads and closes (``button:tutorial-next``).
* ``wrong``: ``{action: text key}``: why a particular other action is not the one asked for;
  ``why``: the text key for any other action (default :data:`DEFAULT_WHY`).
* ``replies``: ``[[seat, action], ...]``: what the scripted seats do after the step is done, in
  order (a simultaneous phase: each scripted seat's choice of the phase).
* ``rules``: tags of :data:`REQUIRED_RULES` this step shows; :func:`compile_tutorial` checks with
  the events that the game really did it (:data:`EVIDENCE`).

After a step is done (its action played or its page closed) the scripted seats play its replies;
forced actions (Sushi Draft's last keep, :func:`forced_round`) are applied for every seat as the
play scene does; then the next step begins, once nothing moves. :func:`compile_tutorial` plays the
whole tutorial through the rules core and raises :class:`TutorialError` on anything a rules change
could break: an illegal or out-of-turn action, a reply left over or missing, a missing text, a
rule tag without its evidence, a required rule never shown, a game that does not end.
"""
from __future__ import annotations

import importlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from game.core import ActionError, Event, Game, GameState
from game.i18n import N_, _
from game.registry import get as get_game

#: Where the tutorial files live.
TUTORIAL_DIR = Path(__file__).resolve().parent / "tutorials"
#: The games that have a tutorial, in menu order.
TUTORIAL_GAMES = ("kaito", "sushi-draft", "kanji-zushi")
#: The coach text shown for a wrong action when the step names none.
DEFAULT_WHY = "tutorial.wrong"
#: Coach texts shared by every tutorial (key -> English, marked for the catalogs).
COMMON_TEXTS = {
    # Translators: the tutorial coach's note when the person plays another move than the one asked for
    DEFAULT_WHY: N_("Not that one yet: the coach is asking for the highlighted move. Try it!"),
    # Translators: a button of the tutorial coach's note (max ~12 characters)
    "tutorial.next": N_("Continue"),
    # Translators: a button of the tutorial coach's note (max ~12 characters)
    "tutorial.finish": N_("Finish"),
    "tutorial.done": N_("You know the rules now. Play a real game against the easy AI?"),
    # Translators: {reason} says why the rules refuse the move
    "tutorial.illegal": N_("That is not allowed here: {reason}"),
}
#: The seat names the tutorial files use, marked for the catalogs (shown translated; any other
#: name is shown as the file gives it).
SEAT_NAMES = {
    # Translators: the person's own seat in a tutorial (the same word as the game log's "You")
    "You": N_("You"),
    # Translators: a tutorial opponent's name (a Japanese given name)
    "Aoi": N_("Aoi"),
    # Translators: a tutorial opponent's name (a Japanese given name)
    "Kenji": N_("Kenji"),
}
#: The rules each tutorial must show at least once (issue 11).
REQUIRED_RULES: dict[str, tuple[str, ...]] = {
    "kaito": ("place", "over-tiles", "over-gaps", "capture-opponent", "capture-own", "last-tile",
              "exchange", "win"),
    "sushi-draft": ("eat", "reveal", "keep", "pass", "wild", "majority-tie", "dessert", "secret-chips",
                    "forced-keep", "end"),
    "kanji-zushi": ("valid-pair", "not-regular-use", "no-kanji", "refill-draw", "pass", "five-kanji",
                    "stroke-scoring", "tie-break"),
}
_PLACEHOLDER = re.compile(r"{([a-z_]+)}")
#: Placeholders a coach text may use: ``event`` (the last sentence the game log told).
PLACEHOLDERS = frozenset({"event", "reason"})


class TutorialError(ValueError):
    """A tutorial file is malformed or no longer agrees with the rules (the message says where)."""


@dataclass(frozen=True)
class Step:
    """One step of a tutorial (see the module doc).

    Attributes:
        index: 0-based position in the tutorial.
        say: coach text key. do: the expected action or None (a page to close).
        wrong: action -> text key for that wrong action. why: text key for other wrong actions.
        replies: ``(seat, action)`` the scripted seats play once the step is done.
        rules: the rule tags this step shows."""

    index: int
    say: str
    do: str | None = None
    wrong: Mapping[str, str] = field(default_factory=dict)
    why: str = DEFAULT_WHY
    replies: tuple[tuple[int, str], ...] = ()
    rules: tuple[str, ...] = ()

    def why_not(self, action: str) -> str:
        """The text key explaining why ``action`` is not this step's (``wrong``, else ``why``)."""
        return self.wrong.get(action, self.why)


@dataclass(frozen=True)
class Tutorial:
    """A loaded tutorial (:func:`load_tutorial`): ``game`` name, ``seats`` kinds, ``human`` seat,
    ``names`` (in the language in use when it was loaded), record ``setup``, ``prelude`` actions,
    ``steps`` and ``texts`` (key -> English source text; :meth:`text` translates)."""

    game: str
    seats: tuple[str, ...]
    human: int
    names: tuple[str, ...] | None
    setup: Mapping[str, Any]
    prelude: tuple[tuple[int, str], ...]
    steps: tuple[Step, ...]
    texts: Mapping[str, str]

    def rules(self) -> Game:
        """The game's rules (:func:`game.registry.get_game`)."""
        return get_game(self.game)

    def initial_state(self) -> GameState:
        """The state the tutorial starts from: the setup, then the prelude applied.

        Raises:
            TutorialError: the setup or a prelude action is rejected by the rules."""
        try:
            state = self.rules().state_from_setup(dict(self.setup))
        except ValueError as exc:
            raise TutorialError(f"{self.game} tutorial: bad setup: {exc}") from exc
        for i, (seat, action) in enumerate(self.prelude):
            try:
                state.apply(seat, action)
            except ActionError as exc:
                raise TutorialError(f"{self.game} tutorial: prelude action {i} {action!r}: {exc}") from exc
        return state

    def text(self, key: str, **values: str) -> str:
        """The coach text ``key`` in the language in use with its placeholders filled (missing
        values become "").

        Raises:
            KeyError: no such text."""
        template = _(self.texts[key])
        return _PLACEHOLDER.sub(lambda m: str(values.get(m.group(1), "")), template)


def _text_module(game: str) -> str:
    return "game.tutorials." + game.split("-")[0] + "_text"


def load_tutorial(game: str, path: Path | None = None) -> Tutorial:
    """Load ``game``'s tutorial (``game/tutorials/<game>.json`` unless ``path``) and its texts.

    Raises:
        TutorialError: unknown game, unreadable file, wrong shapes (one line saying where)."""
    if game not in TUTORIAL_GAMES:
        raise TutorialError(f"no tutorial for {game!r}; there are {', '.join(TUTORIAL_GAMES)}")
    path = path or TUTORIAL_DIR / f"{game}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise TutorialError(f"{path.name}: cannot read: {exc}") from exc
    try:
        texts = dict(COMMON_TEXTS)
        texts.update(importlib.import_module(_text_module(game)).TEXTS)
        return _parse(game, data, texts)
    except (TypeError, ValueError, KeyError, AttributeError, ImportError) as exc:
        if isinstance(exc, TutorialError):
            raise
        raise TutorialError(f"{path.name}: {type(exc).__name__}: {exc}") from exc


def _pairs(raw: Any, what: str) -> tuple[tuple[int, str], ...]:
    out = []
    for item in raw or ():
        if (not isinstance(item, list) or len(item) != 2 or type(item[0]) is not int
                or not isinstance(item[1], str)):
            raise TutorialError(f"{what}: each entry must be [seat, action], not {item!r}")
        out.append((item[0], item[1]))
    return tuple(out)


def _parse(game: str, data: Any, texts: dict[str, str]) -> Tutorial:
    if not isinstance(data, dict) or data.get("game") != game:
        raise TutorialError(f"{game} tutorial: the file must be an object with \"game\": {game!r}")
    seats = data.get("seats")
    if not isinstance(seats, list) or sorted(set(seats)) != ["human", "script"] or seats.count("human") != 1:
        raise TutorialError(f"{game} tutorial: seats must be one \"human\" and one or more \"script\"")
    names = data.get("names")
    if names is not None and (not isinstance(names, list) or len(names) != len(seats)):
        raise TutorialError(f"{game} tutorial: names must give one name per seat")
    steps = []
    for i, raw in enumerate(data.get("steps") or ()):
        if not isinstance(raw, dict) or not isinstance(raw.get("say"), str):
            raise TutorialError(f"{game} tutorial: step {i} needs a \"say\" text key")
        unknown = set(raw) - {"say", "do", "wrong", "why", "replies", "rules"}
        if unknown:
            raise TutorialError(f"{game} tutorial: step {i} has unknown key(s) {sorted(unknown)}")
        steps.append(Step(i, raw["say"], raw.get("do"), dict(raw.get("wrong") or {}), raw.get("why", DEFAULT_WHY),
                          _pairs(raw.get("replies"), f"step {i} replies"), tuple(raw.get("rules") or ())))
    if not steps:
        raise TutorialError(f"{game} tutorial: no steps")
    if names:
        names = [_(SEAT_NAMES[n]) if isinstance(n, str) and n in SEAT_NAMES else n for n in names]
    return Tutorial(game, tuple(seats), seats.index("human"), tuple(names) if names else None,
                    dict(data.get("setup") or {}), _pairs(data.get("prelude"), "prelude"), tuple(steps), texts)


# -- what the play scene does by itself ------------------------------------------------------------
def forced_round(game: Game, state: GameState) -> list[tuple[int, str]]:
    """The actions a play scene applies without asking anyone: Sushi Draft's last keep of a round
    (hand size 2: every seat's keep is forced, RULES.md §2) for every seat to act. Empty otherwise."""
    if game.name != "sushi-draft" or state.is_over():
        return []
    todo = list(state.to_act())
    forced = []
    for seat in todo:
        legal = state.legal_actions(seat)
        view = state.view(seat)
        if getattr(view, "phase", None) != "keep" or len(legal) != 1 or getattr(view, "step", None) != 4:
            return []
        forced.append((seat, legal[0]))
    return forced


# -- the check --------------------------------------------------------------------------------------
Evidence = Callable[[Sequence[Event], "Step", int], bool]


def _kinds(events: Iterable[Event]) -> set[str]:
    return {e.kind for e in events}


def _kaito_capture(own: bool) -> Evidence:
    def check(events: Sequence[Event], step: Step, human: int) -> bool:
        return any(e.kind == "kaito.capture" and e.seat == human and (getattr(e, "owner") == human) == own
                   for e in events)
    return check


def _kaito_over(tiles: bool) -> Evidence:
    def check(events: Sequence[Event], step: Step, human: int) -> bool:
        for e in events:
            if e.kind == "kaito.move" and e.seat == human:
                passed = getattr(e, "passed")
                if (any(c for c in passed) if tiles else any(c is None for c in passed)):
                    return True
        return False
    return check


def _sushi_award(pred: Callable[[Any], bool]) -> Evidence:
    return lambda events, step, human: any(e.kind == "sushi.award" and pred(e) for e in events)


def _kanji_wrong(reason: str) -> Evidence:
    return lambda events, step, human: any(e.kind == "kanji.wrong" and getattr(e, "reason") == reason
                                           and e.seat == human for e in events)


#: Per game and rule tag: what the events of the step (its action, the replies and the forced
#: actions after it) must show for the step to count as showing that rule.
EVIDENCE: dict[str, dict[str, Evidence]] = {
    "kaito": {
        "place": lambda ev, st, h: any(e.kind == "kaito.place" and e.seat == h for e in ev),
        "over-tiles": _kaito_over(True),
        "over-gaps": _kaito_over(False),
        "capture-opponent": _kaito_capture(False),
        "capture-own": _kaito_capture(True),
        "last-tile": lambda ev, st, h: "kaito.last_tile" in _kinds(ev),
        "exchange": lambda ev, st, h: any(e.kind == "kaito.exchange" and e.seat == h for e in ev),
        "win": lambda ev, st, h: any(e.kind == "kaito.end" and h in getattr(e, "winners", ()) for e in ev),
    },
    "sushi-draft": {
        "eat": lambda ev, st, h: any(e.kind == "sushi.reveal" for e in ev),
        "reveal": lambda ev, st, h: any(e.kind == "sushi.reveal" for e in ev),
        "keep": lambda ev, st, h: any(e.kind == "sushi.keep" and e.seat == h for e in ev),
        "pass": lambda ev, st, h: any(e.kind == "sushi.pass" for e in ev),
        "wild": lambda ev, st, h: st.do is not None and st.do.startswith("wild="),
        "majority-tie": _sushi_award(lambda e: e.pile != "dessert" and bool(e.award.skipped) and e.award.seat is not None),
        "dessert": _sushi_award(lambda e: e.pile == "dessert" and e.award.seat is not None),
        "secret-chips": _sushi_award(lambda e: e.award.seat is not None),
        "forced-keep": lambda ev, st, h: any(e.kind == "sushi.discard" for e in ev),
        "end": lambda ev, st, h: "sushi.end" in _kinds(ev),
    },
    "kanji-zushi": {
        "valid-pair": lambda ev, st, h: any(e.kind == "kanji.formed" and e.seat == h for e in ev),
        "not-regular-use": _kanji_wrong("not-joyo"),
        "no-kanji": _kanji_wrong("no-character"),
        "refill-draw": lambda ev, st, h: {"kanji.refill", "kanji.draw"} <= _kinds(ev),
        "pass": lambda ev, st, h: any(e.kind == "kanji.pass" and e.seat == h for e in ev),
        "five-kanji": lambda ev, st, h: "kanji.finished" in _kinds(ev),
        "stroke-scoring": lambda ev, st, h: "kanji.end" in _kinds(ev),
        "tie-break": lambda ev, st, h: any(e.kind == "kanji.end" and getattr(e, "tie_break") is not None
                                           for e in ev),
    },
}


@dataclass
class Walk:
    """What :func:`compile_tutorial` found: the final ``state``, per step the ``events`` it caused
    (full information), and the ``shown`` rule tags."""

    state: GameState
    events: list[list[Event]]
    shown: set[str]


def _apply(state: GameState, seat: int, action: str, where: str) -> list[Event]:
    before = len(state.events_for(None))
    try:
        state.apply(seat, action)
    except ActionError as exc:
        raise TutorialError(f"{where}: {action!r} for seat {seat} is rejected by the rules: {exc}") from exc
    return list(state.events_for(None, before))


def settle(game: Game, state: GameState, replies: Sequence[tuple[int, str]], human: int,
           where: str) -> list[Event]:
    """Play ``replies`` and the forced actions as a play scene would after a step, until the
    person must act or the game is over. Returns the events.

    Raises:
        TutorialError: a reply by a seat that is not to act, an illegal reply, a reply left over,
            or a scripted seat to act with no reply left."""
    events: list[Event] = []
    todo = list(replies)
    while not state.is_over():
        forced = forced_round(game, state)
        if forced:
            for seat, action in forced:
                events += _apply(state, seat, action, where + " (forced)")
            continue
        bots = [s for s in state.to_act() if s != human]
        if not bots:
            break
        if not todo:
            raise TutorialError(f"{where}: seat {bots[0]} is to act but the step has no reply left")
        seat, action = todo.pop(0)
        if seat not in bots:
            raise TutorialError(f"{where}: reply {action!r} by seat {seat}, but seats {bots} are to act")
        events += _apply(state, seat, action, where)
    if todo:
        raise TutorialError(f"{where}: replies left over: {todo}")
    return events


def compile_tutorial(tut: Tutorial) -> Walk:
    """Play the whole tutorial through the rules core (see the module doc).

    Raises:
        TutorialError: the first thing that does not agree with the rules or the texts."""
    game = tut.rules()
    state = tut.initial_state()
    where0 = f"{tut.game} tutorial"
    for key in {s.say for s in tut.steps} | {s.why for s in tut.steps} | {k for s in tut.steps for k in s.wrong.values()}:
        if key not in tut.texts:
            raise TutorialError(f"{where0}: no text for key {key!r}")
        bad = set(_PLACEHOLDER.findall(tut.texts[key])) - PLACEHOLDERS
        if bad:
            raise TutorialError(f"{where0}: text {key!r} has unknown placeholder(s) {sorted(bad)}")
    evidence = EVIDENCE[tut.game]
    shown: set[str] = set()
    all_events: list[list[Event]] = []
    settle(game, state, (), tut.human, f"{where0}, start")  # nobody but the person may act first
    for step in tut.steps:
        where = f"{where0}, step {step.index} ({step.say})"
        events: list[Event] = []
        if step.do is not None:
            if tut.human not in state.to_act():
                raise TutorialError(f"{where}: asks for {step.do!r} but the person is not to act")
            for action in step.wrong:
                if action == step.do:
                    raise TutorialError(f"{where}: the expected action is also listed as wrong")
            events += _apply(state, tut.human, step.do, where)
        events += settle(game, state, step.replies, tut.human, where)
        for tag in step.rules:
            if tag not in evidence:
                raise TutorialError(f"{where}: unknown rule tag {tag!r}")
            if not evidence[tag](events, step, tut.human):
                raise TutorialError(f"{where}: the events do not show {tag!r}")
            shown.add(tag)
        all_events.append(events)
    if not state.is_over():
        raise TutorialError(f"{where0}: the game is not over after the last step")
    missing = [t for t in REQUIRED_RULES[tut.game] if t not in shown]
    if missing:
        raise TutorialError(f"{where0}: never shows {', '.join(missing)}")
    return Walk(state, all_events, shown)


class ScriptedBot:
    """A scripted seat of a tutorial: ``choose(view)`` returns the reply the script gives for that
    seat at that decision. The play scene's tutorial director fills :attr:`queue` with the current
    step's replies for this seat (in order) and pops one whenever this seat's action is applied;
    ``choose`` never changes it (a request may be asked again)."""

    def __init__(self, seat: int, game: str):
        self.seat = seat
        self.game = game
        self.queue: list[str] = []

    def choose(self, view: Any) -> str:
        """The next scripted reply, or the first legal action when the script has none (never
        happens in a checked tutorial; a safe answer rather than an exception in the worker)."""
        if self.queue:
            return self.queue[0]
        legal = list(view.legal_actions)
        return legal[0] if legal else "pass"


__all__ = ["COMMON_TEXTS", "DEFAULT_WHY", "EVIDENCE", "REQUIRED_RULES", "SEAT_NAMES", "ScriptedBot", "Step",
           "TUTORIAL_DIR",
           "TUTORIAL_GAMES", "Tutorial", "TutorialError", "Walk", "compile_tutorial", "forced_round",
           "load_tutorial", "settle"]
