"""Reference opponents for measuring the bots (issue 13 part 1; headless, never offered in the UI).

Two generic searches that know the rules and nothing else about play (no evaluation, no
heuristic policy): the yardstick the ladder is measured against with ``python -m game play``. A
game offers them through its registration (``reference``: kind -> its bot class, in
``game/<name>/reference.py``, which supplies the hooks below); nothing here names a game.

* ``mcts:<N>`` (:class:`UctBot`; two seats, perfect information) — plain UCT Monte Carlo tree
  search (Kocsis and Szepesvari 2006; the scheme of OpenSpiel's ``MCTSBot``): ``N`` simulations
  per decision, each one selection down the tree by UCB1, one expansion (a child for one untried
  move), one uniformly random rollout to the end of the game and the result backed up (1 for the
  winner, 0 for the loser). The move played is the root child visited most (ties: the better
  mean, then the rng). Hooks: ``position(view)`` (a compact position: ``gen()`` the moves,
  ``make(move)`` the loser or -1, ``side`` the seat to move, ``copy()``) and ``action_of(move)``.
* ``ismcts:<N>`` (:class:`IsmctsBot`; hidden information, simultaneous phases) — single-observer
  information-set MCTS (SO-ISMCTS, Cowling, Powley and Whitehouse 2012): ``N`` iterations per
  decision, each on a fresh *determinization*, a full game state drawn uniformly from those
  consistent with the seat's VIEW only (the bot never sees the state). The tree is the
  observer's: where every move is seen by every seat as it is played (``public_moves``), a child
  is keyed by the moves of the step, Cowling et al.'s tree of moves (chance, such as a card
  turned up or drawn, stays inside the determinization); otherwise by what the observer saw of
  the step (``state.events_for(seat)`` of the actions applied: the core's own redaction, so
  nothing hidden can key a node). At each node every seat to act keeps its own bandit statistics
  and chooses independently (decoupled UCT at simultaneous phases; at a turn that is the one seat
  to move), by UCB1 over the actions legal in this determinization with availability counts (a
  subset-armed bandit: an action's exploration term uses how often it was available, not the
  node's visits); untried actions first, uniformly. A new node is left by a uniformly random
  play-out to the end of the game. Each seat's reward is its win share: 1/k if it is one of k
  winners, else 0. The action played is the observer's most visited one at the root. Hooks:
  ``worlds(view)`` (the determinization sampler, required); optional ``actions(state, seat)``
  (default: ``state.legal_actions``), ``root_actions(view)`` (default: the view's legal
  actions), ``edge(...)`` (the child's key, see above) and ``rollout(state, rng)`` (default
  :func:`random_rollout`; a game may run the same random play on a faster simulator).

Exploration constant: ``c = 1.0`` on rewards in [0, 1], i.e. ``mean + c * sqrt(ln(n_parent) /
n_child)``; it equals OpenSpiel's default ``uct_c = 2`` on its returns in [-1, 1] (the exploit
term halves when the reward range does). Option ``exploration`` changes it.

Levels are parsed by :func:`parse_level` (``"mcts:1000"`` -> ``("mcts", 1000)``);
:func:`make_reference_bot` builds the bot. Budgets are simulations, never time, so a decision is
reproducible from its rng.
"""

from __future__ import annotations

import math
import random
import re
from typing import Any, Sequence

from game.ai.base import Bot
from game.core import GameState
from game.registry import REGISTRATIONS

#: UCB1 exploration constant on rewards in [0, 1] (OpenSpiel's ``uct_c = 2`` on [-1, 1]).
EXPLORATION = 1.0
_LEVEL_RE = re.compile(r"^([a-z]+):(\d+)$")
_OPTIONS = {"exploration"}


def kinds() -> dict[str, tuple[str, ...]]:
    """Reference level kind -> the games offering it (from the registrations), e.g.
    ``{"mcts": ("kaito",), "ismcts": ("sushi-draft", "kanji-zushi")}``."""
    out: dict[str, tuple[str, ...]] = {}
    for name, reg in REGISTRATIONS.items():
        for kind in reg.reference:
            out[kind] = out.get(kind, ()) + (name,)
    return out


