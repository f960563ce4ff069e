"""Review mode of the play scenes (issue 10 §4): the replay viewer embeds a play scene built with
``review=True`` and drives it with ``show_state`` (jumps), ``play_action`` (a step forward, animated
as an AI's action), ``set_viewer`` (whose hidden cards are shown) and ``finish_animations``
(contract: scenes/play/review.py).

Each game: a finished AI-vs-AI game is played headlessly (``Match(..., synchronous=True)``), then a
review scene is made with ``app.make_scene`` from the record's initial state and every action of the
final history is played into it, pumping real App frames, with jumps back at seeded random points.
After every step every seat's view of the scene's Match equals the state built from the record's
prefix, and the game log tells exactly the events of that prefix. No AI worker exists and no bot is
ever asked; nothing is autosaved or counted; mouse and keys change nothing; the end shows without
``button:score``; the viewer choice moves the bottom seat (Sushi Draft, Kanji-zushi) and the game
log then tells only what that seat saw.
"""
from __future__ import annotations

import random

import pygame
import pytest
from scene_input import click, drag, ids, press_key

from game.kaito.telling import COLOR_WORDS
from game.match import Match
from game.registry import get
from game.telling import describe

#: game -> (play scene name, seats of the reviewed game, seed)
GAMES = {
    "kaito": ("kaito_play", ["easy", "medium"], 11),
    "sushi-draft": ("sushi_play", ["easy", "easy", "medium"], 12),
    "kanji-zushi": ("kanji_play", ["easy", "medium", "easy"], 13),
}
HIDDEN = ["sushi-draft", "kanji-zushi"]


# ------------------------------------------------------------------------------------------
# helpers
# ------------------------------------------------------------------------------------------
class AskedBot:
    """Stands in for a reviewed game's AI: being asked at all is the failure."""

    def __init__(self, seat):
        self.seat = seat
        self.asked = 0

    def choose(self, view):
        self.asked += 1
        raise AssertionError(f"the bot of seat {self.seat} was asked in review mode")


class CountingStore:
    """A stand-in for app.stats / app.history: counts games recorded."""

    def __init__(self):
        self.games = []

    def record_game(self, *args, **kwargs):
        self.games.append(args)


def finished_game(game):
    """(record, final history, names, seats) of a whole AI-vs-AI game played headlessly."""
    _, seats, seed = GAMES[game]
    names = [f"Bot {chr(65 + s)}" for s in range(len(seats))]
    match = Match(get(game), seats, seed, names=names, synchronous=True)
    match.run_bots_until_human()
    assert match.is_over(), f"{game}: the headless game did not end"
    return match.record(), list(match.state.history), names, seats


def prefix_state(record, history, k):
    """The record's initial state (``from_record`` with no actions) with the first ``k`` actions of
    the final history applied: a fresh object each call."""
    st = get(record["game"]).from_record({**record, "actions": []})
    for seat, action in history[:k]:
        st.apply(seat, action)
    return st


def log_names(record, names):
    """The names the game log uses: KAITO calls each seat by its colour."""
    if record["game"] == "kaito":
        return [COLOR_WORDS[c] for c in record["setup"]["colors"]]
    return list(names)


def told(events, names):
    return [t for t in (describe(e, names) for e in events) if t]


def open_review(app, record, names, seats, viewer=None):
    scene_name = GAMES[record["game"]][0]
    scene = app.make_scene(scene_name, seats=seats, names=names, state=prefix_state(record, [], 0),
                           review=True, viewer=viewer)
    for seat in list(scene.match.bots):
        scene.match.bots[seat] = AskedBot(seat)
    app.manager.reset(scene)
    app.pump(16)
    return scene


def assert_at(scene, record, history, k, names, viewer=None):
    """The scene's Match is the record replayed to ``k`` and its log tells that prefix as
    ``viewer`` (None: everyone) saw it."""
    ref = prefix_state(record, history, k)
    assert list(scene.state.history) == history[:k], f"step {k}: history differs"
    for s in range(ref.num_seats):
        assert scene.match.view(s) == ref.view(s), f"step {k}: seat {s}'s view differs from the record's prefix"
    got = [e.text for e in scene.narration.entries]
    assert got == told(ref.events_for(viewer), log_names(record, names)), f"step {k}: the game log differs"


def assert_idle(scene):
    assert scene.match.worker is None, "review mode made an AI worker"
    assert getattr(scene.match.hints, "_worker", None) is None, "review mode made a hint worker"
    assert not scene.match.thinking
    for bot in scene.match.bots.values():
        assert isinstance(bot, AskedBot) and bot.asked == 0


