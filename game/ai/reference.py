"""Reference opponents for measuring the bots (issue 13 part 1; headless, never offered in the UI).

Two generic searches that know the rules and nothing else about play (no evaluation, no
heuristic policy): the yardstick the ladder is measured against with ``python -m game play``.

* ``mcts:<N>`` (KAITO, RULES.md section 1) — plain UCT Monte Carlo tree search (Kocsis and
  Szepesvari 2006; the scheme of OpenSpiel's ``MCTSBot``): ``N`` simulations per decision, each
  one selection down the tree by UCB1, one expansion (a child for one untried move), one uniformly
  random rollout to the end of the game and the result backed up (1 for the winner, 0 for the
  loser). The move played is the root child visited most (ties: the better mean, then the rng).
  The position is the bots' compact :class:`~game.ai.kaito_engine.FastPos` (the same rules,
  checked against the core in ``tests/test_ai.py``).
* ``ismcts:<N>`` (Sushi Draft, RULES.md section 2; Kanji-zushi, RULES.md section 3) — single-
  observer information-set MCTS (Cowling, Powley and Whitehouse 2012): ``N`` iterations per
  decision, each on a fresh *determinization*, a full game state sampled consistently with the
  seat's VIEW only (the bot never sees the state). Tree nodes are the observer's information
  sets: a child is keyed by what the observer saw during the step (``state.events_for(seat)``
  of the actions applied: the core's own redaction, so nothing hidden can key a node). At each
  node every seat to act keeps its own bandit statistics and chooses independently (decoupled
  UCT at Sushi Draft's simultaneous phases; at Kanji-zushi's turns that is the one seat to move),
  by UCB1 over the actions legal in this determinization with availability counts (a
  subset-armed bandit: an action's exploration term uses how often it was available, not the
  node's visits). A new node is left by a uniformly random rollout to the end of the game on the
  real rules (:mod:`game.sushi`, :mod:`game.kanji`). Each seat's reward is its win share: 1/k if
  it is one of k winners, else 0. The action played is the observer's most visited one at the
  root.

Exploration constant: ``c = 1.0`` on rewards in [0, 1], i.e. ``mean + c * sqrt(ln(n_parent) /
n_child)``; it equals OpenSpiel's default ``uct_c = 2`` on its returns in [-1, 1] (the exploit
term halves when the reward range does). Option ``exploration`` changes it.

Determinizations reuse the hard bots' samplers (no second sampler):

* Sushi Draft: :class:`~game.ai.sushi_sim.Determinizer` (every hand of this round, consistent
  with the seat's own hands, keeps and every revealed eat; other seats' choices modelled as
  uniform over their cards), then the chip values the seat has not seen shuffled among the other
  seats' chips and the piles, and the later rounds dealt from a shuffled deck.
* Kanji-zushi: :class:`~game.ai.kanji_ai.HiddenSampler` with ``pass_trust = 0`` (only hard
  evidence: cards seen tried stay in hand; a pass is not read as "had no valid pair", which would
  be a model of how opponents play).

Kanji-zushi's action set is abstracted: a wrong attempt has exactly a pass's effect on the
position (RULES.md section 3 ruling) and only gives information away, so the search (tree and
rollouts) chooses among the valid completions and ``pass``. At the root it passes with a valid
pair in reach only when :func:`~game.ai.kanji_ai.may_wait` allows it (the hard bot's rule that
keeps games finite).

Levels are parsed by :func:`parse_level` (``"mcts:1000"`` -> ``("mcts", 1000)``);
:func:`make_reference_bot` builds the bot. Budgets are simulations, never time, so a decision is
reproducible from its rng.
"""

from __future__ import annotations

import math
import random
import re
from typing import Any, ClassVar, Sequence