def parse_level(level: str) -> tuple[str, int] | None:
    """``"mcts:1000"`` -> ``("mcts", 1000)``; None when ``level`` has no ``name:N`` shape (a plain
    level such as ``"hard"``). The name is not checked here (:func:`check_level` does)."""
    m = _LEVEL_RE.match(level) if isinstance(level, str) else None
    return (m.group(1), int(m.group(2))) if m else None


def check_level(game_name: str, level: str) -> tuple[str, int]:
    """The ``(kind, budget)`` of a reference level for ``game_name``.

    Raises:
        ValueError: not ``name:N``, an unknown kind, a kind for other games (the message names
            the right one) or ``N`` < 1."""
    parsed = parse_level(level)
    if parsed is None:
        raise ValueError(f"{level!r} is not a reference level (e.g. mcts:1000, ismcts:300)")
    kind, budget = parsed
    known = kinds()
    if kind not in known:
        raise ValueError(f"unknown reference level {kind!r} in {level!r}; known: {', '.join(known)}")
    if game_name not in known[kind]:
        right = [k for k, games in known.items() if game_name in games]
        hint = f"; use {right[0]}:N" if right else ""
        raise ValueError(f"{kind}:N is for {', '.join(known[kind])}, not {game_name}{hint}")
    if budget < 1:
        raise ValueError(f"{level!r}: the budget must be at least 1 simulation")
    return kind, budget


def make_reference_bot(game_name: str, level: str, rng: random.Random, **options: Any) -> Bot:
    """The reference bot of ``level`` (``mcts:N`` / ``ismcts:N``) at ``game_name``.

    Options: ``exploration`` (float >= 0, the UCB1 constant; default :data:`EXPLORATION`).

    Raises:
        ValueError: see :func:`check_level`; an unknown option or a bad value."""
    kind, budget = check_level(game_name, level)
    unknown = set(options) - _OPTIONS
    if unknown:
        raise ValueError(f"unknown reference bot option(s): {', '.join(sorted(unknown))}; known: exploration")
    c = options.get("exploration", EXPLORATION)
    if isinstance(c, bool) or not isinstance(c, (int, float)) or c < 0:
        raise ValueError(f"exploration must be a number >= 0, not {c!r}")
    bot: ReferenceBot = REGISTRATIONS[game_name].reference_bot(kind)(rng, budget, float(c))
    bot.level = f"{kind}:{budget}"
    return bot


class ReferenceBot(Bot):
    """Shared constructor: ``budget`` simulations (iterations) per decision, UCB1 constant ``c``."""

    def __init__(self, rng: random.Random, budget: int, exploration: float = EXPLORATION) -> None:
        super().__init__(rng)
        self.budget = budget
        self.c = exploration
        #: after a search: ``{"simulations", "visits" (action -> root visits)}``; ``{}`` before.
        self.last_info: dict = {}


# -- plain UCT -----------------------------------------------------------------------------------


class _UctNode:
    """A node of the UCT tree: the position after ``move``, made by ``mover``.

    ``wins`` counts the simulations through it that ``mover`` won; ``winner`` is the seat that
    won at this node (-1 while the game goes on); ``untried`` the moves not yet expanded."""

    __slots__ = ("move", "mover", "winner", "untried", "children", "visits", "wins")

    def __init__(self, move: int, mover: int, winner: int, untried: list[int]) -> None:
        self.move = move
        self.mover = mover
        self.winner = winner
        self.untried = untried
        self.children: list[_UctNode] = []
        self.visits = 0
        self.wins = 0.0


def random_playout(pos: Any, rng: random.Random) -> int:
    """Uniformly random moves from ``pos`` (a :class:`UctBot` position) to the end; returns the
    winning seat (a side with no move loses)."""
    while True:
        moves = pos.gen()
        if not moves:
            return 1 - pos.side  # no move: the side to move loses
        loser = pos.make(moves[rng.randrange(len(moves))])
        if loser >= 0:
            return 1 - loser


