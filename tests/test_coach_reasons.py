"""Why a move (issue 21 §4): the coach's and the hint's reason, computed in game/ from what the
seat could see and told in one sentence. KAITO: the search's expected line played through the
rules, its first telling event in words ("After f2, Black takes your last kabuto on a2 in 2
moves."); the analysis rows carry it (``reason`` / ``reason_best``); actions are said in words.
Tiny budgets; no timing is asserted."""
from __future__ import annotations

import json
import random

from game import i18n
from game.analyse import CoachSettings, analyse_record
from game.ai import make_bot
from game.kaito.coach import expected_line
from game.kaito.coach import rate as rate_kaito
from game.kaito.coach import reason as kaito_reason
from game.kaito.rules import KAITO, KaitoState, square_index
from game.registry import get
from game.telling import reason_text

YOU_RED = ["You", "Hard AI"]


def _kaito(tiles: dict[str, str], kaito: str = "c2", to_move: int = 0) -> KaitoState:
    board: list[str | None] = [None] * 36
    for sq, tile in tiles.items():
        board[square_index(sq)] = tile
    return KaitoState.from_position(board, kaito=square_index(kaito), to_move=to_move, colors=("R", "B"))


def _last_kabuto_position() -> KaitoState:
    """Red (you, seat 0) to move, the Kaito on c2; Red's last kabuto lies on a2, in row 2: f2 keeps
    the Kaito in row 2, so Black takes it next; c5 leaves the row."""
    return _kaito({"a2": "RH", "f2": "B3", "c5": "B2", "c6": "B1", "d4": "RK", "e6": "BK", "f5": "BH",
                   "b3": "R2"})


def test_a_blunder_that_loses_the_last_kabuto_in_two_moves_says_so():
    i18n.set_language("en")
    view = _last_kabuto_position().view(0)
    rated = rate_kaito(view, "f2", random.Random(0), CoachSettings(depth=4))
    assert rated["mark"] == "blunder" and rated["best"] == "c5"
    why = rated["reason"]
    assert why["line"] == ["f2", "a2"] and why["kind"] == "take_last"
    assert why["path"] == [square_index("c2"), square_index("f2"), square_index("a2")]
    assert reason_text("kaito", why, YOU_RED) == "After f2, Black takes your last kabuto on a2 in 2 moves."
    best = rated["reason_best"]
    assert best["action"] == "c5" and best["kind"] == "take_last" and best["seat"] == 0
    assert reason_text("kaito", best, YOU_RED).startswith("After c5, you take Black's last katana on ")
    # seen from the other side (Black is the person), the same line is a win told in the second person
    assert reason_text("kaito", why, ["Ana", "You"]) == "After f2, you take Red's last kabuto on a2 in 2 moves and win."


def test_a_move_that_takes_at_once_and_a_line_without_captures():
    i18n.set_language("en")
    view = _last_kabuto_position().view(0)
    now = kaito_reason(view, "c6", random.Random(0), CoachSettings(depth=1))
    assert now["line"] == ["c6"] and now["kind"] == "quiet"
    taking = _kaito({"c5": "BK", "f5": "BK", "a1": "RK", "a6": "RH", "b6": "BH", "f1": "B1"}, kaito="c1")
    got = kaito_reason(taking.view(0), "c5", random.Random(0), CoachSettings(depth=1))
    assert got["kind"] == "take" and got["moves"] == 1
    assert reason_text("kaito", got, YOU_RED) == "c5 takes Black's katana at once."


def test_the_expected_line_follows_the_search_and_stays_legal():
    state = _last_kabuto_position()
    line = expected_line(state.view(0), "c5", 4)
    assert line[0] == "c5" and 1 < len(line) <= 4
    probe = state.clone()
    for action in line:  # every action of the line is legal in turn
        probe.apply(probe.to_act()[0], action)


def test_kaito_actions_are_said_in_words():
    i18n.set_language("en")
    assert KAITO.action_text("c4") == "c4"
    assert KAITO.action_text("@c4") == "the Kaito on c4"
    assert KAITO.action_text("a1+K:3,1") == "a1, buying back the katana with 3 + 1"
    i18n.set_language("es")
    try:
        assert "3 + 1" in KAITO.action_text("a1+K:3,1") and "katana" not in KAITO.action_text("a1+K:3,1").split(",")[0]
        assert reason_text("kaito", rate_kaito(_last_kabuto_position().view(0), "f2", random.Random(0),
                                               CoachSettings(depth=3))["reason"], YOU_RED).startswith("Tras f2")
    finally:
        i18n.set_language("en")


