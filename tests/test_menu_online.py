"""The menu shows this player's unfinished online tables, with "your turn" where it is, and the
setup screen's *Host online* is a real button of its own (issue 33, item 7). Headless (SDL dummy)."""
from __future__ import annotations

import os
from datetime import datetime, timezone

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from scenes.online.kept import KeptSeat, KeptSeats  # noqa: E402


def element(scene, id_):
    return next((e for e in scene.ui_elements() if e.id == id_), None)


def kept(table: str, my_turn, host_away: bool = False) -> KeptSeat:
    return KeptSeat("ws://127.0.0.1:8765", table, 1, "x" * 32, "kaito", "Ben",
                    datetime.now(timezone.utc).isoformat(timespec="seconds"), my_turn=my_turn, host_away=host_away)


def menu(app):
    app.manager.reset(app.make_scene("menu"))
    app.pump(16)
    return app.manager.top()


def test_the_menu_says_your_turn_online_and_opens_the_tables(app):
    assert element(menu(app), "button:online-tables") is None  # none kept: nothing said
    store = KeptSeats()
    store.keep(kept("ABCDEFGHJK", my_turn=False))
    scene = menu(app)
    assert element(scene, "button:online-tables").label == "1 unfinished online table"
    store.keep(kept("BCDEFGHJKL", my_turn=True))
    store.keep(kept("CDEFGHJKLM", my_turn=True, host_away=True))  # (its host gone: nobody can play it now)
    scene = menu(app)
    assert element(scene, "button:online-tables").label == "Your turn online: KAITO"
    scene.btn_tables.on_click()
    app.pump(16)
    assert app.manager.top().name == "online_join"
    rows = [e for e in app.manager.top().ui_elements() if e.id.startswith("resume:")]
    assert len(rows) == 3


def test_host_online_is_a_button_as_big_as_start_beside_it(app):
    app.manager.reset(app.make_scene("setup", game="kaito"))
    app.pump(16)
    scene = app.manager.top()
    host, start = element(scene, "button:host-online"), element(scene, "button:start")
    assert host.kind == "button" and host.rect.h == start.rect.h and host.rect.y == start.rect.y
    assert host.rect.w >= 0.9 * start.rect.w and not host.rect.colliderect(start.rect)