class UctBot(ReferenceBot):
    """Plain UCT for a two-seat game of perfect information (see the module docstring): ``budget``
    simulations per decision on the compact position of :meth:`position`."""

    level = "mcts"

    def position(self, view: Any) -> Any:
        """The compact position of ``view``: ``gen() -> list[int]`` (moves), ``make(move) -> int``
        (the seat that lost by it, or -1), ``side`` (the seat to move), ``copy()``."""
        raise NotImplementedError

    def action_of(self, move: int) -> str:
        """The notation of a position's ``move``."""
        raise NotImplementedError

    def choose(self, view: Any) -> str:
        actions = view.legal_actions
        if not actions:
            raise ValueError("the view has no legal action (not this seat's turn, or the game is over)")
        if len(actions) == 1:
            return actions[0]
        rng = self.rng
        start = self.position(view)
        moves = start.gen()
        rng.shuffle(moves)
        root = _UctNode(-1, 1 - start.side, -1, moves)
        for _ in range(self.budget):
            self._simulate(root, start.copy(), rng)
        best = max(root.children, key=lambda ch: (ch.visits, ch.wins / ch.visits, rng.random()))
        self.last_info = {"simulations": self.budget,
                          "visits": {self.action_of(ch.move): ch.visits for ch in root.children}}
        return self.action_of(best.move)

    def _simulate(self, root: _UctNode, pos: Any, rng: random.Random) -> None:
        node = root
        path = [root]
        c = self.c
        while node.winner < 0 and not node.untried and node.children:
            log_n = math.log(node.visits)
            node = max(node.children, key=lambda ch: ch.wins / ch.visits + c * math.sqrt(log_n / ch.visits))
            pos.make(node.move)
            path.append(node)
        winner = node.winner
        if winner < 0 and node.untried:
            move = node.untried.pop()
            mover = pos.side
            loser = pos.make(move)
            untried: list[int] = []
            if loser >= 0:
                winner = 1 - loser
            else:
                untried = pos.gen()
                rng.shuffle(untried)
                if not untried:
                    winner = mover  # the opponent has no move
            child = _UctNode(move, mover, winner, untried)
            node.children.append(child)
            path.append(child)
            node = child
        elif winner < 0:  # a node with no move at all: its side to move has lost
            winner = node.winner = 1 - pos.side
        if winner < 0:
            winner = random_playout(pos, rng)
        for n in path:
            n.visits += 1
            if n.mover == winner:
                n.wins += 1.0


# -- single-observer IS-MCTS ---------------------------------------------


class _InfoNode:
    """A node of the observer's tree: per acting seat, action -> ``[visits, reward sum,
    availability]``; children keyed by the step's edge (:meth:`IsmctsBot.edge`)."""

    __slots__ = ("visits", "stats", "children")

    def __init__(self) -> None:
        self.visits = 0
        self.stats: dict[int, dict[str, list[float]]] = {}
        self.children: dict[tuple, _InfoNode] = {}


def win_shares(state: GameState) -> list[float]:
    """Per seat, 1/k if it is one of the k winners of the finished ``state``, else 0."""
    outcome = state.outcome()
    assert outcome is not None
    share = 1.0 / len(outcome.winners) if outcome.winners else 0.0
    return [share if s in outcome.winners else 0.0 for s in range(state.num_seats)]


def random_rollout(state: GameState, rng: random.Random) -> list[float]:
    """Uniformly random legal actions (``state.legal_actions``) for every seat to act, to the end
    of the game; returns :func:`win_shares` of the end. ``state`` is played out in place."""
    while not state.is_over():
        for s in state.to_act():
            acts = state.legal_actions(s)
            state.apply(s, acts[rng.randrange(len(acts))])
    return win_shares(state)


