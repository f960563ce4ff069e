"""Render still frames of every play and score scene from seeded positions, as PNGs, to compare
the look of two versions of the app pixel by pixel (a refactor must not change a pixel).

    python tools/snapshot_scenes.py OUT_DIR [--size 1280x720]
    python tools/snapshot_scenes.py --compare DIR_A DIR_B

Each position is reached by bots from a seeded deal with the game's core only, then handed to the
play scene with a human to act; the frame is drawn once every animation has finished and the
pointer rests in a corner. ``--compare`` prints, per file, whether the two PNGs are identical and
how many pixels differ; exit status 1 if any differ or are missing. Run it from a checkout (it
imports that checkout's ``scenes``), e.g. ``PYTHONPATH=/tmp/old python tools/snapshot_scenes.py``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _app_classes() -> tuple[Any, Any]:
    try:
        from scenes.shell.app import App
        from scenes.shell.settings import Settings
    except ImportError:  # an older checkout (flat scenes/)
        from scenes.app import App  # type: ignore[no-redef]
        from scenes.settings import Settings  # type: ignore[no-redef]
    return App, Settings


def _play(game: Any, state: Any, bots: list[Any], until: Any) -> Any:
    """Play bots on ``state`` (simultaneous phases: all views first) until ``until(state)``."""
    while not state.is_over() and not until(state):
        seats = state.to_act()
        views = [state.view(s) for s in seats]
        for seat, view in zip(seats, views):
            state.apply(seat, bots[seat].choose(view))
    return state


def positions() -> list[tuple[str, str, dict, Any]]:
    """(file stem, play scene name, scene kwargs, state) for every snapshot."""
    from game.ai import make_bot
    from game.kaito.rules import KAITO
    from game.kanji.rules import KANJI
    from game.sushi.rules import SUSHI

    out: list[tuple[str, str, dict, Any]] = []
    for plies in (0, 1, 14):
        st = KAITO.new_state(2, random.Random(3), colors=("R", "B"))
        bots = [make_bot("kaito", "medium", random.Random(1 + s)) for s in range(2)]
        _play(KAITO, st, bots, lambda s, p=plies: len(s.history) >= p)
        human = st.to_act()[0]
        seats = ["hard", "hard"]
        seats[human] = "human"
        out.append((f"kaito_{plies}", "kaito_play", dict(seats=seats, colors=("R", "B"), seed=3), st))
    for phases in (0, 3, 11):
        st = SUSHI.new_state(3, random.Random(5))
        bots = [make_bot("sushi-draft", "medium", random.Random(1 + s)) for s in range(3)]
        _play(SUSHI, st, bots, lambda s, p=phases: len(s.history) >= 3 * p)
        out.append((f"sushi_{phases}", "sushi_play", dict(seats=["human", "hard", "hard"], seed=5), st))
    for turns in (0, 5):
        st = KANJI.new_state(3, random.Random(7))
        bots = [make_bot("kanji-zushi", "medium", random.Random(1 + s)) for s in range(3)]
        _play(KANJI, st, bots, lambda s, t=turns: len(s.history) >= t and s.to_act() == (0,))
        out.append((f"kanji_{turns}", "kanji_play", dict(seats=["human", "hard", "hard"], seed=7), st))
    return out


def score_positions() -> list[tuple[str, str, str, dict, Any]]:
    """(file stem, game, score scene, kwargs builder input, final state)."""
    from game.ai import make_bot
    from game.kaito.rules import KAITO
    from game.kanji.rules import KANJI
    from game.sushi.rules import SUSHI

    out = []
    for name, game, n, scene in (("kaito", KAITO, 2, "kaito_score"), ("sushi-draft", SUSHI, 3, "sushi_score"),
                                 ("kanji-zushi", KANJI, 3, "kanji_score")):
        st = game.new_state(n, random.Random(11)) if name != "kaito" else game.new_state(
            2, random.Random(11), colors=("R", "B"))
        bots = [make_bot(name, "medium", random.Random(20 + s)) for s in range(n)]
        _play(game, st, bots, lambda s: False)
        out.append((f"score_{name}", name, scene, {}, st))
    return out


def render(out_dir: Path, size: tuple[int, int]) -> None:
    import pygame

    App, Settings = _app_classes()
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["TATAMI_DATA_DIR"] = tmp
        app = App(size=size, settings=Settings(path=Path(tmp) / "settings.json", autoload=False), uidump=False)
        try:
            for stem, scene_name, kw, state in positions():
                scene = app.make_scene(scene_name, state=state, speed=1000.0, think_ms=0, **kw)
                app.manager.reset(scene)
                for _ in range(5):
                    app.pump(16)
                    scene.finish_animations()
                app.pump(16)
                pygame.image.save(app.screen, str(out_dir / f"{stem}.png"))
            for stem, game_name, scene_name, _kw, state in score_positions():
                n = state.num_seats
                view = state.view(0)
                seats = ["human"] + ["hard"] * (n - 1)
                names = ["You"] + [f"AI {k}" for k in range(1, n)]
                if game_name == "kaito":
                    scene = app.make_scene(scene_name, game_name="kaito", outcome=view.outcome, seats=seats,
                                           names=names, colors=("R", "B"), held=view.held)
                else:
                    scene = app.make_scene(scene_name, view=view, seats=seats, names=names)
                app.manager.reset(scene)
                for _ in range(90):
                    app.pump(16)
                pygame.image.save(app.screen, str(out_dir / f"{stem}.png"))
        finally:
            app.shutdown()


def compare(a: Path, b: Path) -> int:
    import pygame

    bad = 0
    names = sorted({p.name for p in a.glob("*.png")} | {p.name for p in b.glob("*.png")})
    for name in names:
        pa, pb = a / name, b / name
        if not pa.exists() or not pb.exists():
            print(f"{name}: missing in {'A' if not pa.exists() else 'B'}")
            bad += 1
            continue
        sa, sb = pygame.image.load(str(pa)), pygame.image.load(str(pb))
        if sa.get_size() != sb.get_size():
            print(f"{name}: sizes differ {sa.get_size()} vs {sb.get_size()}")
            bad += 1
            continue
        ba, bb = pygame.image.tobytes(sa, "RGB"), pygame.image.tobytes(sb, "RGB")
        diff = sum(1 for i in range(0, len(ba), 3) if ba[i:i + 3] != bb[i:i + 3])
        print(f"{name}: {'identical' if diff == 0 else f'{diff} pixels differ'}")
        bad += diff > 0
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out", nargs="?", help="output directory for the PNGs")
    p.add_argument("--size", default="1280x720")
    p.add_argument("--compare", nargs=2, metavar=("DIR_A", "DIR_B"))
    args = p.parse_args(argv)
    if args.compare:
        return compare(Path(args.compare[0]), Path(args.compare[1]))
    if not args.out:
        p.error("OUT_DIR is required")
    w, h = (int(v) for v in args.size.lower().split("x"))
    render(Path(args.out), (w, h))
    return 0


if __name__ == "__main__":
    sys.exit(main())
