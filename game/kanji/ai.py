"""Kanji-zushi's bots (RULES.md section 3): random, easy, medium, hard.

Every bot reads only its seat's :class:`~game.kanji.rules.KanjiView` (its own hand, the table, every
seat's completed kanji, hand and deck sizes and the public attempt log) plus the public kanji data
of :mod:`game.kanji.data` (which pairs form which character, validity, strokes: a human player
knows kanji too), draws randomness only from its seeded ``random.Random`` and answers one of
``view.legal_actions`` (``"亻+木"`` or ``"pass"``).

* ``random`` — uniform over the legal actions (so mostly wrong attempts, sometimes ``pass``).
* ``easy`` — a learner (:class:`KanjiEasyBot`): with a valid pair in reach it completes one,
  at random leaning to common (low-grade) and big kanji, except that with probability
  ``mistake_rate`` (0.25) it tries a *plausible wrong* pair instead (one that forms a real
  character outside the answer key, e.g. 暘 or 桧); it never tries a pair that forms no
  character, and passes only when it has no valid pair (then it still tries a plausible wrong
  pair with the same probability).
* ``medium`` — greedy (:class:`KanjiMediumBot`): the valid pair with the most strokes now (ties
  at random); passes only when it has no valid pair.
* ``hard`` — determinized Monte Carlo (:class:`KanjiHardBot`): it samples the hidden cards
  consistently with the view (:class:`HiddenSampler`: the shari draw pile = the 46-card deck minus
  the table and every completed shari; each opponent's hand = ``hand_sizes[s]`` of its 10 neta
  minus its completed ones, holding every neta it was seen trying and, softly, with no valid pair
  at the times it passed), then plays each candidate (every distinct valid pair, and waiting) to
  the end of the game with greedy play for every seat (common random numbers for all candidates)
  and scores the real result (win share with the tie-break on the biggest kanji, plus a little
  stroke margin). It may wait (pass with a valid pair in reach) when that scores better, never
  twice on an unchanged table nor as the last seat playing; see the class docstring.


Every level but random takes a ``style`` option (issue 36, the characters of
:mod:`game.kanji.characters`): ``"strokes"`` (greedy for strokes: the biggest kanji, waiting for
them) or ``"race"`` (racing to five kanji: never waits, and keeps its hand able to complete more);
see :data:`STYLES`.
"""

from __future__ import annotations

import random
import time
from typing import Any, Callable

from game.ai.base import Bot, RandomBot, style_of
from game.kanji.rules import PASS, KanjiView, attempt_text
from game.kanji.sampling import (  # noqa: F401  (offered here too: the names live in game.kanji.sampling)
    NETA_INDEX,
    SHARI_INDEX,
    Deal,
    HiddenSampler,
    InconsistentView,
    Sim,
    key_table,
    may_wait,
    next_active,
)

GAME = "kanji-zushi"
#: Default per-decision time budget of the hard bot, in seconds (decisions stay well under 0.5 s).
DEFAULT_TIME_BUDGET_S = 0.15
#: Easy's default probability of trying a plausible wrong pair.
DEFAULT_MISTAKE_RATE = 0.25


def _check_options(options: dict[str, Any], known: set[str]) -> None:
    unknown = set(options) - known
    if unknown:
        raise ValueError(f"unknown Kanji-zushi bot option(s): {', '.join(sorted(unknown))}; "
                         f"known: {', '.join(sorted(known)) or 'none'}")


def _check_view(view: KanjiView) -> None:
    if not view.legal_actions:
        raise ValueError("the view has no legal action (not this seat's turn, or the game is over)")


# -- answer-key tables ----------------------------------------------------------------------------


def valid_options(view: KanjiView) -> list[tuple[int, str, str]]:
    """The distinct valid pairs this seat can complete now, as ``(strokes, neta, shari)``, sorted
    by strokes descending, then neta and shari names (RULES.md §3, "Which kanji are valid";
    answer key ``view.answer_key``). [] if none."""
    key = key_table(view.answer_key)
    table = {s for s in view.table if s is not None}
    out = {(key.strokes[NETA_INDEX[n]][SHARI_INDEX[s]], n, s) for n in view.hand for s in table if (n, s) in key.valid}
    return sorted(out, key=lambda o: (-o[0], o[1], o[2]))


def plausible_wrong_options(view: KanjiView) -> list[tuple[str, str]]:
    """The distinct pairs of this seat's hand and the table that form a real character which the
    answer key rejects (e.g. 日 + 昜 = 暘, not regular-use), sorted by names. [] if none."""
    key = key_table(view.answer_key)
    table = {s for s in view.table if s is not None}
    return sorted({(n, s) for n in view.hand for s in table if (n, s) in key.plausible_wrong})


