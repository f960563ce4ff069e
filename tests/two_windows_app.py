"""One Tatami window for tests/test_two_windows.py: a real app (headless, SDL dummy driver) on the
data folder ``$TATAMI_DATA_DIR`` with the four per-user stores as an interactive run has them, that
plays ``N`` KAITO games against the Random AI to the end through the mouse (the menu, the board's
squares), changes one setting after each game, and prints one JSON line: the ids of the games it
finished.

    python tests/two_windows_app.py N SEED SETTING
"""
from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.kaito.rules import square_name  # noqa: E402
from scenes.devtools.driver import Driver  # noqa: E402
from scenes.shell.app import App  # noqa: E402
from scenes.shell.history import HistoryStore  # noqa: E402
from scenes.shell.saveslots import SaveSlots  # noqa: E402
from scenes.shell.settings import Settings  # noqa: E402
from scenes.shell.stats import StatsStore  # noqa: E402


def ids(app: App) -> set[str]:
    return {e.id for e in app.manager.top().ui_elements()}


def wait(d: Driver, cond, what: str, wall_s: float = 120) -> None:
    end = time.monotonic() + wall_s
    while not cond():
        if time.monotonic() > end:
            raise SystemExit(f"two_windows_app: timed out waiting for {what}")
        d.frames(1)
        top = d.app.manager.top()
        if getattr(top, "worker", None) is not None and top.worker.thinking:
            time.sleep(0.002)


def ready(app: App) -> bool:
    top = app.manager.top()
    if getattr(top, "name", "") != "kaito_play":
        return False
    return top.state.is_over() or (not top.busy() and top.human_to_act() is not None)


def human_move(d: Driver) -> None:
    scene = d.app.manager.top()
    seat = scene.human_to_act()
    view = scene.state.view(seat)
    n = len(scene.state.history)
    plain = [sq for sq in view.targets() if not view.exchanges_at(sq)]
    d.click(f"tile:{square_name((plain or view.targets())[0])}")
    if not plain:
        wait(d, lambda: "button:no-exchange" in ids(d.app), "the buy-back step")
        d.click("button:no-exchange")
    wait(d, lambda: len(scene.state.history) > n and not scene.animating(), "the move")


def main(argv: list[str]) -> int:
    games, seed, setting = int(argv[0]), int(argv[1]), argv[2]
    data = Path(os.environ["TATAMI_DATA_DIR"])
    app = App(size=(800, 450), settings=Settings(data / "settings.json"), uidump=False)
    app.saves, app.stats, app.history = SaveSlots(), StatsStore(), HistoryStore()
    app.manager.push(app.make_scene("menu"))
    d = Driver(app, deadline=time.monotonic() + 600, log=lambda m: None)
    d.frames(2)
    finished = []
    for k in range(games):
        scene = app.start_game("kaito", seats=["human", "random"], seed=seed + k, speed=1000.0, think_ms=0)
        while not scene.state.is_over():
            wait(d, lambda: ready(app), "the human's turn")
            if not scene.state.is_over():
                human_move(d)
        d.frames(3)
        finished.append(scene.saving.game_uid)
        app.settings[setting] = "fast" if setting == "animation_speed" else bool(k % 2 == 0)
        app.settings.save()
        app.go_to_menu()
        d.frames(2)
    app.shutdown()
    print(json.dumps(finished))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