def assert_shown_fresh(scene, k):
    """With no animation running, the displayed snapshot equals a fresh one of the position."""
    assert not scene.animating(), f"step {k}: still animating after finish_animations"
    fresh = scene.take_snapshot() if hasattr(scene, "take_snapshot") else None
    if scene.game_name == "kaito":
        from scenes.kaito.shown import Shown

        fresh = Shown.from_view(scene.view_shown(), scene.shown.pawn_color)
    assert scene.shown == fresh, f"step {k}: the shown snapshot differs from a fresh one of the position"


def pump_until(app, cond, what, frames=3000):
    for _ in range(frames):
        if cond():
            return
        app.pump(16)
    raise AssertionError(f"{what}: not reached within {frames} frames")


# ------------------------------------------------------------------------------------------
# stepping and jumping
# ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(GAMES))
def test_stepping_and_jumping_follow_the_record(app, tmp_path, game):
    from scenes.shell.saveslots import SaveSlots

    app.saves = SaveSlots(tmp_path / "saves")
    app.stats, app.history = CountingStore(), CountingStore()
    record, history, names, seats = finished_game(game)
    scene = open_review(app, record, names, seats)
    assert scene.review and scene.narration_seat is None
    assert_at(scene, record, history, 0, names)
    assert_idle(scene)
    rng = random.Random(GAMES[game][2])
    n = len(history)
    # jump back (once each) when the walk first reaches these points, plus a few random ones
    jump_at = {n // 3, (2 * n) // 3, n - 1} | {rng.randrange(3, n) for _ in range(3)}
    pos, jumps, ops = 0, 0, 0
    while pos < n:
        ops += 1
        assert ops < 6 * n + 50, "the walk did not end"
        if pos in jump_at:
            jump_at.discard(pos)
            j = rng.randrange(0, pos)
            scene.reviewing.show_state(prefix_state(record, history, j))
            app.pump(16)
            pos, jumps = j, jumps + 1
        else:
            seat, action = history[pos]
            scene.reviewing.play_action(seat, action)
            pos += 1
            for _ in range(rng.randrange(0, 4)):  # let part of the animation run
                app.pump(16)
        assert_at(scene, record, history, pos, names)
        assert_idle(scene)
        if pos % 7 == 0:  # once the animation is over, what is drawn is the position
            scene.finish_animations()
            app.pump(16)
            assert_shown_fresh(scene, pos)
    assert jumps >= 2, "the walk should have jumped back a few times"
    # the end is shown, without the score button; Enter does not open a score screen
    scene.finish_animations()
    for _ in range(600):
        if scene.ended and not scene.animating():
            break
        app.pump(16)
    assert scene.state.is_over()
    assert scene.ended, (f"{game}: stepping (play_action) into the final position never shows the end "
                         f"(ended={scene.ended}, animating={scene.animating()}, "
                         f"last step {history[-1]!r} of {n})")
    assert "button:score" not in ids(scene) and "button:next-round" not in ids(scene)
    assert "button:undo" not in ids(scene) and "button:hint" not in ids(scene)
    press_key(app, pygame.K_RETURN)
    for _ in range(30):
        app.pump(16)
    assert app.manager.top() is scene and "button:score" not in ids(scene)
    assert_at(scene, record, history, n, names)
    assert_idle(scene)
    # a jump from the end back to the start and forward again
    scene.reviewing.show_state(prefix_state(record, history, 0))
    app.pump(16)
    assert_at(scene, record, history, 0, names)
    assert not scene.ended
    for k, (seat, action) in enumerate(history[:5]):
        scene.reviewing.play_action(seat, action)
        assert_at(scene, record, history, k + 1, names)
    # nothing was saved or counted, also on leaving
    app.manager.reset(app.make_scene("menu"))
    app.pump(16)
    saves = tmp_path / "saves"
    assert not saves.exists() or not any(saves.iterdir()), f"review mode wrote {list(saves.iterdir())}"
    assert app.stats.games == [] and app.history.games == []


# ------------------------------------------------------------------------------------------
# input is ignored
# ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(GAMES))
def test_mouse_and_keys_change_nothing(app, game):
    record, history, names, seats = finished_game(game)
    scene = open_review(app, record, names, seats, viewer=0)
    k = min(6, len(history) - 1)
    for seat, action in history[:k]:
        scene.reviewing.play_action(seat, action)
    scene.finish_animations()
    for _ in range(5):
        app.pump(16)
    before = [scene.match.view(s) for s in range(len(seats))]
    elements = [el for el in scene.ui_elements() if not el.id.startswith("log")]
    assert elements
    spots = [el.rect.center for el in elements]
    for p in spots:
        click(app, p)
    for a, b in zip(spots, spots[1:] + spots[:1]):
        drag(app, a, b)
    for key, mod in ((pygame.K_z, pygame.KMOD_CTRL), (pygame.K_RETURN, 0), (pygame.K_SPACE, 0),
                     (pygame.K_RIGHT, 0), (pygame.K_p, 0), (pygame.K_h, 0)):
        press_key(app, key, mod)
    for _ in range(10):
        app.pump(16)
    assert app.manager.top() is scene
    assert list(scene.state.history) == history[:k]
    assert [scene.match.view(s) for s in range(len(seats))] == before
    assert scene.errors == 0
    # the scene itself turns every event down
    ev = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spots[0], button=1)
    assert scene.handle_event(ev) is False
    assert scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL,
                                                 unicode="", scancode=0)) is False
    assert_idle(scene)


