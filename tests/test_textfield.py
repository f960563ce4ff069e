"""Text fields as a player expects them (issue 33, item 4): one focus in the whole app, a caret
that moves (Left / Right, by word with Ctrl, Home / End), a selection (Shift, Ctrl+A) that typing
replaces, Ctrl+Backspace / Ctrl+Delete by word, and Ctrl+C / Ctrl+X / Ctrl+V through the system
clipboard (SDL's, pygame.scrap); on the join screen two fields never show the focus at once."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from scenes.kit import clipboard  # noqa: E402
from scenes.kit.textfield import TextField, word_left, word_right  # noqa: E402

CTRL, SHIFT = pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT


@pytest.fixture(autouse=True)
def video():
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    yield


def press(f: TextField, key: int, mod: int = 0) -> bool:
    return f.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))


def typed(f: TextField, text: str) -> None:
    assert f.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))


def clicked(f: TextField) -> bool:
    return f.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=f.rect.center, button=1))


def test_words_are_found_across_spaces():
    text = "ws://127.0.0.1:8765  ABCDE"
    assert word_left(text, len(text)) == text.index("ABCDE") and word_right(text, 0) == text.index("  ")
    assert word_left(text, text.index("ABCDE")) == 0 and word_right(text, text.index("  ")) == len(text)


def test_the_caret_moves_and_typing_goes_there():
    f = TextField("field:t", (0, 0, 300, 40), "Ana Mara", max_len=20)
    clicked(f)
    assert f.caret == len("Ana Mara")
    press(f, pygame.K_LEFT)
    press(f, pygame.K_LEFT)
    press(f, pygame.K_LEFT)
    typed(f, "í")
    assert f.text == "Ana Míara"  # (the caret was before "ara")
    press(f, pygame.K_HOME)
    typed(f, "¡")
    press(f, pygame.K_END)
    typed(f, "!")
    assert f.text == "¡Ana Míara!"
    press(f, pygame.K_LEFT, CTRL)  # a word back: before "Míara!"
    assert f.caret == len("¡Ana ")
    press(f, pygame.K_BACKSPACE, CTRL)  # the word before: "¡Ana " goes
    assert f.text == "Míara!" and f.caret == 0
    press(f, pygame.K_DELETE)
    assert f.text == "íara!"
    press(f, pygame.K_DELETE, CTRL)
    assert f.text == ""


def test_a_selection_is_replaced_by_what_is_typed():
    f = TextField("field:t", (0, 0, 300, 40), "ws://127.0.0.1:8765", max_len=120)
    clicked(f)
    press(f, pygame.K_a, CTRL)
    assert f.selection() == (0, len(f.text))
    typed(f, "ws://192.168.1.20:43903")
    assert f.text == "ws://192.168.1.20:43903"  # (issue 33: not typed into the old address)
    press(f, pygame.K_LEFT, SHIFT)
    press(f, pygame.K_LEFT, SHIFT)
    assert f.selection() == (len(f.text) - 2, len(f.text))
    press(f, pygame.K_BACKSPACE)
    assert f.text == "ws://192.168.1.20:439" and f.selection() is None
    press(f, pygame.K_HOME, SHIFT)
    press(f, pygame.K_RIGHT)  # an arrow ends a selection at its side
    assert f.selection() is None and f.caret == len(f.text)


def test_the_clipboard_copies_cuts_and_pastes():
    f = TextField("field:t", (0, 0, 300, 40), "ABCDE-FGHJK", max_len=14)
    g = TextField("field:u", (0, 50, 300, 40), "", max_len=14)
    clicked(f)
    press(f, pygame.K_a, CTRL)
    press(f, pygame.K_c, CTRL)
    assert clipboard.paste() == "ABCDE-FGHJK"
    press(f, pygame.K_x, CTRL)
    assert f.text == ""
    clicked(g)
    press(g, pygame.K_v, CTRL)
    assert g.text == "ABCDE-FGHJK"
    clipboard.copy("line one\nline two and far more than fits")
    press(g, pygame.K_a, CTRL)
    press(g, pygame.K_v, CTRL)
    assert g.text == "line one line " and len(g.text) == 14  # (one line, cut to the field's length)
    taken: list[str] = []
    h = TextField("field:v", (0, 100, 300, 40), "", on_paste=lambda text: bool(taken.append(text)) or True)
    clicked(h)
    clipboard.copy("whole invite")
    press(h, pygame.K_v, CTRL)
    assert taken == ["whole invite"] and h.text == ""  # (the screen took it)


def test_one_field_is_focused_at_a_time():
    first = TextField("field:a", (0, 0, 100, 40))
    second = TextField("field:b", (0, 60, 100, 40))
    clicked(first)
    assert first.focused
    assert clicked(second)  # (the click never reaches the first field: the second takes it)
    assert second.focused and not first.focused
    typed(second, "x")
    assert not first.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="y"))
    assert (first.text, second.text) == ("", "x")


def test_the_join_screen_never_shows_two_fields_focused(tmp_path, monkeypatch):
    from scenes.shell.app import App
    from scenes.shell.settings import Settings

    monkeypatch.setenv("TATAMI_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("TATAMI_LAN", "off")
    app = App(size=(1280, 720), settings=Settings(path=tmp_path / "s.json", autoload=False), uidump=False)
    try:
        app.manager.push(app.make_scene("online_join"))
        app.pump(16)
        scene = app.manager.top()
        fields = [scene.widgets.get(i) for i in ("field:online-name", "field:address", "field:code")]
        for f in fields:  # (last to first: each click lands on a field listed after the focused one)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.viewport.to_window(f.rect).center,
                                                 button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=app.viewport.to_window(f.rect).center,
                                                 button=1))
            app.pump(16)
            kinds = {e.id: e.kind for e in scene.ui_elements() if e.id.startswith("field:")}
            assert [i for i, k in kinds.items() if k == "field-focused"] == [f.id]
    finally:
        app.shutdown()