#: The play styles (issue 36, item 2). ``strokes``: greedy for strokes — easy weighs a kanji by
#: strokes³ (not grade x strokes²), medium waits while its best pair has fewer than
#: :data:`BIG_KANJI` strokes (when :func:`may_wait` allows), hard counts the stroke margin three
#: times as much and waits a little more readily. ``race``: races to five kanji — it never waits,
#: and easy and medium prefer the pair that leaves their hand the most pairs to complete next
#: (:func:`options_after`); hard adds a bonus per kanji it completes in the play-out. Measured to
#: differ (``tests/test_characters.py``) and to keep each level's band (``docs/ai_figures.md``,
#: "Characters").
STYLES: tuple[str, ...] = ("strokes", "race")
#: The stroke count a ``strokes`` medium waits for (RULES.md §3: score = strokes).
BIG_KANJI = 8


def _check_style(style: str | None) -> str | None:
    return style_of({s: s for s in STYLES}, style, "Kanji-zushi")


def options_after(view: KanjiView, neta: str, shari: str) -> int:
    """How many distinct valid pairs this seat's hand would still make with the table after
    completing ``neta`` + ``shari`` (the neta leaves the hand, the shari the table; the refill is
    unknown and not counted)."""
    key = key_table(view.answer_key)
    hand = list(view.hand)
    hand.remove(neta)
    table = [x for x in view.table if x is not None]
    table.remove(shari)
    return len({(n, s) for n in hand for s in table if (n, s) in key.valid})


# -- random / easy / medium -----------------------------------------------------------------------

class KanjiRandomBot(RandomBot):
    """Uniform over ``view.legal_actions`` (every hand neta x table shari attempt, and ``pass``)."""

    game_name = GAME

    def __init__(self, rng: random.Random, **options: Any) -> None:
        _check_options(options, set())
        super().__init__(rng, GAME)


#: Easy's liking of a kanji by KANJIDIC2 grade (1-6 primary school, 8 the rest of the Jōyō list):
#: a learner reaches for the kanji it met first.
_GRADE_WEIGHT = {1: 6.0, 2: 5.0, 3: 4.0, 4: 3.0, 5: 2.0, 6: 2.0, 8: 1.0}


class KanjiEasyBot(Bot):
    """A learner. Contract (RULES.md §3 actions):

    * with probability ``mistake_rate`` (default 0.25), if its hand and the table make any pair
      that forms a real character the answer key rejects (:func:`plausible_wrong_options`), it
      tries one of those, uniformly;
    * otherwise, if it has a valid pair, it completes one at random with weight = (school-grade
      liking: grade 1: 6, 2: 5, 3: 4, 4: 3, 5-6: 2, secondary school: 1) x strokes²: it leans to
      common kanji and to big ones, but does not reliably take the most strokes;
    * otherwise it passes.
    So it never passes while it holds a valid pair, and never tries a pair that forms no character.

    Options: ``mistake_rate`` (float in [0, 1]); ``style`` (:data:`STYLES`): weights strokes³
    (``strokes``) or grade x (1 + :func:`options_after`)² (``race``) instead.

    Raises:
        ValueError: (constructor) unknown option or a ``mistake_rate`` outside [0, 1]."""

    game_name = GAME
    level = "easy"

    def __init__(self, rng: random.Random, mistake_rate: float = DEFAULT_MISTAKE_RATE,
                 style: str | None = None, **options: Any) -> None:
        _check_options(options, {"mistake_rate"})
        self.style = _check_style(style)
        if (isinstance(mistake_rate, bool) or not isinstance(mistake_rate, (int, float))
                or not 0.0 <= mistake_rate <= 1.0):
            raise ValueError(f"mistake_rate must be a number in [0, 1], not {mistake_rate!r}")
        super().__init__(rng)
        self.mistake_rate = float(mistake_rate)

    def choose(self, view: KanjiView) -> str:
        _check_view(view)
        slip = self.rng.random() < self.mistake_rate
        if slip:
            wrong = plausible_wrong_options(view)
            if wrong:
                return attempt_text(*wrong[self.rng.randrange(len(wrong))])
        options = valid_options(view)
        if not options:
            return PASS
        key = key_table(view.answer_key)
        if self.style == "strokes":
            weights = [float(strokes) ** 3 for strokes, n, s in options]
        elif self.style == "race":
            weights = [_GRADE_WEIGHT.get(key.formed[(n, s)].grade or 8, 1.0) * (1 + options_after(view, n, s)) ** 2
                       for strokes, n, s in options]
        else:
            weights = [_GRADE_WEIGHT.get(key.formed[(n, s)].grade or 8, 1.0) * strokes * strokes
                       for strokes, n, s in options]
        r = self.rng.random() * sum(weights)
        for (_, n, s), w in zip(options, weights):
            r -= w
            if r < 0:
                return attempt_text(n, s)
        _, n, s = options[-1]
        return attempt_text(n, s)


