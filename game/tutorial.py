"""Guided first games (issue 11): tutorials as data, checked against the rules core.

A tutorial is ``tutorial.json`` in its game's package (``game/<name>/``) and that package's
``tutorial`` module (named by the registration): ``TEXTS`` (text key -> English sentence with
named placeholders, marked for the catalogs with ``N_``; :meth:`Tutorial.text` translates it at the
moment it is shown, while the checks of :func:`compile_tutorial` read the English source),
``REQUIRED_RULES`` (the rule tags the tutorial must show at least once), ``EVIDENCE`` (rule tag ->
what the step's events must show) and, if the play scene applies some actions by itself,
``forced_round(state)``. The file holds::

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
* ``rules``: tags of the game's ``REQUIRED_RULES`` this step shows; :func:`compile_tutorial`
  checks with the events that the game really did it (the game's ``EVIDENCE``).

After a step is done (its action played or its page closed) the scripted seats play its replies;
forced actions (Sushi Draft's last keep, :func:`forced_round`) are applied for every seat as the
play scene does; then the next step begins, once nothing moves. :func:`compile_tutorial` plays the
whole tutorial through the rules core and raises :class:`TutorialError` on anything a rules change
could break: an illegal or out-of-turn action, a reply left over or missing, a missing text, a
rule tag without its evidence, a required rule never shown, a game that does not end.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from game.core import ActionError, Event, Game, GameState
from game.i18n import N_, _
from game.registry import REGISTRATIONS
from game.registry import get as get_game

#: The games that have a tutorial, in menu order (from their registrations).
TUTORIAL_GAMES = tuple(name for name, reg in REGISTRATIONS.items() if reg.tutorial)
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
_PLACEHOLDER = re.compile(r"{([a-z_]+)}")
#: Placeholders a coach text may use: ``event`` (the last sentence the game log told).
PLACEHOLDERS = frozenset({"event", "reason"})


class TutorialError(ValueError):
    """A tutorial file is malformed or no longer agrees with the rules (the message says where)."""


#: The parts of a play screen a tutorial step's words may point at (``Step.shows``): the game log.
SHOWN_PARTS: tuple[str, ...] = ("log",)


@dataclass(frozen=True)
class Step:
    """One step of a tutorial (see the module doc).

    Attributes:
        index: 0-based position in the tutorial.
        say: coach text key. do: the expected action or None (a page to close).
        wrong: action -> text key for that wrong action. why: text key for other wrong actions.
        replies: ``(seat, action)`` the scripted seats play once the step is done.
        rules: the rule tags this step shows.
        shows: the parts of the screen the step's words point at (:data:`SHOWN_PARTS`, e.g.
            ``"log"``: "the game log warns…"): the coach's panel must leave them in sight."""

    index: int
    say: str
    do: str | None = None
    wrong: Mapping[str, str] = field(default_factory=dict)
    why: str = DEFAULT_WHY
    replies: tuple[tuple[int, str], ...] = ()
    rules: tuple[str, ...] = ()
    shows: tuple[str, ...] = ()

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


def load_tutorial(game: str, path: Path | None = None) -> Tutorial:
    """Load ``game``'s tutorial (``tutorial.json`` in the game's package unless ``path``) and its
    texts (``TEXTS`` of its tutorial module).

    Raises:
        TutorialError: unknown game, unreadable file, wrong shapes (one line saying where)."""
    if game not in TUTORIAL_GAMES:
        raise TutorialError(f"no tutorial for {game!r}; there are {', '.join(TUTORIAL_GAMES)}")
    reg = REGISTRATIONS[game]
    path = path or reg.tutorial_path
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise TutorialError(f"{path.name}: cannot read: {exc}") from exc
    try:
        texts = dict(COMMON_TEXTS)
        texts.update(reg.tutorial_tables().TEXTS)
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
        unknown = set(raw) - {"say", "do", "wrong", "why", "replies", "rules", "shows"}
        if unknown:
            raise TutorialError(f"{game} tutorial: step {i} has unknown key(s) {sorted(unknown)}")
        shows = tuple(raw.get("shows") or ())
        if any(part not in SHOWN_PARTS for part in shows):
            raise TutorialError(f"{game} tutorial: step {i} shows {list(shows)}; known parts: {list(SHOWN_PARTS)}")
        steps.append(Step(i, raw["say"], raw.get("do"), dict(raw.get("wrong") or {}), raw.get("why", DEFAULT_WHY),
                          _pairs(raw.get("replies"), f"step {i} replies"), tuple(raw.get("rules") or ()), shows))
    if not steps:
        raise TutorialError(f"{game} tutorial: no steps")
    if names:
        names = [_(SEAT_NAMES[n]) if isinstance(n, str) and n in SEAT_NAMES else n for n in names]
    return Tutorial(game, tuple(seats), seats.index("human"), tuple(names) if names else None,
                    dict(data.get("setup") or {}), _pairs(data.get("prelude"), "prelude"), tuple(steps), texts)


# -- what the play scene does by itself ------------------------------------------------------------
def forced_round(game: Game, state: GameState) -> list[tuple[int, str]]:
    """The actions a play scene applies without asking anyone (e.g. Sushi Draft's last keep of a
    round), as ``(seat, action)``: the game's tutorial module's ``forced_round(state)`` if it has
    one; empty otherwise."""
    reg = REGISTRATIONS.get(game.name)
    hook = getattr(reg.tutorial_tables(), "forced_round", None) if reg is not None and reg.tutorial else None
    return list(hook(state)) if hook is not None else []


# -- the check --------------------------------------------------------------------------------------
Evidence = Callable[[Sequence[Event], "Step", int], bool]


@dataclass
class Walk:
    """What :func:`compile_tutorial` found: the final ``state``, per step the ``events`` it caused
    (full information), and the ``shown`` rule tags."""

    state: GameState
    events: list[list[Event]]
    shown: set[str]


def required_rules(game: str) -> tuple[str, ...]:
    """The rule tags ``game``'s tutorial must show at least once (its ``REQUIRED_RULES``).

    Raises:
        KeyError: unknown game; LookupError: the game has no tutorial."""
    return tuple(REGISTRATIONS[game].tutorial_tables().REQUIRED_RULES)


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
    evidence = REGISTRATIONS[tut.game].tutorial_tables().EVIDENCE
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
    missing = [t for t in required_rules(tut.game) if t not in shown]
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


__all__ = ["COMMON_TEXTS", "DEFAULT_WHY", "SEAT_NAMES", "ScriptedBot", "Step",
           "TUTORIAL_GAMES", "Tutorial", "TutorialError", "Walk", "compile_tutorial", "forced_round", "required_rules",
           "load_tutorial", "settle"]
