"""What a seat says at an online table shows in a speech bubble by its panel (issue 24 §2), headless
(SDL dummy): the kit's bubble drawn alone in every language and at the smallest and the usual window
size (the text inside the bubble, the bubble inside the window, as the layout check's recorded
boxes say); and at a real table on the app's own server on 127.0.0.1 — KAITO, Sushi Draft (host,
friend, AI) and Kanji-zushi — a friend's phrase and the person's own each in a bubble
``said:<seat>`` by that seat's panel, one per seat, gone after its time; at KAITO's end, over the
result band.
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.net.protocol import PHRASES  # noqa: E402
from game.net.remote import ClientThread  # noqa: E402
from scenes.kit.boxes import BoxRecorder  # noqa: E402
from scenes.kit.bubble import (  # noqa: E402
    BUBBLE_MS,
    FADE_IN_MS,
    TAIL,
    Bubble,
    Bubbles,
    bubble_layout,
    draw_bubble,
    draw_bubbles,
)
from scenes.play.online_frame import SAID_MS, phrase_text  # noqa: E402
from tests.test_online_app import pump  # noqa: E402

#: Panels of the three games' layouts and a few awkward places (logical px): a top-row panel, the
#: right column's, a bottom-right card, a small one in the top-right corner, one in the bottom-left.
ANCHORS = [pygame.Rect(16, 8, 440, 170), pygame.Rect(722, 90, 536, 196), pygame.Rect(756, 536, 508, 172),
           pygame.Rect(1200, 8, 64, 50), pygame.Rect(8, 640, 120, 72)]
NAMES = ["Ana", "Bartholomew Alexander", "佐藤花子"]


@pytest.fixture
def recorder(app):
    rec = BoxRecorder()
    app.assets.boxes = rec
    yield rec
    app.assets.boxes = None


@pytest.fixture
def language():
    yield i18n.set_language
    i18n.set_language("en")


def _near(box: pygame.Rect, anchor: pygame.Rect) -> bool:
    """The bubble's box lies within the tail's reach of the anchor (a few px of rounding)."""
    return box.inflate(2 * TAIL + 6, 2 * TAIL + 6).colliderect(anchor)


@pytest.mark.parametrize("size", [(1280, 720), (800, 450)])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_a_bubble_holds_its_text_inside_the_window(app, recorder, language, size, lang):
    app.resize_window(size)
    language(lang)
    surface = pygame.display.get_surface()
    window = surface.get_rect()
    for anchor in ANCHORS:
        for name in NAMES:
            for phrase in PHRASES:
                short = phrase_text(phrase)
                text = i18n._("{name}: {phrase}").format(name=name, phrase=short)
                lay = bubble_layout(app, text, anchor, short)
                assert lay.text in (text, short) and 1 <= len(lay.lines) <= 2
                assert "".join(lay.lines).replace(" ", "") == lay.text.replace(" ", "")  # never cut
                assert _near(lay.box, anchor) and not lay.box.colliderect(anchor.inflate(-2, -2))
                tip = lay.tail[2]
                assert anchor.inflate(2, 2).collidepoint(tip), (anchor, lay.tail)
                recorder.clear()
                wbox = draw_bubble(surface, app, lay, 1.0)
                assert window.contains(wbox) and app.viewport.area.contains(wbox), (wbox, window)
                drawn = [t for t in recorder.texts if t.text]
                assert [t.text for t in drawn] == list(lay.lines)
                for t in drawn:
                    assert t.over and t.box == wbox and wbox.contains(t.ink), (t.text, t.ink, wbox)
                assert not recorder.cuts, recorder.cuts
    assert not any(t.hidden for t in recorder.texts)


def test_a_bubble_fades_in_and_out_and_its_draw_changes_nothing(app):
    b = Bubble("Ana: Hello!", "Hello!", ms=1000)
    assert b.alpha() == 0.0
    b.age = FADE_IN_MS / 2
    assert 0.4 < b.alpha() < 0.6
    b.age = 500
    assert b.alpha() == 1.0
    b.age = 990
    assert 0.0 < b.alpha() < 0.1
    bubbles = Bubbles(app, "said", lambda seat: pygame.Rect(722, 90 + 208 * seat, 536, 196))
    bubbles.show(0, "Ana: Hello!", "Hello!")
    bubbles.show(1, "Ben: Oops!", "Oops!")
    bubbles.show(0, "Ana: Thanks!", "Thanks!")  # the newest replaces the seat's older one
    bubbles.update(FADE_IN_MS)
    before = [(k, b.text, b.age) for k, b in bubbles.shown.items()]
    draw_bubbles(pygame.display.get_surface(), app, type("Group", (), {"widgets": [bubbles]})())
    assert [(k, b.text, b.age) for k, b in bubbles.shown.items()] == before
    assert {e.id: e.label for e in bubbles.ui_elements()} == {"said:0": "Ana: Thanks!", "said:1": "Ben: Oops!"}
    assert all(e.kind == "text" for e in bubbles.ui_elements()) and bubbles.busy()
    bubbles.update(BUBBLE_MS)
    assert bubbles.ui_elements() == [] and not bubbles.busy()


def _table(app, game: str, seats: list[str], room: str):
    """A table hosted from the setup's kwargs (the person "Ana" at seat 0) and a friend's client at
    seat 1; returns the play scene and the friend's client thread."""
    app.manager.push(app.make_scene("online_host", game=game, host="127.0.0.1",
                                    setup={"seats": seats, "names": ["Ana"] + [""] * (len(seats) - 1)}))
    pump(app, lambda: app.manager.top().name == "online_lobby", "the lobby")
    lobby = app.manager.top()
    code = {e.id: e.label for e in lobby.ui_elements()}["code"].replace("-", "")
    friend = ClientThread(lobby.hosting.local_url)

    async def sit(client):
        await client.connect()
        await client.join(code, "Friend")
    friend.call(sit)
    pump(app, lambda: app.manager.top().name == f"{room}_play", "the play scene")
    return app.manager.top(), friend