class KanjiMediumBot(Bot):
    """Greedy: completes the valid pair with the most strokes now (ties broken with the rng);
    passes only when it has no valid pair (RULES.md §3: score = strokes).

    Option ``style`` (:data:`STYLES`): ``strokes`` also waits while its best pair has fewer than
    :data:`BIG_KANJI` strokes and :func:`may_wait` allows it; ``race`` completes the pair with the
    most strokes + 4 x :func:`options_after` (its hand kept able to complete)."""

    game_name = GAME
    level = "medium"

    def __init__(self, rng: random.Random, style: str | None = None, **options: Any) -> None:
        _check_options(options, set())
        super().__init__(rng)
        self.style = _check_style(style)

    def choose(self, view: KanjiView) -> str:
        _check_view(view)
        options = valid_options(view)
        if not options:
            return PASS
        if self.style == "strokes" and options[0][0] < BIG_KANJI and may_wait(view):
            return PASS
        if self.style == "race":
            scored = [(strokes + 4 * options_after(view, n, s), n, s) for strokes, n, s in options]
            options = sorted(scored, key=lambda o: (-o[0], o[1], o[2]))
        top = options[0][0]
        best = [o for o in options if o[0] == top]
        _, n, s = best[self.rng.randrange(len(best))] if len(best) > 1 else best[0]
        return attempt_text(n, s)


# -- hidden-information sampler ---------------------------------------------------------------------


# -- compact simulator ------------------------------------------------------------------------------


