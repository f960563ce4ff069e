"""Sushi Draft's part of the dev tools (:class:`~scenes.play.registration.DevTools`, read by
:mod:`scenes.devtools`): its layout walk (the round-scoring panel, the final scoring, a hot-seat
curtain), its self-test game played with dragged cards, the pacing's and the bench's games (the
hands' pass animation, the privacy curtain) and its online table in play. Imported by the dev
tools only."""
from __future__ import annotations

import random
from typing import Any, Callable, Iterator

from scenes.play.devhooks import DevTools

SEATS = ["human", "hard", "hard"]


def walk(w: Any) -> Iterator[str]:
    """Sushi Draft, you and two AIs: the first pick, the hint, the round-scoring panel, a later
    round, the final scoring (the end kept on screen) and the score screen; then a hot-seat game's
    privacy curtain and pick."""
    d = w.d
    st = w.new_state(3, 5)
    scene = w.show("sushi_play", state=st, seats=SEATS, seed=5, hints=True)
    yield "first-pick"
    scene.ask_hint()
    w.settle()
    yield "hint"
    # the last pick of round 1 by the player: the round-scoring panel
    if _last_pick(w, 0):
        yield "round-scoring"
    st = w.bot_play(w.new_state(3, 5), lambda s: s.view(0).round >= 2)
    scene = w.show("sushi_play", state=st, seats=SEATS, seed=5)
    yield "round-3"
    yield from w.log_states(scene)
    # the last pick of the game: the final scoring stays until the player asks for the score
    if _last_pick(w, 2):
        yield "final-scoring"
        d.click("button:score" if d.has("button:score") else "button:next-round")
        w.settle()
        if d.scene_name() == "sushi_score":
            yield "score"
    st = w.new_state(4, 9)
    scene = w.show("sushi_play", state=st, seats=["human", "human", "hard", "hard"], seed=9)
    if d.scene_name() == "privacy":
        yield "curtain"
        d.click(d.app.manager.top().ui_elements()[0].id)
        w.settle()
    yield "hotseat-pick"


def _last_pick(w: Any, rnd: int) -> bool:
    """You and two AIs: the bots play to your last choice of round ``rnd`` (0-based), you make it,
    the round's scoring panel opens; True once it shows (settled)."""
    st = w.new_state(3, 5)
    w.bot_play(st, lambda s: s.view(0).round > rnd or (
        s.view(0).round == rnd and len(s.view(0).hand) <= 2 and 0 in s.to_act()))
    scene = w.show("sushi_play", state=st, seats=SEATS, seed=5)
    for _ in range(6):
        if scene.scoring is not None:
            break
        if not w.human_acts(scene):
            w.until_human(scene)
    if scene.scoring is None:
        return False
    w.settle()
    return True


def selftest_act(w: Any, scene: Any, tally: dict) -> None:
    """One step of the self-test's game: "Next round", or the person's choice dragged (eat onto
    the plate or a wild onto its stack, keep onto the mat)."""
    d = w.d
    if d.has("button:next-round"):
        d.click("button:next-round")
        return
    seat = scene.human_to_act()
    if seat is None:
        d.frames(1)
        return
    view = scene.state.view(seat)
    legal = list(view.legal_actions)
    hand = list(scene.shown.seats[scene.bottom].hand or [])  # the fanned hand, left to right
    plain = [i for i, c in enumerate(hand) if c in legal]
    before = view.phase_index, view.my_choice
    if view.phase == "keep":
        d.drag(f"hand:{plain[0] if plain else 0}", "keep")
    elif plain:
        d.drag(f"hand:{plain[0]}", "plate")
    else:  # only wilds can be eaten: drop one on the stack it copies
        kind = legal[0].split("=", 1)[1]
        d.drag(f"hand:{hand.index('wild')}", f"stack:{seat}:{kind}")
    after = scene.state.view(seat)
    if (after.phase_index, after.my_choice) == before:
        w.fail(f"a legal drop in the {view.phase} phase was not applied (legal {legal})")
    tally["choices"] = tally.get("choices", 0) + 1


def selftest_end(w: Any, score: Any, tally: dict, log: Callable[[str], None]) -> None:
    log(f"  sushi draft: {tally.get('choices', 0)} choices made with the mouse")
    if not getattr(score, "chips", None) or len(score.chips) != 3:
        w.fail("the Sushi Draft score screen does not show the three seats' chips")


