"""KAITO's part of the dev tools (:class:`~scenes.play.registration.DevTools`, read by
:mod:`scenes.devtools`): its layout walk, its seeded deal (red against blue), the tutorial's wrong
move (the Kaito dragged to another square it may reach), the bench's and the pacing's games, and
its online tables in play (a friend away, the stand-in). Imported by the dev tools only."""
from __future__ import annotations

import random
from typing import Any, Callable, Iterator

from game.kaito.rules import KAITO, square_name
from scenes.play.devhooks import DevTools

#: The colours of the walks' and the bench's games, in seat order (the setup screen's ``colors``).
COLORS = ("R", "B")


def new_state(n: int, seed: int) -> Any:
    """A seeded deal, red against blue (``n`` is always 2)."""
    return KAITO.new_state(2, random.Random(seed), colors=COLORS)


def walk(w: Any) -> Iterator[str]:
    """KAITO against the Hard AI: the opening, a middle position with the hint shown, the same
    after an undo, the end kept on screen, the score screen."""
    d = w.d
    st = w.new_state(2, 3)
    seats = ["hard", "hard"]
    seats[st.to_act()[0]] = "human"
    w.show("kaito_play", state=st, seats=seats, colors=COLORS, seed=3, hints=True)
    yield "opening"
    st = w.bot_play(w.new_state(2, 3), lambda s: len(s.history) >= 14)
    seats = ["hard", "hard"]
    seats[st.to_act()[0]] = "human"
    scene = w.show("kaito_play", state=st, seats=seats, colors=COLORS, seed=3, hints=True)
    yield "middle"
    yield from w.log_states(scene)
    scene.ask_hint()
    w.settle()
    yield "hint"
    if w.human_acts(scene):
        w.until_human(scene)
        scene.undo()
        w.settle()
        yield "undone"
    st = w.bot_play(w.new_state(2, 3), lambda s: False)
    scene = w.show("kaito_play", state=st, seats=["human", "hard"], colors=COLORS, seed=3)
    yield "end"
    if d.has("button:score"):
        d.click("button:score")
        w.settle()
        yield "score"


def wrong_move(d: Any, marked: list[str], others: list[str]) -> bool | None:
    """The tutorial's wrong move on the board: the Kaito dragged to another square it may legally
    reach (None when the step marks no tile: the generic wrong move)."""
    if marked[0].split(":")[0] != "tile":
        return None
    top = d.app.manager.top()
    legal = {a.lstrip("@").partition("+")[0] for a in top.match.legal_actions(top.coach.human)}
    others = [i for i in others if i.partition(":")[2] in legal]
    if not others:
        return False
    if len(marked) >= 2:
        d.drag(others[0], marked[1])
    else:
        d.drag("kaito", others[0])
    return True


def pacing_act(human: Any, scene: Any, seat: int) -> bool:
    """The scripted player's move: the Kaito dragged to a square it may reach (a buy-back rarely)."""
    view = scene.match.view(seat)
    targets = list(view.targets())
    plain = [t for t in targets if not view.exchanges_at(t)] or targets
    sq = human.rng.choice(plain)
    ident = f"tile:{square_name(sq)}" if scene.shown.board[sq] else f"square:{square_name(sq)}"
    return bool(human.drag(scene, "kaito", ident))


def bench_score(app: Any, play_out: Callable[..., Any]) -> None:
    """The score screen of a won game (nine tiles against six; nothing played: ``play_out`` unused)."""
    from game.core import Outcome
    from game.kaito.events import KaitoEnd
    from game.kaito.telling import outcome_text

    app.manager.reset(app.make_scene(
        "kaito_score", game_name="kaito",
        outcome=Outcome.told((0,), KaitoEnd.NO_KATANA, (9, 6), outcome_text, case=("BK", False)),
        seats=["human", "hard"], names=["You", "Hard AI"], colors=COLORS,
        held=(("BK", "BK", "B3", "B1", "BH", "B2", "BK", "B3", "B1"),
              ("RK", "R3", "R1", "R2", "RH", "RK")),
    ))


def _moves(o: Any, scene: Any, friend: Any, plies: int) -> None:
    """This seat and the friend play their first legal moves until ``plies`` more are applied."""
    target = scene.match.snap.ply + plies

    async def friend_acts(client: Any) -> None:
        if client.picture.legal and client.picture.ply < target:  # (never past the target)
            await client.act(client.picture.legal[0])

    def step() -> bool:
        match = scene.match
        if match.snap.ply >= target:
            return not scene.busy()
        if not scene.busy() and match.legal_actions(match.seat):
            scene.commit(match.seat, match.legal_actions(match.seat)[0])
        friend.call(friend_acts)
        return False

    o.until(step, f"{plies} moves")


def online_play(o: Any) -> Iterator[str]:
    """The friend's phrase in its bubble; undo requests (this seat waiting for the friend's answer,
    the friend's request asked of this seat); the friend gone (``button:stand-in``), the AI
    standing in."""
    scene, friend = o.host(["human", "human"])
    try:
        o.still()
        o.say(scene, friend)
        yield "kaito-said"
        _moves(o, scene, friend, 3)  # (the friend's placement, a move each)
        o.until(lambda: scene.undoing.request_offered(), "an undo request offered")
        scene.undo()
        o.until(lambda: friend.snapshot.asking is not None and scene.banner_override is not None, "the request")
        o.still()
        yield "kaito-undo-waiting"
        friend.call(lambda client: client.answer_undo(False))
        _moves(o, scene, friend, 1)
        o.until(lambda: bool(friend.snapshot.undo_ask), "the friend's request offered")
        friend.call(lambda client: client.ask_undo())
        o.until(lambda: o.d.app.manager.top().name == "online_undo_ask", "the friend's request asked here")
        o.d.frames(10)
        yield "kaito-undo-question"
        o.d.click("button:undo-refuse")
        o.until(lambda: o.d.app.manager.top() is scene and friend.snapshot.asking is None, "the refusal")
        o.still()
        yield "kaito-undo-refused"
        o.drop(scene, friend)
        o.until(lambda: (b := scene.widgets.get("button:stand-in")) is not None and b.visible, "button:stand-in")
        o.still()
        yield "kaito-stand-in"
        o.d.click("button:stand-in")
        o.until(lambda: bool(scene.match.snap.seats[1].get("ai_after_drop")), "the AI standing in")
        o.still()
        yield "kaito-ai-stands-in"
    finally:
        friend.stop()


DEVTOOLS = DevTools(
    new_state=new_state,
    play_kwargs={"colors": COLORS},
    walks=(("kaito", walk, ("middle", "hint", "end")),),
    replay=(2, 3), replay_fast=True,
    tutorial_fast=("step-2",),
    wrong_move=wrong_move,
    selftest_coach=True,
    pacing=("kaito", ("human", "hard"), 1.2), pacing_act=pacing_act,
    bench_play=dict(seats=["easy", "easy"], colors=COLORS, seed=1, names=["Easy 1", "Easy 2"], think_ms=0),
    bench_score=bench_score,
    bench_replay=("medium", "medium"),
    bench_thinking=dict(seats=["hard", "hard"], colors=COLORS, seed=1, names=["Hard 1", "Hard 2"], think_ms=0,
                        speed=1000.0),
    online_play=online_play, online_fast=("kaito-stand-in",),
)

__all__ = ["COLORS", "DEVTOOLS"]