from .. import kanji_data
from ..core import GameState
from ..kaito import KaitoView
from ..kanji import KANJI, PASS, KanjiState, KanjiView, attempt_text
from ..sushi import CARD_COUNTS, CARD_NAMES, CHIP_VALUES, HAND_SIZE, PILES, ROUNDS, SUSHI, SushiState, SushiView
from .base import Bot
from .kaito_engine import FastPos, move_to_action
from .kanji_ai import HiddenSampler, may_wait, valid_options
from .kanji_ai import InconsistentView as KanjiInconsistent
from .sushi_sim import Determinizer, cards_of
from .sushi_sim import InconsistentView as SushiInconsistent

#: UCB1 exploration constant on rewards in [0, 1] (OpenSpiel's ``uct_c = 2`` on [-1, 1]).
EXPLORATION = 1.0
#: Reference level kind -> the games it plays.
KINDS: dict[str, tuple[str, ...]] = {"mcts": ("kaito",), "ismcts": ("sushi-draft", "kanji-zushi")}
_LEVEL_RE = re.compile(r"^([a-z]+):(\d+)$")
_OPTIONS = {"exploration"}


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
    if kind not in KINDS:
        raise ValueError(f"unknown reference level {kind!r} in {level!r}; known: {', '.join(KINDS)}")
    if game_name not in KINDS[kind]:
        right = [k for k, games in KINDS.items() if game_name in games]
        hint = f"; use {right[0]}:N" if right else ""
        raise ValueError(f"{kind}:N is for {', '.join(KINDS[kind])}, not {game_name}{hint}")
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
    bot: _ReferenceBot
    if game_name == "kaito":
        bot = KaitoMctsBot(rng, budget, float(c))
    elif game_name == "sushi-draft":
        bot = SushiIsmctsBot(rng, budget, float(c))
    else:
        bot = KanjiIsmctsBot(rng, budget, float(c))
    bot.level = f"{kind}:{budget}"
    return bot


class _ReferenceBot(Bot):
    """Shared constructor: ``budget`` simulations (iterations) per decision, UCB1 constant ``c``."""

    def __init__(self, rng: random.Random, budget: int, exploration: float = EXPLORATION) -> None:
        super().__init__(rng)
        self.budget = budget
        self.c = exploration
        #: after a search: ``{"simulations", "visits" (action -> root visits)}``; ``{}`` before.
        self.last_info: dict = {}


# -- KAITO: plain UCT ------------------------------------------------------------------------------


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


def _kaito_rollout(pos: FastPos, rng: random.Random) -> int:
    """Uniformly random moves to the end; returns the winning seat (RULES.md section 1, end)."""
    while True:
        moves = pos.gen()
        if not moves:
            return 1 - pos.side  # no tile in the Kaito's lines: the side to move loses
        loser = pos.make(moves[rng.randrange(len(moves))])
        if loser >= 0:
            return 1 - loser


class KaitoMctsBot(_ReferenceBot):
    """Plain UCT for KAITO (see the module docstring): ``budget`` simulations per decision."""

    game_name = "kaito"
    level = "mcts"

    def choose(self, view: KaitoView) -> str:
        actions = view.legal_actions
        if not actions:
            raise ValueError("the view has no legal action (not this seat's turn, or the game is over)")
        if len(actions) == 1:
            return actions[0]
        rng = self.rng
        start = FastPos.from_view(view)
        moves = start.gen()
        rng.shuffle(moves)
        root = _UctNode(-1, 1 - start.side, -1, moves)
        for _ in range(self.budget):
            self._simulate(root, start.copy(), rng)
        best = max(root.children, key=lambda ch: (ch.visits, ch.wins / ch.visits, rng.random()))
        self.last_info = {"simulations": self.budget,
                          "visits": {move_to_action(ch.move): ch.visits for ch in root.children}}
        return move_to_action(best.move)

    def _simulate(self, root: _UctNode, pos: FastPos, rng: random.Random) -> None:
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
            winner = _kaito_rollout(pos, rng)
        for n in path:
            n.visits += 1
            if n.mover == winner:
                n.wins += 1.0


