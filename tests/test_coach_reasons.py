"""Why a move (issue 21 §4): the coach's and the hint's reason, computed in game/ from what the
seat could see and told in one sentence. KAITO: the search's expected line played through the
rules, its first telling event in words ("After f2, Black takes your last kabuto on a2 in 2
moves."); the analysis rows carry it (``reason`` / ``reason_best``); actions are said in words.
Tiny budgets; no timing is asserted."""
from __future__ import annotations

import json
import random

from game import i18n
from game.ai import make_bot
from game.analyse import CoachSettings, analyse_record
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
    # a simultaneous game: the hint still comes, for a seat to act
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


# -- Sushi Draft and Kanji-zushi (issue 21 §4): the chip a choice wins or loses; the strokes and the card left --


def _sushi_twins(seed: int = 5):
    """Two 3-seat Sushi Draft states differing only in what seat 0 may not see: seats 1 and 2
    hold each other's round-0 hands, the later rounds are dealt the other way round and the chip
    piles lie in another order. Seats 1 and 2 share a card name in their hands (so both twins can
    reveal the same eats and reach the same keep for seat 0)."""
    a = get("sushi-draft").new_state(3, random.Random(seed))
    setup = a.setup()
    deals = [list(map(list, rnd)) for rnd in setup["deals"]]
    deals[0][1], deals[0][2] = deals[0][2], deals[0][1]
    deals[1], deals[2] = deals[2], deals[1]
    chips = {p: list(reversed(v)) for p, v in setup["chips"].items()}
    b = get("sushi-draft").state_from_setup({"players": 3, "deals": deals, "chips": chips})
    assert a.hands[1] != b.hands[1]
    return a, b


def _shared_card(a, b) -> str | None:
    common = set(a.hands[1]) & set(a.hands[2]) & set(b.hands[1]) & set(b.hands[2])
    return min(common) if common else None


def _kanji_twins():
    """Two 3-seat Kanji-zushi states differing only in seat 1's and seat 2's neta decks (so their
    hands) and the order of the shari cards not on the table."""
    kanji = get("kanji-zushi")
    a = kanji.new_state(3, random.Random(8))
    setup = a.setup()
    neta = [list(d) for d in setup["neta"]]
    neta[1] = neta[1][5:] + neta[1][:5]
    neta[2] = list(reversed(neta[2]))
    shari = list(setup["shari"])
    shari = shari[:6] + list(reversed(shari[6:]))
    b = kanji.state_from_setup({"players": 3, "shari": shari, "neta": neta, "answer_key": "joyo"})
    assert sorted(a.hands[1]) != sorted(b.hands[1])
    return a, b


def _same_reasons(game_name: str, va, vb, action: str, settings: CoachSettings) -> dict:
    """The coach's rows and reasons and the hint's reason are equal for two equal views."""
    from game.hints import HINT_SETTINGS, hint_reason
    from game.registry import registration

    reg = registration(game_name)
    rate_fn, reason_fn = reg.coach_rate(), reg.coach_reason()
    assert va == vb
    row_a, row_b = rate_fn(va, action, random.Random(4), settings), rate_fn(vb, action, random.Random(4), settings)
    assert row_a == row_b and row_a["reason"] == row_b["reason"] and row_a["reason_best"] == row_b["reason_best"]
    assert reason_fn(va, action, random.Random(9), HINT_SETTINGS) == reason_fn(vb, action, random.Random(9),
                                                                               HINT_SETTINGS)
    assert hint_reason(game_name, va, action, 17) == hint_reason(game_name, vb, action, 17)
    json.dumps(row_a)  # JSON-ready
    return row_a


def test_sushi_reasons_come_from_the_seat_s_view_alone():
    """Twin states (other hands, later deals, chip order differ): seat 0's coach rows, reasons and
    hint reasons are the same, at the eat and at the keep that follows."""
    for seed in range(5, 40):
        a, b = _sushi_twins(seed)
        card = _shared_card(a, b)
        if card is not None:
            break
    else:
        raise AssertionError("no seed gives seats 1 and 2 a common card")
    settings = CoachSettings(worlds=12)
    va = a.view(0)
    _same_reasons("sushi-draft", va, b.view(0), va.legal_actions[0], settings)
    for state in (a, b):  # the same eats revealed in both twins
        state.apply(0, va.legal_actions[0])
        state.apply(1, card)
        state.apply(2, card)
    vk = a.view(0)
    assert vk.phase == "keep"
    row = _same_reasons("sushi-draft", vk, b.view(0), vk.legal_actions[-1], settings)
    assert row["reason"]["phase"] == "keep"


