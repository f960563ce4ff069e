"""How long each tutorial takes when followed without pause (issue 11; aim 2-4 minutes).

    python tools/tutorial_time.py [--wpm 200] [--move-s 2.0] [--page-s 1.0]

Plays each tutorial headless in its real play scene at the normal animation speed, followed like
a player (scenes.devtools.walk_tutorial), and counts the app's own time: every frame is 16.7 ms
of animation or AI thinking. To that it adds the reading of every coach text shown (words at
``--wpm`` words per minute), ``--move-s`` per move (finding the piece and dragging it) and
``--page-s`` per Continue. Prints one JSON object per tutorial. A figure for docs/FIGURES.md, never
a test."""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def measure(game: str, wpm: float, move_s: float, page_s: float) -> dict:
    from scenes.devtools.driver import Driver
    from scenes.devtools.walk_tutorial import walk_tutorial
    from scenes.shell.app import App
    from scenes.shell.settings import Settings
    from scenes.tutorial.scene import start_tutorial

    folder = Path(tempfile.mkdtemp())
    app = App(size=(1280, 720), settings=Settings(path=folder / "settings.json", autoload=False), uidump=False)
    try:
        app.settings["animation_speed"] = "normal"
        frames = 0
        real_pump = app.pump

        def counted(dt_ms: float = 1000 / 60) -> None:
            nonlocal frames
            frames += 1
            real_pump(dt_ms)

        app.pump = counted  # type: ignore[method-assign]
        start_tutorial(app, game)
        coach = app.manager.top().coach
        shown: list[str] = []
        original = coach._sync_panel

        def noting() -> None:
            original()
            if coach.panel.text and (not shown or shown[-1] != coach.panel.text):
                shown.append(coach.panel.text)

        coach._sync_panel = noting  # type: ignore[method-assign]
        noting()
        result = walk_tutorial(Driver(app, time.monotonic() + 600, log=lambda s: None), lambda s: None,
                               try_wrong=False)
        words = sum(len(t.split()) for t in shown)
        asks = sum(1 for s in coach.tutorial.steps if s.do is not None)
        pages = len(coach.tutorial.steps) - asks
        app_s = frames / 60
        total = app_s + words / wpm * 60 + result["moves"] * move_s + pages * page_s
        return {"game": game, "steps": result["steps"], "asks": asks, "clicks": result["moves"], "words": words,
                "app_s": round(app_s, 1), "reading_s": round(words / wpm * 60, 1), "total_min": round(total / 60, 1)}
    finally:
        app.shutdown()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--wpm", type=float, default=200.0)
    p.add_argument("--move-s", type=float, default=2.0)
    p.add_argument("--page-s", type=float, default=1.0)
    args = p.parse_args()
    from game.tutorial import TUTORIAL_GAMES

    for game in TUTORIAL_GAMES:
        print(json.dumps(measure(game, args.wpm, args.move_s, args.page_s)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
