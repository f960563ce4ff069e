"""A game's part of the dev tools (:class:`DevTools`), named by its ``GameInfo.devtools`` (split from
:mod:`scenes.play.registration`: the app's start defines only what the menu needs, and this class
of 25 fields cost ~2 ms of it; issue 34).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass(frozen=True)
class DevTools:
    """A game's part of the dev tools (:mod:`scenes.devtools`: the layout walks, the self-test, the
    bench and its pacing), ``DEVTOOLS`` in ``scenes/<name>/devtools.py``. Every field has a generic
    default, so a game with none is still walked. The functions take a walker ``w`` (the dev tools'
    ``Walker``: its driver ``w.d`` and the walks' helpers), so the room imports no dev tool.

    new_state: ``(n, seed) -> state``, a seeded deal for ``n`` seats (default: the rules' own).
    play_kwargs: what the setup screen adds to a play scene's kwargs (e.g. ``colors``).
    setup_players: the seat count the shell walk picks on a multi-seat setup (0: the fewest).
    walks: the layout walks of its play scene, ``(sheet, walk(w) -> Iterator[state], fast states)``
        (default: the opening, the end after the AIs played, the score screen).
    replay: ``(seats, seed)`` of the AI game shown in the replay walk (0 seats: the fewest);
        replay_fast: that state is a fast one.
    tutorial_fast: the tutorial walk's fast states.
    wrong_move: ``(d, marked, others) -> bool | None``, the tutorial's wrong move where the generic
        one (drag another piece of the marked kind, or click it) is not (None: the generic one).
    selftest_choices: the self-test's set-up clicks for a game played by mouse; selftest_act:
        ``(w, scene, tally)``, one step by mouse on the play scene (tally: counts kept across the game);
        selftest_end: ``(w, score, tally, log)``, the score screen checked and the count logged;
        selftest_seconds, selftest_coach (the replay viewer's coach on); selftest_check: ``() ->
        error or ""``, the game's data checked. No ``selftest_act``: the game is played by its AIs.
    pacing: ``(report name, seats, goal_s)`` of the bench's pacing; pacing_act: ``(human, scene,
        seat) -> bool``, a scripted decision (``human.drag``, ``human.click``, ``human.rng``).
    bench_play: the bench's play kwargs; bench_score: ``(app, play_out)``, a score screen on top
        (``play_out(state, choose)``: the dev tools play ``choose(state, seat)`` for every seat to act
        to the end — a room applies no action itself);
        bench_extras: ``(b, play)``, more measures (``b.scene``, ``b.label``, ``b.when``);
        bench_replay: the AI levels of the replay measure; bench_thinking: HARD-vs-HARD kwargs.
    online_play: ``(o) -> Iterator[state]``, the online-play walk's tables of the game (``o.host(seats)``:
        the play scene and the friend; ``o.still()``, ``o.say``, ``o.drop``, ``o.until``, ``o.d``);
        online_fast: its fast states (the default table: ``<room>-said``, not fast).
    """

    new_state: Callable[[int, int], Any] | None = None
    play_kwargs: dict = field(default_factory=dict)
    setup_players: int = 0
    walks: tuple[tuple[str, Callable[[Any], Any], tuple[str, ...]], ...] = ()
    replay: tuple[int, int] = (0, 1)
    replay_fast: bool = False
    tutorial_fast: tuple[str, ...] = ()
    wrong_move: Callable[..., bool | None] | None = None
    selftest_choices: tuple[str, ...] = ()
    selftest_act: Callable[..., None] | None = None
    selftest_end: Callable[..., None] | None = None
    selftest_seconds: float = 40.0
    selftest_coach: bool = False
    selftest_check: Callable[[], str] | None = None
    pacing: tuple[str, tuple[str, ...], float] | None = None
    pacing_act: Callable[..., bool] | None = None
    bench_play: dict = field(default_factory=dict)
    bench_score: Callable[[Any, Callable[..., Any]], None] | None = None
    bench_extras: Callable[..., None] | None = None
    bench_replay: tuple[str, ...] = ()
    bench_thinking: dict = field(default_factory=dict)
    online_play: Callable[..., Any] | None = None
    online_fast: tuple[str, ...] = ()


__all__ = ["DevTools"]