def test_kanji_reasons_come_from_the_seat_s_view_alone():
    """Twin states (the other seats' hands and the shari order differ): seat 0's coach rows,
    reasons and hint reasons are the same, now and after a round of passes."""
    a, b = _kanji_twins()
    settings = CoachSettings(worlds=12)
    for _ in range(2):
        va = a.view(0)
        for action in (va.legal_actions[0], "pass"):
            _same_reasons("kanji-zushi", va, b.view(0), action, settings)
        for state in (a, b):
            for seat in range(3):
                state.apply(seat, "pass")


def test_sushi_names_the_chip_a_choice_loses_and_to_whom():
    i18n.set_language("en")
    from game.sushi.coach import rate as rate_sushi

    state = get("sushi-draft").new_state(2, random.Random(20))
    bots = [make_bot("sushi-draft", "medium", random.Random(s)) for s in range(2)]
    for _ in range(2):  # an eat and a keep
        for s in state.to_act():
            state.apply(s, bots[s].choose(state.view(s)))
    view = state.view(0)
    rows = [rate_sushi(view, a, random.Random(1), CoachSettings(worlds=60)) for a in view.legal_actions]
    worst = max(rows, key=lambda r: r["loss"])
    why, best = worst["reason"], worst["reason_best"]
    assert worst["best"] != worst["action"] and why["action"] == worst["action"] and why["other"] == worst["best"]
    assert best["action"] == worst["best"] and best["other"] == worst["action"]
    assert why["kind"] in ("lose", "give") and best["kind"] in ("win", "deny") and why["pile"] == best["pile"]
    assert why["points"] == -best["points"] < 0  # one chip, seen from both sides
    told = reason_text("sushi-draft", why, ["You", "Hard AI"])
    assert told.startswith(("Eating ", "Keeping ")) and "chip" in told and "{" not in told
    good = next(r for r in rows if r["action"] == r["best"])
    assert good["reason"] is good["reason_best"] and good["reason"]["kind"] in ("win", "deny", "even")


def test_sushi_reason_sentences():
    i18n.set_language("en")
    why = {"kind": "win", "phase": "eat", "seat": 0, "action": "tuna", "other": "wild=salmon", "pile": "tuna",
           "rival": 2, "chance": 0.62, "chance_other": 0.2, "rival_chance": 0.1, "rival_chance_other": 0.5}
    names = ["You", "Hard AI 1", "Hard AI 2"]
    assert reason_text("sushi-draft", why, names) == (
        "Eating tuna rather than a wild as salmon wins the tuna chip from Hard AI 2 (chance of winning it: 62%, instead of 20%).")
    assert reason_text("sushi-draft", {**why, "rival": None}, names) == (
        "Eating tuna rather than a wild as salmon wins the tuna chip (chance of winning it: 62%, instead of 20%).")
    assert reason_text("sushi-draft", {**why, "kind": "deny", "phase": "keep", "pile": "dessert"}, names) == (
        "Keeping tuna rather than a wild as salmon keeps the dessert chip from Hard AI 2 "
        "(their chance of winning it: 10%, instead of 50%).")
    assert reason_text("sushi-draft", {**why, "kind": "lose", "rival": 0}, ["Ana", "Ben", "You"][::-1]).endswith(
        "loses the tuna chip to you (chance of winning it: 62%, instead of 20%).")
    assert reason_text("sushi-draft", {**why, "kind": "even"}, names) == (
        "Eating tuna or a wild as salmon makes little difference to the chips this round.")
    assert reason_text("sushi-draft", {**why, "kind": "forced"}, names) == ""
    assert reason_text("sushi-draft", {"kind": "win"}, names) == ""  # data it cannot tell
    for lang in ("es", "ja"):
        i18n.set_language(lang)
        try:
            told = reason_text("sushi-draft", why, names)
            assert told and "{" not in told and "Eating" not in told and "62" in told
        finally:
            i18n.set_language("en")