def test_every_kaito_analysis_row_carries_its_reasons(tmp_path):
    i18n.set_language("en")
    state = get("kaito").new_state(2, random.Random(3))
    bots = [make_bot("kaito", "medium", random.Random(s)) for s in range(2)]
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat)))
    rows = analyse_record("x.json", state.record(), 0, depth=3)
    assert rows
    for row in rows:
        json.dumps(row)  # JSON-ready
        assert row["reason"]["action"] == row["action"] and row["reason_best"]["action"] == row["best"]
        assert row["reason"]["line"][0] == row["action"]
        assert reason_text("kaito", row["reason"], YOU_RED) and reason_text("kaito", row["reason_best"], YOU_RED)


def test_the_replay_coach_says_why_and_kaito_draws_the_expected_line(app):
    """The viewer's coach line is followed by the reason in words (the dump's ``coach-mark``
    label holds both), and KAITO draws the expected line as arrows on the board."""
    import time

    import pygame

    from scenes.devtools.driver import Driver
    from scenes.kaito.draw import reason_arrows
    from tests.test_replay_coach import kaito_game, wait_done

    record, setup = kaito_game()
    d = Driver(app, time.monotonic() + 240, log=lambda s: None)
    app.manager.reset(app.make_scene("replay", record=record, setup=setup, at="start"))
    d.frames(3)
    scene = app.manager.top()
    d.click("button:replay-coach")
    marks = scene.coach.marks[1]
    wait_done(marks)
    worst = max(marks.rows.values(), key=lambda r: r["loss"])
    assert worst["mark"] != "good" and worst["reason"]["kind"] in ("take", "take_last", "own_last", "no_move",
                                                                   "buy_back", "quiet")
    d.key(pygame.K_HOME)
    for _ in range(worst["step"] + 1):
        d.click("button:replay-forward", settle=40)
    d.frames(240)
    said = scene.board.reviewing.coach_reason
    want = reason_text("kaito", worst["reason"], ["Aoi", "You"])
    assert want.startswith("After ") and said is not None and said.text == want
    assert said.best == worst["reason_best"]  # the better move's line, its first move drawn in green
    label = {e.id: e for e in scene.ui_elements()}["coach-mark"].label
    assert label.endswith(want) and "prefers" in label
    assert "+K:" not in label and "+H:" not in label  # actions in words, not notation
    arrows = reason_arrows(said.reason)
    assert len(arrows) == min(worst["reason"]["moves"], len(worst["reason"]["line"]))
    # the arrows are on screen: a shaft's middle changes when the reason is taken away
    (x0, y0), (x1, y1), _rgb = arrows[-1]
    spot = scene.board.viewport.to_window(((x0 + x1) / 2, (y0 + y1) / 2))
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    with_line = surface.get_at(spot)
    scene.board.reviewing.coach_reason = None
    scene.draw(surface)
    assert surface.get_at(spot) != with_line
    # the other seat's step: no reason
    scene.board.reviewing.coach_reason = said
    d.click("button:replay-forward", settle=40)
    assert scene.board.reviewing.coach_reason is None


def test_a_hint_carries_its_reason_from_the_seat_s_own_view():
    """The hint says why (issue 21 §4): its reason is the game's, from the hinted seat's view."""
    from game.hints import HINT_SETTINGS, hint_reason
    from game.match import Match

    i18n.set_language("en")
    m = Match(KAITO, ["human", "hard"], 5, state=_last_kabuto_position(), synchronous=True)
    hint = m.hints.request(0)
    assert hint is not None and hint.action == "c5"  # the only move that does not lose
    assert hint.reason == kaito_reason(m.view(0), "c5", random.Random(0), HINT_SETTINGS)
    assert hint.reason == hint_reason("kaito", m.view(0), "c5", 1)  # the seed does not change a search's line
    assert reason_text("kaito", hint.reason, YOU_RED).startswith("After c5, you take Black's last katana")
    # a game whose coach gives no reason: the hint still comes, without one
    sushi = Match(get("sushi-draft"), ["human", "hard"], 5, synchronous=True)
    seat = sushi.to_act()[0]
    got = sushi.hints.request(seat)
    assert got is not None and got.action in sushi.view(seat).legal_actions


def test_kaito_s_hint_line_says_why_in_the_play_scene(app):
    """The KAITO play scene says the hint with its reason under the board (real App, headless)."""
    import time

    from scene_input import click, rect_of, start_scene
    from scenes.kaito.scene import KaitoPlayScene
    from scenes.kaito.telling import hint_sentence

    scene = start_scene(app, KaitoPlayScene, seats=["human", "hard"], state=_last_kabuto_position(),
                        names=["You", "Hard AI"], hints=True)
    click(app, rect_of(scene, "button:hint").center)
    end = time.monotonic() + 60
    while scene.hinting.hint is None:
        assert time.monotonic() < end, "no hint came"
        app.pump(16)
    hint = scene.hinting.hint
    assert scene.hinting.current() == hint.action == "c5"
    why = reason_text("kaito", hint.reason, YOU_RED)
    assert why.startswith("After c5, you take Black's last katana")
    assert scene.hint_text == hint_sentence("c5") + " " + why