# -- single-observer IS-MCTS (Sushi Draft, Kanji-zushi) ---------------------------------------------


class _InfoNode:
    """An information set of the observer: per acting seat, action -> ``[visits, reward sum,
    availability]``; children keyed by the observer's observation of the step."""

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


class _IsmctsBot(_ReferenceBot):
    """The game-agnostic IS-MCTS loop; a subclass supplies the determinizations and action sets.

    Subclasses implement :meth:`worlds` (a sampler ``rng -> GameState`` built once per decision
    from the view, or None if no deal explains it), :meth:`actions` (the search's actions of a
    seat in a determinization) and may narrow :meth:`root_actions`."""

    def worlds(self, view: Any) -> Any:
        raise NotImplementedError

    def actions(self, state: Any, seat: int) -> list[str]:
        raise NotImplementedError

    def root_actions(self, view: Any) -> list[str]:
        """The observer's candidates at the root (default: every legal action of the view)."""
        return list(view.legal_actions)

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
        while not state.is_over():
            if node.visits == 0 and node is not root:
                self._rollout(state, rng)
                break
            joint = [(s, self._select(node, s, root_actions if node is root and s == me
                                      else self.actions(state, s), rng))
                     for s in state.to_act()]
            since = len(state.events)
            for s, a in joint:
                state.apply(s, a)
            key = tuple(state.events_for(me, since))
            path.append((node, joint))
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = _InfoNode()
            node = child
        rewards = win_shares(state)
        node.visits += 1
        for n, joint in path:
            n.visits += 1
            for s, a in joint:
                st = n.stats[s][a]
                st[0] += 1
                st[1] += rewards[s]

    def _rollout(self, state: Any, rng: random.Random) -> None:
        """Uniformly random actions of the search's action set to the end of the game."""
        while not state.is_over():
            for s in state.to_act():
                acts = self.actions(state, s)
                state.apply(s, acts[rng.randrange(len(acts))])


class SushiIsmctsBot(_IsmctsBot):
    """IS-MCTS for Sushi Draft (RULES.md section 2); determinizations from
    :func:`sushi_world_sampler`, every legal action searched."""

    game_name = "sushi-draft"
    level = "ismcts"

    def worlds(self, view: SushiView) -> Any:
        try:
            return sushi_world_sampler(view, self.rng)
        except SushiInconsistent:
            return None

    def actions(self, state: SushiState, seat: int) -> list[str]:
        return state.legal_actions(seat)


def sushi_world_sampler(view: SushiView, rng: random.Random, particles: int = 48) -> Any:
    """A sampler ``rng -> SushiState``: full game states consistent with ``view`` (RULES.md §2).

    Each call draws this round's hands from a :class:`~game.ai.sushi_sim.Determinizer` (built
    once, here), the chip values the seat has not seen (each pile's values minus the seat's own
    chips of that pile, shuffled among the other seats' chips of that pile, in the order won, and
    the pile) and the later rounds' deals from a shuffled 32-card deck. The state starts at the
    view's phase with no choice pending (a seat that already chose in the view chooses again in
    the world), an empty history and an empty event log.

    Raises:
        InconsistentView: (from the Determinizer) no deal explains the view."""
    det = Determinizer(view, rng, particles)
    me, n = view.seat, view.num_seats
    deck = [name for name in CARD_NAMES for _ in range(CARD_COUNTS[name])]
    unseen: dict[str, list[int]] = {}
    for pile in PILES:
        values = list(CHIP_VALUES[pile])
        for p, v in view.my_chips:
            if p == pile:
                values.remove(v)
        unseen[pile] = values

    def sample(r: random.Random) -> SushiState:
        hands, _ = det.sample(r)
        deals = []
        for _ in range(ROUNDS):
            cards = list(deck)
            r.shuffle(cards)
            deals.append(tuple(tuple(cards[HAND_SIZE * s:HAND_SIZE * (s + 1)]) for s in range(n)))
        piles: dict[str, list[int]] = {}
        for pile in PILES:
            values = list(unseen[pile])
            r.shuffle(values)
            piles[pile] = values
        chips: list[list[tuple[str, int]]] = []
        for s in range(n):
            chips.append(list(view.my_chips) if s == me else [(p, piles[p].pop()) for p in view.chips[s]])
        st = SushiState.__new__(SushiState)
        st.game = SUSHI
        st.num_seats = n
        st.deals = tuple(deals)
        st.initial_piles = {p: tuple(v) for p, v in piles.items()}
        st.piles = piles
        st.chips = chips
        st.round, st.step, st.phase = view.round, view.step, view.phase
        st.hands = [list(cards_of(h)) for h in hands]
        st.eaten = [list(e) for e in view.eaten]
        st.past_eaten = list(view.past_eaten)
        st.held_hands = [list(view.my_hands) if s == me else [tuple(st.hands[s])] for s in range(n)]
        st.kept = [list(view.my_kept) if s == me else [] for s in range(n)]
        st.pending = {}
        st.awards = list(view.awards)
        st.phases = []
        st.history = []
        st.events = []
        st._outcome = None
        return st

    return sample