def test_a_forced_sushi_choice_is_marked_forced_not_good():
    """The last keep of a round is forced: the row says ``forced`` (the viewer's mark "forced"),
    its reason is told as nothing, and nothing is simulated."""
    from game.sushi.coach import rate as rate_sushi
    from scenes.replay.coach import mark_sentence, row_mark

    i18n.set_language("en")
    state = get("sushi-draft").new_state(2, random.Random(3))
    while True:
        view = state.view(0)
        if view.phase == "keep" and len(view.legal_actions) == 1:
            break
        for s in state.to_act():
            state.apply(s, state.view(s).legal_actions[0])
    row = rate_sushi(view, view.legal_actions[0], random.Random(0), CoachSettings(worlds=50))
    assert row["forced"] is True and row["worlds"] == 0 and row["reason"]["kind"] == "forced"
    assert row_mark(row) == "forced" and "forced" in mark_sentence(row, "You", get("sushi-draft"))
    assert reason_text("sushi-draft", row["reason"], ["You", "Hard AI"]) == ""


def test_kanji_says_the_strokes_and_the_card_left_to_the_next_seat():
    from game.kanji.coach import rate as rate_kanji
    from game.kanji.coach import reason as kanji_reason

    i18n.set_language("en")
    a, _b = _kanji_twins()
    view = a.view(0)
    rows = [rate_kanji(view, act, random.Random(2), CoachSettings(worlds=30)) for act in view.legal_actions]
    best = rows[0]["best"]
    for row in rows:
        why = row["reason"]
        assert why["action"] == row["action"] and row["reason_best"]["action"] == best
        assert why["next"] == 1 and why["kind"] in ("kanji", "pass", "wrong")
        if why["kind"] == "kanji":
            assert why["strokes"] > 0 and why["kanji"]
        told = reason_text("kanji-zushi", why, ["You", "Hard AI 1", "Hard AI 2"])
        assert told and "{" not in told
        if row["action"] == best:
            assert why is row["reason_best"]
    scored = [r for r in rows if r["reason"]["focus"] == "score"]
    for row in scored:  # the best scores more strokes now: that is the reason
        assert row["reason"]["best_strokes"] > (row["reason"]["strokes"] or 0)
    hint = kanji_reason(view, best, random.Random(0), CoachSettings(worlds=20))
    assert hint["action"] == best and hint["best"] is None and hint["worlds"] == 20


def test_kanji_reason_sentences():
    i18n.set_language("en")
    names = ["You", "Hard AI 1", "Hard AI 2"]
    why = {"kind": "kanji", "focus": "leaves", "action": "扌+寺", "kanji": "持", "strokes": 9, "best_kanji": None,
           "best_strokes": None, "next": 1, "leaves": "青", "next_kanji": "清", "next_strokes": 11,
           "next_chance": 0.58}
    assert reason_text("kanji-zushi", why, names) == (
        "持 scores 9 strokes; it leaves 青 to Hard AI 1 for 清 (11 strokes; chance: 58%).")
    assert reason_text("kanji-zushi", {**why, "leaves": None}, names) == (
        "持 scores 9 strokes and leaves Hard AI 1 no likely kanji on the table.")
    assert reason_text("kanji-zushi", {**why, "next": None}, names) == "持 scores 9 strokes."
    assert reason_text("kanji-zushi", {**why, "next": 0}, names).endswith("it leaves you 青 for 清 (11 strokes; "
                                                                         "chance: 58%).")
    fewer = {**why, "focus": "score", "best_kanji": "請", "best_strokes": 15}
    assert reason_text("kanji-zushi", fewer, names) == "持 scores 9 strokes, 6 fewer than 請."
    wrong = {**fewer, "kind": "wrong", "action": "日+旨", "kanji": None, "strokes": 0}
    assert reason_text("kanji-zushi", wrong, names) == "日 + 旨 forms no valid kanji; 請 would score 15 strokes."
    passing = {**why, "kind": "pass", "action": "pass", "kanji": None, "strokes": 0}
    assert reason_text("kanji-zushi", passing, names).startswith("Passing scores nothing; it leaves 青 to Hard AI 1")
    for lang in ("es", "ja"):
        i18n.set_language(lang)
        try:
            for data in (why, fewer, wrong, passing, {**why, "leaves": None}):
                told = reason_text("kanji-zushi", data, names)
                assert told and "{" not in told and "scores" not in told
        finally:
            i18n.set_language("en")