class KanjiHardBot(Bot):
    """Determinized Monte Carlo over the rest of the game (RULES.md §3).

    Candidates: every distinct valid pair this seat can complete now, plus waiting (``pass``) when
    :func:`may_wait` allows it. With no valid pair it passes at once; with one valid pair and no
    waiting allowed it plays it at once. Otherwise, for each world (a :class:`Deal` drawn by
    :class:`HiddenSampler`: pile order, opponents' hands and decks, its own deck order), every
    candidate is played and the game finished with greedy play by every seat (the same world for
    all candidates: common random numbers). A result scores ``1/k`` if this seat is among the k
    winners (total strokes, then the biggest single kanji: RULES.md §3 scoring), plus
    ``margin_weight`` x (own total - the best other total). The completion with the best mean is
    played, unless waiting scores more than it by over ``wait_margin``.

    Is it ever good to wait? Yes: a seat's kanji are capped at 5 but its turns are not, and every
    completion by another seat turns up a new table card at no cost to the waiting seat, so with
    only a weak pair in reach it can pay to let the others move first (the risk: they take the
    shari it wanted, or the table dies before it has its 5). Measured: without waiting this bot
    wins about 56% of 2-seat games against ``medium``, with it about 70%. To keep the game
    finite, it never waits when it is the only seat still playing (nothing could change) nor twice
    on a table nobody changed (:func:`may_wait`), and it never makes a wrong attempt.

    Options:
        time_budget_s: seconds per decision (default 0.15; the clock is checked after each world).
        iterations: if given, exactly this many worlds per decision and no deadline
            (deterministic; the clock then only times the decision for ``"ms"``).
        margin_weight: weight of the stroke margin (default 0.01 per stroke; 0.03 with the
            ``strokes`` style).
        wait_margin: how much better waiting must score than the best completion (default 0;
            -0.02 with the ``strokes`` style: it waits when waiting scores nearly as well).
        style: a play style (:data:`STYLES`): ``strokes`` (the two settings above) or ``race``
            (never waits; each kanji it completes in a play-out adds 0.04 to the result).
        pass_trust: how surely a pass means "had no valid pair" (default 0.9, see
            :class:`HiddenSampler`).
        clock: the time source the budget is measured on, ``() -> float`` in seconds (default
            ``time.perf_counter``; tests inject a fake one). Read once before the first world,
            once after each world (unless ``iterations`` is given) and once for ``"ms"``; not
            read for a decision taken without search.

    Attributes:
        last_info: after a search, ``{"worlds", "means" (action -> mean score), "ms"
            (milliseconds on the clock)}``; ``{}`` for a decision taken without search.

    Raises:
        ValueError: (constructor) unknown option or a bad value."""

    game_name = GAME
    level = "hard"
    _OPTIONS = {"time_budget_s", "iterations", "margin_weight", "wait_margin", "pass_trust"}
    #: per style: margin_weight, wait_margin (None: never waits), bonus per own kanji completed
    STYLE_SETTINGS: dict[str | None, tuple[float, float | None, float]] = {
        None: (0.01, 0.0, 0.0), "strokes": (0.03, -0.02, 0.0), "race": (0.01, None, 0.04)}

    def __init__(self, rng: random.Random, time_budget_s: float = DEFAULT_TIME_BUDGET_S,
                 iterations: int | None = None, margin_weight: float | None = None,
                 wait_margin: float | None = None, pass_trust: float = 0.9,
                 clock: Callable[[], float] = time.perf_counter, style: str | None = None,
                 **options: Any) -> None:
        _check_options(options, self._OPTIONS)
        self.style = _check_style(style)
        style_margin, style_wait, self.kanji_bonus = self.STYLE_SETTINGS[self.style]
        #: whether it may wait at all (a ``race`` style never does)
        self.waits = style_wait is not None
        margin_weight = style_margin if margin_weight is None else margin_weight
        wait_margin = (style_wait or 0.0) if wait_margin is None else wait_margin
        if isinstance(time_budget_s, bool) or not isinstance(time_budget_s, (int, float)) or time_budget_s <= 0:
            raise ValueError(f"time_budget_s must be a positive number of seconds, not {time_budget_s!r}")
        if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int)
                                       or iterations < 1):
            raise ValueError(f"iterations must be a positive integer or None, not {iterations!r}")
        if isinstance(margin_weight, bool) or not isinstance(margin_weight, (int, float)) or margin_weight < 0:
            raise ValueError(f"margin_weight must be a number >= 0, not {margin_weight!r}")
        if isinstance(wait_margin, bool) or not isinstance(wait_margin, (int, float)) or not -1 <= wait_margin <= 1:
            raise ValueError(f"wait_margin must be a number from -1 to 1, not {wait_margin!r}")
        if isinstance(pass_trust, bool) or not isinstance(pass_trust, (int, float)) or not 0 <= pass_trust <= 1:
            raise ValueError(f"pass_trust must be a number in [0, 1], not {pass_trust!r}")
        if not callable(clock):
            raise ValueError(f"clock must be a callable returning seconds, not {clock!r}")
        super().__init__(rng)
        self.clock = clock
        self.time_budget_s = float(time_budget_s)
        self.iterations = iterations
        self.margin_weight = float(margin_weight)
        self.wait_margin = float(wait_margin)
        self.pass_trust = float(pass_trust)
        self.last_info: dict = {}

    def choose(self, view: KanjiView) -> str:
        _check_view(view)
        self.last_info = {}
        options = valid_options(view)
        if not options:
            return PASS
        wait = self.waits and may_wait(view)
        if len(options) == 1 and not wait:
            return attempt_text(options[0][1], options[0][2])
        clock = self.clock
        t0 = clock()
        try:
            sampler = HiddenSampler(view, self.pass_trust)
        except InconsistentView:
            return KanjiMediumBot(self.rng).choose(view)
        me, n = view.seat, view.num_seats
        slots = {}
        for slot, s in enumerate(view.table):
            if s is not None and s not in slots:
                slots[s] = slot
        firsts: list[tuple[int, int] | None] = [(NETA_INDEX[nn], slots[ss]) for _, nn, ss in options]
        if wait:
            firsts.append(None)
        after = next_active(view, me)
        sums = [0.0] * len(firsts)
        worlds = 0
        deadline = t0 + self.time_budget_s
        mw = self.margin_weight
        bonus = self.kanji_bonus
        while True:
            deal = sampler.sample(self.rng)
            base = Sim.from_view(view, deal)
            for i, first in enumerate(firsts):
                sim = base.copy()
                if first is not None:
                    sim.complete(me, first[0], first[1])
                # After a wait the table is not dead (this seat can complete), so no pass counts.
                sim.playout(after)
                winners = sim.winners()
                value = (1.0 / len(winners)) if me in winners else 0.0
                other = max(sim.score[s] for s in range(n) if s != me)
                sums[i] += value + mw * (sim.score[me] - other) + bonus * sim.count[me]
            worlds += 1
            if self.iterations is not None:
                if worlds >= self.iterations:
                    break
            elif clock() >= deadline:
                break
        means = [s / worlds for s in sums]
        labels = [attempt_text(nn, ss) for _, nn, ss in options] + ([PASS] if wait else [])
        complete_means = means[:len(options)]
        top = max(complete_means)
        best = [i for i, m in enumerate(complete_means) if m >= top - 1e-12]
        choice = best[self.rng.randrange(len(best))] if len(best) > 1 else best[0]
        if wait and means[-1] > top + self.wait_margin:
            choice = len(firsts) - 1
        self.last_info = {"worlds": worlds, "means": dict(zip(labels, means)),
                          "ms": (clock() - t0) * 1000.0}
        return labels[choice]


#: Level -> factory ``(rng, **options) -> Bot`` (see :mod:`game.ai.registry`).
BOTS = {
    "random": KanjiRandomBot,
    "easy": KanjiEasyBot,
    "medium": KanjiMediumBot,
    "hard": KanjiHardBot,
}