def _said(scene) -> dict[str, object]:
    return {e.id: e for e in scene.ui_elements() if e.id.startswith("said:")}


@pytest.mark.parametrize("game,seats,room", [("kaito", ["human", "human"], "kaito"),
                                             ("sushi-draft", ["human", "human", "easy"], "sushi"),
                                             ("kanji-zushi", ["human", "human", "easy"], "kanji")])
def test_what_a_seat_says_shows_in_a_bubble_by_its_panel(app, recorder, game, seats, room):
    scene, friend = _table(app, game, seats, room)
    try:
        assert scene.match.seat == 0 and scene.names[:2] == ["You", "Friend"]
        friend.call(lambda client: client.say("good-game"))
        pump(app, lambda: "said:1" in _said(scene), "the friend's bubble")
        el = _said(scene)["said:1"]
        assert el.kind == "text" and el.label in ("Friend: Good game!", "Good game!")
        assert _near(el.rect, scene.seat_anchor(1)) and not el.rect.colliderect(scene.seat_anchor(1))
        # the person's own phrase, by their own panel, while the friend's is still shown
        scene.match.say("thanks")
        pump(app, lambda: "said:0" in _said(scene), "the person's bubble")
        said = _said(scene)
        assert said["said:0"].label in ("You: Thanks!", "Thanks!")  # (this seat: "You") and "said:1" in said
        assert _near(said["said:0"].rect, scene.seat_anchor(0))
        assert not said["said:0"].rect.colliderect(said["said:1"].rect)
        # drawn over the table, inside the window, each text inside its bubble
        recorder.clear()
        scene.draw(pygame.display.get_surface())
        texts = {t.text: t for t in recorder.texts if t.owner == "bubble"}
        assert set(texts) == {said["said:0"].label, said["said:1"].label}
        for t in texts.values():
            assert t.box.contains(t.ink) and pygame.display.get_surface().get_rect().contains(t.box)
        # said in the bubbles only: the banner keeps the game's instruction
        assert scene.banner_override is None
        # a newer phrase replaces the seat's older bubble; each goes after its time
        friend.call(lambda client: client.say("well-played"))
        pump(app, lambda: _said(scene).get("said:1") is not None
             and _said(scene)["said:1"].label in ("Friend: Well played!", "Well played!"), "the newer bubble")
        frames = 0
        while "said:1" in _said(scene):
            app.pump(16)
            frames += 1
            assert frames * 16 <= SAID_MS + 200, "the bubble stayed too long"
        assert frames * 16 >= SAID_MS - 400 and "said:0" not in _said(scene)
    finally:
        friend.stop()
        app.go_to_menu()
        app.pump(16)


def test_no_bubble_at_a_table_played_at_this_screen(app):
    """A local game has no ``said`` widget and no bubble element."""
    app.manager.push(app.make_scene("kaito_play", seats=["human", "easy"], seed=3, speed=50.0))
    scene = app.manager.top()
    for _ in range(5):
        app.pump(16)
    assert scene.widgets.get("said") is None and not _said(scene)
    scene.draw(pygame.display.get_surface())


def test_at_kaitos_end_the_bubbles_lie_over_the_end_band(app, recorder):
    """"Good game!" is said at the end: KAITO's result band (over the board's right edge, where its
    bubbles stand) is drawn first and the bubbles over it, not hidden under it."""
    app.manager.push(app.make_scene("kaito_play", seats=["easy", "easy"], seed=1, speed=50.0, think_ms=0))
    scene = app.manager.top()
    pump(app, lambda: scene.ended and scene.end_fade >= 1.0, "the end")
    bubbles = scene.widgets.add(Bubbles(app, "said", scene.seat_anchor))
    bubbles.show(0, "Ana: Good game!", "Good game!")
    bubbles.show(1, "Ben: Well played!", "Well played!")
    bubbles.update(FADE_IN_MS)
    recorder.clear()
    scene.draw(pygame.display.get_surface())
    said = [t for t in recorder.texts if t.owner == "bubble"]
    assert sorted(t.text for t in said) == ["Ana: Good game!", "Ben: Well played!"]
    band = next(t for t in recorder.texts if t.owner == "end band")
    assert all(t.seq > band.seq and not t.hidden for t in said)
    assert {e.id for e in scene.ui_elements()} >= {"said:0", "said:1", "button:score"}