# ------------------------------------------------------------------------------------------
# the viewer choice
# ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", HIDDEN)
def test_set_viewer_moves_the_bottom_seat_and_the_log_tells_only_what_it_saw(app, game):
    record, history, names, seats = finished_game(game)
    scene = open_review(app, record, names, seats)
    n = len(history)
    mid = n // 2
    for seat, action in history[:mid]:
        scene.reviewing.play_action(seat, action)
    scene.finish_animations()
    app.pump(16)
    ref = prefix_state(record, history, mid)
    everything = set(told(ref.events_for(None), names))
    for viewer in range(len(seats)):
        scene.reviewing.set_viewer(viewer)
        app.pump(16)
        assert scene.bottom == viewer, f"set_viewer({viewer}) left seat {scene.bottom} at the bottom"
        assert_at(scene, record, history, mid, names, viewer)
        mine = set(told(ref.events_for(viewer), names))
        secret = everything - mine
        assert secret, f"{game}: nothing was hidden from seat {viewer} at step {mid} (choose another point)"
        texts = [e.text for e in scene.narration.entries]
        leaked = secret.intersection(texts)
        assert not leaked, f"the log as seat {viewer} saw it tells another seat's secret: {sorted(leaked)[:3]}"
        # the bottom hand is that seat's; no other seat's hand is shown
        hand = scene.shown.seats[viewer].hand if game == "sushi-draft" else scene.shown.hand
        assert list(hand) == list(ref.view(viewer).hand)
        if game == "sushi-draft":
            others = {s: scene.shown.seats[s].hand for s in range(len(seats)) if s != viewer}
            assert all(h is None for h in others.values()), f"seat {viewer} sees other hands: {others}"
            assert all(scene.shown.seats[s].choice is None for s in range(len(seats)) if s != viewer)
        else:
            assert not scene.shown.open_hands, f"seat {viewer} sees other hands: {scene.shown.open_hands}"
        prefix = "hand:" if game == "sushi-draft" else "neta:"
        assert len([i for i in ids(scene) if i.startswith(prefix)]) == len(ref.view(viewer).hand)
    # the log stays in step with the chosen seat's knowledge while stepping on and jumping
    viewer = len(seats) - 1
    scene.reviewing.set_viewer(viewer)
    for k in range(mid, min(n, mid + 8)):
        scene.reviewing.play_action(*history[k])
        app.pump(16)
        assert_at(scene, record, history, k + 1, names, viewer)
    scene.reviewing.show_state(prefix_state(record, history, mid - 3))
    assert_at(scene, record, history, mid - 3, names, viewer)
    assert scene.bottom == viewer
    # "All": everything is told again, every hand face up
    scene.reviewing.set_viewer(None)
    app.pump(16)
    assert_at(scene, record, history, mid - 3, names, None)
    ref = prefix_state(record, history, mid - 3)
    if game == "sushi-draft":
        assert [scene.shown.seats[s].hand for s in range(len(seats))] == [list(ref.view(s).hand)
                                                                          for s in range(len(seats))]
    else:
        assert scene.shown.open_hands == {s: list(ref.view(s).hand) for s in range(len(seats)) if s != scene.bottom}
    assert_idle(scene)


def test_kaito_set_viewer_keeps_the_whole_log(app):
    """KAITO hides nothing: any viewer's log is the whole game."""
    record, history, names, seats = finished_game("kaito")
    scene = open_review(app, record, names, seats)
    for seat, action in history[:6]:
        scene.reviewing.play_action(seat, action)
    for viewer in (1, 0, None):
        scene.reviewing.set_viewer(viewer)
        app.pump(16)
        assert_at(scene, record, history, 6, names, None)
        if viewer is not None:
            assert scene.viewer == viewer
    assert_idle(scene)


@pytest.mark.parametrize("game", HIDDEN)
def test_a_viewer_given_at_the_start_is_shown_and_told(app, game):
    record, history, names, seats = finished_game(game)
    scene = open_review(app, record, names, seats, viewer=1)
    assert scene.bottom == 1 and scene.narration_seat == 1
    for k, (seat, action) in enumerate(history[:10]):
        scene.reviewing.play_action(seat, action)
        app.pump(16)
        assert_at(scene, record, history, k + 1, names, 1)
    hand = scene.shown.seats[1].hand if game == "sushi-draft" else scene.shown.hand
    assert list(hand) == list(prefix_state(record, history, 10).view(1).hand)
    assert_idle(scene)