class KanjiIsmctsBot(_IsmctsBot):
    """IS-MCTS for Kanji-zushi (RULES.md section 3); determinizations from
    :func:`kanji_world_sampler`; actions: the valid completions and ``pass`` (see the module
    docstring)."""

    game_name = "kanji-zushi"
    level = "ismcts"
    _valid: ClassVar[dict[str, frozenset[tuple[str, str]]]] = {}

    def worlds(self, view: KanjiView) -> Any:
        try:
            return kanji_world_sampler(view)
        except KanjiInconsistent:
            return None

    def root_actions(self, view: KanjiView) -> list[str]:
        done = sorted({attempt_text(n, s) for _, n, s in valid_options(view)})
        return done + [PASS] if not done or may_wait(view) else done

    def actions(self, state: KanjiState, seat: int) -> list[str]:
        valid = self._valid.get(state.answer_key)
        if valid is None:
            valid = self._valid[state.answer_key] = frozenset(kanji_data.valid_pairs(state.answer_key))
        table = {s for s in state.table if s is not None}
        out = sorted({attempt_text(n, s) for n in state.hands[seat] for s in table if (n, s) in valid})
        out.append(PASS)
        return out

    def _rollout(self, state: KanjiState, rng: random.Random) -> None:
        state.log_events = False  # a throw-away world: the same positions, no event records
        super()._rollout(state, rng)


def kanji_world_sampler(view: KanjiView) -> Any:
    """A sampler ``rng -> KanjiState``: full game states consistent with ``view`` (RULES.md §3):
    hands, neta decks and the shari pile from :class:`~game.ai.kanji_ai.HiddenSampler`
    (``pass_trust = 0``), the public table, completed kanji and attempt log from the view; the
    history is the attempt log, the event log empty.

    Raises:
        InconsistentView: (from the HiddenSampler) no deal explains the view."""
    sampler = HiddenSampler(view, pass_trust=0.0)

    def sample(r: random.Random) -> KanjiState:
        deal = sampler.sample(r)
        st = KanjiState.__new__(KanjiState)
        st.game = KANJI
        st.num_seats = view.num_seats
        st.answer_key = view.answer_key
        st.shari_order = ()
        st.neta_orders = ()
        st.table = list(view.table)
        st.shari_pile = list(deal.pile)
        st.hands = [list(h) for h in deal.hands]
        st.neta_decks = [list(d) for d in deal.decks]
        st.completed = [list(k) for k in view.completed]
        st.attempts = list(view.attempts)
        st.history = [(a.seat, a.action) for a in view.attempts]
        st.to_move = view.to_move
        st.tie_break = None
        st._outcome = None
        st.events = []
        st.log_events = True
        return st

    return sample