class IsmctsBot(ReferenceBot):
    """Single-observer IS-MCTS (Cowling, Powley and Whitehouse 2012; see the module docstring); a
    game's subclass supplies the determinization sampler :meth:`worlds` and may replace
    :meth:`edge` (how a step keys a child) and :meth:`rollout` (by one with the same outcome
    distribution as uniformly random legal play, only faster).

    Each of the ``budget`` iterations draws a fresh determinization, descends the tree choosing,
    for every seat to act, by UCB1 with availability counts over :meth:`actions` of the
    determinization (untried actions first, uniformly), adds one node, plays it out with
    :meth:`rollout` and backs up every acting seat's reward (win share, in [0, 1])."""

    level = "ismcts"
    #: whether a seat's actions are seen by every seat as they are played (a turn-based game with
    #: public moves): then a child is keyed by the moves played, as in Cowling et al.'s tree of
    #: moves (chance outcomes such as refills and draws stay inside the determinization);
    #: otherwise by the observer's observation of the step (see :meth:`edge`).
    public_moves = False

    def worlds(self, view: Any) -> Any:
        """A sampler ``rng -> GameState`` of full states drawn uniformly from those consistent
        with ``view`` (built once per decision, called once per iteration), or None if no deal
        explains the view."""
        raise NotImplementedError

    def actions(self, state: Any, seat: int) -> list[str]:
        """The actions of ``seat`` in the determinization ``state``: every legal one."""
        return state.legal_actions(seat)

    def root_actions(self, view: Any) -> list[str]:
        """The observer's candidates at the root: every legal action of the view (the observer's
        legal actions are the same in every determinization of its view)."""
        return list(view.legal_actions)

    def edge(self, state: Any, me: int, joint: Sequence[tuple[int, str]], since: int) -> tuple:
        """The key of the child reached by the step ``joint`` (``(seat, action)`` pairs, applied
        to ``state`` whose event log had ``since`` entries before): the moves themselves when
        :attr:`public_moves`, else what the observer ``me`` saw of the step
        (``state.events_for(me, since)``: the core's own redaction, so nothing hidden from the
        observer can key a node)."""
        if self.public_moves:
            return tuple(joint)
        return tuple(state.events_for(me, since))

    def rollout(self, state: Any, rng: random.Random) -> list[float]:
        """Per-seat rewards of playing ``state`` out uniformly at random (:func:`random_rollout`)."""
        return random_rollout(state, rng)

    def choose(self, view: Any) -> str:
        legal = list(view.legal_actions)
        if not legal:
            raise ValueError("the view has no legal action (not this seat's turn, or the game is over)")
        if len(legal) == 1:
            return legal[0]
        rng = self.rng
        root_actions = self.root_actions(view)
        if len(root_actions) == 1:
            return root_actions[0]
        sample = self.worlds(view)
        if sample is None:  # a hand-made view no deal explains: play at random
            return legal[rng.randrange(len(legal))]
        me = view.seat
        root = _InfoNode()
        for _ in range(self.budget):
            self._iterate(root, sample(rng), me, root_actions, rng)
        mine = root.stats.get(me, {})
        best = max(root_actions, key=lambda a: (mine[a][0], mine[a][1] / mine[a][0], rng.random())
                   if a in mine and mine[a][0] else (0, 0.0, rng.random()))
        self.last_info = {"simulations": self.budget,
                          "visits": {a: int(mine[a][0]) for a in root_actions if a in mine}}
        return best

    def _select(self, node: _InfoNode, seat: int, actions: Sequence[str], rng: random.Random) -> str:
        stats = node.stats.setdefault(seat, {})
        untried = []
        for a in actions:
            st = stats.get(a)
            if st is None:
                st = stats[a] = [0, 0.0, 0]
            st[2] += 1
            if not st[0]:
                untried.append(a)
        if untried:
            return untried[rng.randrange(len(untried))]
        c = self.c
        best, best_v = actions[0], -1.0
        for a in actions:
            n, w, avail = stats[a]
            v = w / n + c * math.sqrt(math.log(avail) / n)
            if v > best_v:
                best, best_v = a, v
        return best

    def _iterate(self, root: _InfoNode, state: Any, me: int, root_actions: list[str],
                 rng: random.Random) -> None:
        node = root
        path: list[tuple[_InfoNode, list[tuple[int, str]]]] = []
        rewards = None
        while not state.is_over():
            if node.visits == 0 and node is not root:
                rewards = self.rollout(state, rng)
                break
            joint = [(s, self._select(node, s, root_actions if node is root and s == me
                                      else self.actions(state, s), rng))
                     for s in state.to_act()]
            since = len(state.events)
            for s, a in joint:
                state.apply(s, a)
            key = self.edge(state, me, joint, since)
            path.append((node, joint))
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = _InfoNode()
            node = child
        if rewards is None:
            rewards = win_shares(state)
        node.visits += 1
        for n, joint in path:
            n.visits += 1
            for s, a in joint:
                st = n.stats[s][a]
                st[0] += 1
                st[1] += rewards[s]


__all__ = ["EXPLORATION", "IsmctsBot", "ReferenceBot", "UctBot", "check_level", "kinds", "make_reference_bot",
           "parse_level", "random_playout", "random_rollout", "win_shares"]
