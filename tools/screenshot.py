"""Render a KAITO mid-game position through the real play scene and save it as a PNG.

    python tools/screenshot.py [--out docs/screenshot.png] [--size 1280x720] [--seed 3] [--plies 14]

Plays ``--plies`` actions between the medium and hard bots from a seeded deal, then shows the
position with a human to move (legal squares highlighted on hover of the Kaito) using the dummy
video driver. Used for the README's picture.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs/screenshot.png")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--plies", type=int, default=14)
    args = parser.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))

    import tempfile

    import pygame

    from game.ai import make_bot
    from game.kaito.rules import KAITO
    from scenes.shell.app import App
    from scenes.shell.settings import Settings

    rng = random.Random(args.seed)
    state = KAITO.new_state(2, rng, colors=("R", "B"))
    bots = [make_bot("kaito", "medium", random.Random(1)), make_bot("kaito", "medium", random.Random(2))]
    while not state.is_over() and len(state.history) < args.plies:
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat)))
    if state.is_over():
        print("the game ended before the requested ply; try another --seed", file=sys.stderr)
        return 1
    human = state.to_act()[0]
    seats = ["hard", "hard"]
    seats[human] = "human"
    names = ["Hard AI", "Hard AI"]
    names[human] = "You"
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["TATAMI_DATA_DIR"] = tmp
        app = App(size=(w, h), settings=Settings(Path(tmp) / "settings.json"), uidump=False)
        scene = app.make_scene("kaito_play", seats=seats, names=names, colors=state.colors,
                               state=state, seed=args.seed)
        app.manager.push(scene)
        for _ in range(90):
            app.frame(16.7, [])
        kaito = next(e for e in scene.ui_elements() if e.id == "kaito")
        pos = app.viewport.to_window(kaito.rect.center)
        app.frame(16.7, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
        for i in range(12):  # drag the Kaito a little way, so the legal targets light up
            app.frame(16.7, [pygame.event.Event(pygame.MOUSEMOTION, pos=(pos[0] + 3 * i, pos[1] - 2 * i),
                                                rel=(3, -2), buttons=(1, 0, 0))])
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, args.out)
        print(f"wrote {args.out} ({w}x{h}, ply {len(state.history)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