def test_sushi_and_kanji_hints_carry_their_reason():
    """A hint's reason (synchronous Match): the game's coach.reason for the hinted action, from
    the seat's own view, told in one sentence."""
    from game.match import Match

    i18n.set_language("en")
    for name in ("sushi-draft", "kanji-zushi"):
        m = Match(get(name), ["human", "easy", "easy"], 5, synchronous=True)
        seat = 0
        hint = m.hints.request(seat)
        assert hint is not None and isinstance(hint.reason, dict) and hint.reason["action"] == hint.action
        json.dumps(hint.reason)
        assert reason_text(name, hint.reason, ["You", "Easy AI 1", "Easy AI 2"])


def _wait_hint(app, scene):
    import time

    from scene_input import click, rect_of

    click(app, rect_of(scene, "button:hint").center)
    end = time.monotonic() + 60
    while scene.hinting.hint is None:
        assert time.monotonic() < end, "no hint came"
        app.pump(16)
    app.pump(16)
    return scene.hinting.hint


def test_sushi_and_kanji_say_the_hint_and_why_in_the_banner(app):
    """Sushi Draft says the hint's sentence and its reason in the banner (as much as fits whole);
    Kanji-zushi its reason (the marks show the pair); the line goes once the hint is stale."""
    from scene_input import start_scene

    from scenes.kanji.scene import KanjiPlayScene
    from scenes.kit.marks import said_fits
    from scenes.sushi.scene import SushiPlayScene
    from scenes.sushi.texts import hint_text

    i18n.set_language("en")
    sushi = start_scene(app, SushiPlayScene, seats=["human", "hard", "hard"], seed=4, hints=True)
    hint = _wait_hint(app, sushi)
    why = reason_text("sushi-draft", hint.reason, list(sushi.names))
    assert why.startswith(("Eating ", "Keeping ")) or "little difference" in why
    said = sushi.banner_override
    assert said is not None and why in said[0] and said_fits(app, sushi.banner_rect(), said[0])
    want = hint_text(hint.action, sushi.match.view(hint.seat).phase) + " " + why
    assert said[0] == want or not said_fits(app, sushi.banner_rect(), want)
    sushi.commit(hint.seat, hint.action)  # the hint is taken: its line goes
    app.pump(16)
    assert sushi.banner_override is None or why not in sushi.banner_override[0]

    kanji = start_scene(app, KanjiPlayScene, seats=["human", "hard", "hard"], seed=4, hints=True)
    hint = _wait_hint(app, kanji)
    why = reason_text("kanji-zushi", hint.reason, list(kanji.names))
    assert why and kanji.banner_override is not None and kanji.banner_override[0].endswith(why)


def test_the_replay_viewer_says_sushi_s_reason_after_the_coach_s_line():
    """Review mode: the coach's line in the banner is followed by its reason when both fit
    (:class:`scenes.play.saying.SaysCoachReason`); the line alone otherwise."""
    import pygame

    from scenes.play.review import CoachReason
    from scenes.play.saying import SaysCoachReason, with_reason

    class Board(SaysCoachReason):
        banner = pygame.Rect(0, 0, 700, 46)

        def __init__(self, fits):
            self.app = None
            self.reviewing = type("R", (), {"coach_reason": None})()
            self.fits = fits

    import scenes.play.saying as saying

    board = Board(True)
    board.banner_override = ("Coach: You played tuna — a mistake; the hard AI prefers salmon.", (1, 2, 3))
    assert board.banner_override[0].endswith("salmon.")  # no reason: the line as written
    board.reviewing.coach_reason = CoachReason("Eating tuna rather than salmon loses the tuna chip.", {})
    real = saying.said_fits
    try:
        saying.said_fits = lambda app, rect, text: True
        assert board.banner_override == ("Coach: You played tuna — a mistake; the hard AI prefers salmon. "
                                         "Eating tuna rather than salmon loses the tuna chip.", (1, 2, 3))
        saying.said_fits = lambda app, rect, text: len(text) < 80
        assert board.banner_override[0].endswith("salmon.")  # both do not fit: the line alone
    finally:
        saying.said_fits = real
    assert with_reason(None, board.banner, None, board.reviewing.coach_reason) is None