def pacing_act(human: Any, scene: Any, seat: int) -> bool:
    """The scripted player's choice: a card dragged to the plate or the mat (a wild to its stack)."""
    view = scene.match.view(seat)
    legal = list(view.legal_actions)
    hand = list(scene.shown.seats[scene.bottom].hand or [])
    plain = [i for i, c in enumerate(hand) if c in legal]
    if view.phase == "keep":
        return bool(human.drag(scene, f"hand:{human.rng.choice(plain) if plain else 0}", "keep"))
    if plain:
        return bool(human.drag(scene, f"hand:{human.rng.choice(plain)}", "plate"))
    kind = legal[0].split("=", 1)[1]
    return bool(human.drag(scene, f"hand:{hand.index('wild')}", f"stack:{seat}:{kind}"))


def bench_score(app: Any, play_out: Callable[..., Any]) -> None:
    """The final table of a five-seat game played at random."""
    from game.sushi.rules import SUSHI

    rng = random.Random(5)
    state = play_out(SUSHI.new_state(5, rng), lambda st, seat: rng.choice(st.legal_actions(seat)))
    seats = ["human", "easy", "medium", "hard", "hard"]
    app.manager.reset(app.make_scene("sushi_score", view=state.view(0), seats=seats))


def bench_extras(b: Any, play: Callable[[], None]) -> None:
    """The frames of the hands' pass animation, and the hot-seat curtain over the table."""
    def privacy() -> None:
        play()
        b.app.manager.push(b.app.make_scene("privacy", name="Player 2"))

    b.label("sushi_play_pass", play, "Passing")
    b.scene("privacy", privacy, hover=True, restart=False)


def _to_round_scoring(o: Any, scene: Any, friend: Any) -> None:
    """Both persons choose their first legal card until the first round's scoring is on screen."""
    async def friend_acts(client: Any) -> None:
        p = client.picture  # (the first round only: the server deals the next before the scoring is shown)
        if p.legal and getattr(p.view, "round", 0) == 0:
            await client.act(p.legal[0])

    def step() -> bool:
        if scene.scoring is not None:
            return True
        seat = scene.match.seat
        if scene.human_to_act() == seat:
            scene.commit(seat, scene.match.legal_actions(seat)[0])
        friend.call(friend_acts)
        return False

    o.until(step, "the first round's scoring")


def online_play(o: Any) -> Iterator[str]:
    """For three (this seat, the friend, an AI): the first choice, the friend's phrase, the first
    round's scoring (``button:say`` is not over its subtitle), this seat's choice made and the
    friend gone (the banner waits)."""
    scene, friend = o.host(["human", "human", "easy"])
    try:
        o.still()
        yield "sushi-first-pick"
        o.say(scene, friend)
        yield "sushi-said"
        _to_round_scoring(o, scene, friend)
        o.until(lambda: scene.scoring.done, "the scoring told")
        yield "sushi-round-scoring-online"
        scene.next_round()
        o.until(lambda: scene.scoring is None and scene.human_to_act() is not None, "the second round's deal")
        o.drop(scene, friend)
        seat = scene.match.seat
        legal = scene.match.legal_actions(seat)
        if legal:
            scene.commit(seat, legal[0])
        o.until(lambda: not scene.match.legal_actions(seat), "this seat's choice")
        o.still()
        yield "sushi-waiting"
    finally:
        friend.stop()


DEVTOOLS = DevTools(
    setup_players=4,
    walks=(("sushi", walk, ("first-pick", "round-scoring", "final-scoring")),),
    replay=(3, 5),
    selftest_choices=("choice:players:3", "choice:seat0:human", "choice:seat1:easy", "choice:seat2:easy"),
    selftest_act=selftest_act, selftest_end=selftest_end, selftest_seconds=40.0,
    pacing=("sushi_draft", ("human", "hard", "hard", "hard"), 1.5), pacing_act=pacing_act,
    bench_play=dict(seats=["easy"] * 5, seed=1, think_ms=0),
    bench_score=bench_score, bench_extras=bench_extras,
    bench_replay=("easy",) * 4,
    online_play=online_play, online_fast=("sushi-said",),
)

__all__ = ["DEVTOOLS"]
