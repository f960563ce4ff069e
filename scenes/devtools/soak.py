"""The memory soak (issue 21 §6; ``tools/soak.py``): scripted play through every scene for a given
number of minutes, the window size and the language switched between rounds, the process's resident
memory (RSS) sampled each minute.

A *round* is every walk of :mod:`scenes.devtools.layoutstates` (the menu, setup, rules, settings,
each game played to its end, the replay viewer, the tutorials, statistics and recent games) run on
the real ``App``, headless, in one (window size, language) of :data:`SIZES` x :data:`LANGS`; between
walks the window is also resized to one of :data:`ODD_SIZES` and back (a player dragging the
window's edge). Rounds repeat until the time is up.

Output: one JSON object per line — ``{"minute": m, "rss_mb": ..., "children_mb": ..., "round": r,
"size": [w, h], "lang": ..., "caches": {...}}`` each minute (``caches``: :func:`cache_report`), then
``{"summary": {...}}`` (:func:`summarize`: the RSS at the end of the warm-up, at the end, the
largest, and the slope after the warm-up in MB per hour).

:func:`cache_report` counts the entries and surface bytes of every render cache the app keeps (the
tests of the caches' bounds read it too).
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, TextIO

from game import environ

#: The window sizes a round is played at (window px), in turn.
SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (800, 450), (1920, 1080))
#: Sizes the window is dragged to between walks (and back): odd sizes, each a scale of its own.
ODD_SIZES: tuple[tuple[int, int], ...] = ((1024, 640), (1366, 768), (900, 700), (1600, 900), (1111, 625))
#: The languages rounds are played in, in turn (switched through the app, as the settings do).
LANGS: tuple[str, ...] = ("en", "es", "ja")
#: Minutes of the start not counted in the slope (the caches fill, the fonts load).
WARMUP_MIN = 10


def rss_mb(pid: int | None = None) -> float:
    """The resident memory of process ``pid`` (default: this one), in MB (10^6 bytes), through
    psutil (a dev/test dependency)."""
    import psutil

    return psutil.Process(pid).memory_info().rss / 1e6


def children_rss_mb() -> float:
    """The resident memory of this process's children (the AI worker processes), in MB."""
    import psutil

    total = 0.0
    for child in psutil.Process().children(recursive=True):
        try:
            total += child.memory_info().rss / 1e6
        except psutil.Error:  # ended meanwhile
            pass
    return total


def cache_report(app: Any) -> dict[str, dict[str, int]]:
    """Every render cache the app holds now: ``{name: {"entries": n, "bytes": surface bytes}}``.

    Names: ``assets.fonts``, ``assets.text``, ``assets.svgs``, ``assets.glyphs`` (the glyph
    checks), ``draw.shadows``, ``draw.paper``, ``narration.fades``, and per scene on the stack
    ``<scene>.render`` (:meth:`scenes.play.base.PlayScene.cached`), ``<scene>.art`` and
    ``<scene>.art_passing`` (a card game's :class:`scenes.kit.card_art.CardArt`: its art, a flight's
    passing sizes)."""
    from scenes.kit import draw, narration

    def entry(cache: Any) -> dict[str, int]:
        return {"entries": len(cache), "bytes": cache.bytes, "limit": cache.limit, "max_bytes": cache.byte_bound}

    out = {f"assets.{name}": entry(cache) for name, cache in app.assets.caches().items()}
    out.update({"draw.shadows": entry(draw.SHADOWS), "draw.paper": entry(draw.PAPERS),
                "narration.fades": entry(narration.FADES)})
    for scene in app.manager.stack:
        name = getattr(scene, "name", type(scene).__name__)
        rc = getattr(scene, "render_cache", None)
        if rc is not None:
            out[f"{name}.render"] = entry(rc)
        cache = getattr(getattr(scene, "art", None), "cache", None)
        if cache is not None:
            out[f"{name}.art"] = entry(cache)
        passing = getattr(getattr(scene, "art", None), "transient", None)
        if passing is not None:
            out[f"{name}.art_passing"] = entry(passing)
    return out


def summarize(samples: list[dict[str, Any]], warmup_min: float = WARMUP_MIN) -> dict[str, Any]:
    """The soak's figures from its samples (each with ``minute`` and ``rss_mb``): ``warmup_rss_mb``
    (the last sample within the warm-up), ``end_rss_mb``, ``max_rss_mb``, ``slope_mb_per_h`` (least
    squares over the samples after the warm-up; None with fewer than two), ``samples`` and
    ``by_size``: per window size ``"WxH"``, the largest RSS of the first and of the last round
    played at that size after the warm-up (RSS follows the window size: flat means the last round
    is no larger than the first)."""
    if not samples:
        return {"samples": 0}
    warm = [s for s in samples if s["minute"] <= warmup_min] or samples[:1]
    after = [s for s in samples if s["minute"] >= warm[-1]["minute"]]
    slope = None
    if len(after) >= 2:
        xs = [s["minute"] / 60.0 for s in after]
        ys = [s["rss_mb"] for s in after]
        mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
        var = sum((x - mx) ** 2 for x in xs)
        slope = round(sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / var, 1) if var else None
    rounds: dict[str, dict[int, float]] = {}
    for s in after:
        if "size" in s:
            per = rounds.setdefault("x".join(map(str, s["size"])), {})
            per[s["round"]] = max(per.get(s["round"], 0.0), s["rss_mb"])
    by_size = {size: {"first_round_max_mb": per[min(per)], "last_round_max_mb": per[max(per)], "rounds": len(per)}
               for size, per in rounds.items()}
    return {"samples": len(samples), "warmup_min": warm[-1]["minute"], "warmup_rss_mb": warm[-1]["rss_mb"],
            "end_rss_mb": samples[-1]["rss_mb"], "max_rss_mb": max(s["rss_mb"] for s in samples),
            "slope_mb_per_h": slope, "by_size": by_size}


class _Clock:
    """Samples each ``every_s`` seconds of wall time, checked between frames."""

    def __init__(self, app: Any, every_s: float, emit: Callable[[dict[str, Any]], None]):
        self.app, self.every_s, self.emit = app, every_s, emit
        self.start = time.monotonic()
        self.next_at = self.start
        self.samples: list[dict[str, Any]] = []
        self.where: dict[str, Any] = {}

    def tick(self) -> None:
        now = time.monotonic()
        if now < self.next_at:
            return
        self.next_at += self.every_s
        sample = {"minute": round((now - self.start) / 60.0, 2), "rss_mb": round(rss_mb(), 1),
                  "children_mb": round(children_rss_mb(), 1), **self.where,
                  "caches": cache_report(self.app)}
        self.samples.append(sample)
        self.emit(sample)

    def elapsed_s(self) -> float:
        return time.monotonic() - self.start


def run_soak(minutes: float = 60.0, every_s: float = 60.0, out: TextIO | None = None,
             log: Callable[[str], None] | None = None, sizes: tuple[tuple[int, int], ...] = SIZES,
             langs: tuple[str, ...] = LANGS, walks: tuple[str, ...] = ()) -> dict[str, Any]:
    """Play rounds (module doc) for ``minutes`` of wall time, sampling RSS each ``every_s`` seconds
    (and once at the start and the end); prints the samples and the summary as JSON lines to
    ``out`` (default stdout) and returns the summary. Uses a temporary data folder. ``sizes`` and
    ``langs``: the rounds' window sizes (window px) and languages, in turn (issue 33, item 15: one
    of each, e.g. 1920x1080 in Japanese); ``walks``: only the walks of these sheets (e.g.
    ``online``, ``online-play``: tables the app hosts), default every one.

    Raises:
        ValueError: a walk named that is not one of the layout check's."""
    from game import i18n
    from scenes.devtools.driver import Driver, SelfTestFailure
    from scenes.devtools.layoutstates import WALKS, settle
    from scenes.shell.app import App
    from scenes.shell.history import HistoryStore
    from scenes.shell.saveslots import SaveSlots
    from scenes.shell.settings import Settings
    from scenes.shell.stats import StatsStore

    chosen = tuple(w for w in WALKS if not walks or w.scene in walks)
    unknown = set(walks) - {w.scene for w in WALKS}
    if unknown:
        raise ValueError(f"no walk {', '.join(sorted(unknown))}; the walks: {', '.join(w.scene for w in WALKS)}")
    stream = out if out is not None else sys.stdout
    say = log or (lambda msg: print(msg, file=sys.stderr, flush=True))

    def emit(obj: dict[str, Any]) -> None:
        stream.write(json.dumps(obj) + "\n")
        stream.flush()

    old_data = os.environ.get(environ.DATA_DIR)
    with tempfile.TemporaryDirectory(prefix="tatami-soak-") as tmp:
        os.environ[environ.DATA_DIR] = tmp
        settings = Settings(Path(tmp) / "settings.json", autoload=False)
        app = App(size=SIZES[0], settings=settings, uidump=False, language="en")
        app.saves, app.stats, app.history = SaveSlots(), StatsStore(), HistoryStore()
        clock = _Clock(app, every_s, emit)

        class SoakDriver(Driver):
            def frames(self, n: int = 1) -> None:
                for _ in range(n):
                    super().frames(1)
                    clock.tick()

        try:
            rnd = 0
            d = SoakDriver(app, deadline=float("inf"), log=lambda _msg: None)
            clock.tick()
            while clock.elapsed_s() < minutes * 60:
                size = sizes[rnd % len(sizes)]
                lang = langs[(rnd // len(sizes)) % len(langs)]
                app.resize_window(size)
                app.set_language(lang)
                clock.where = {"round": rnd, "size": list(size), "lang": lang}
                say(f"soak: round {rnd} {size[0]}x{size[1]} {lang} at {clock.elapsed_s() / 60:.1f} min")
                for k, walk in enumerate(chosen):
                    if clock.elapsed_s() >= minutes * 60:
                        break
                    app.manager.reset(app.make_scene("menu"))
                    settle(d)
                    try:
                        for _state in walk.walk(d):
                            settle(d)
                    except SelfTestFailure as exc:
                        say(f"soak: {walk.scene} [{lang} {size[0]}x{size[1]}]: {exc}")
                    odd = ODD_SIZES[(rnd * len(chosen) + k) % len(ODD_SIZES)]
                    app.resize_window(odd)
                    d.frames(3)
                    app.resize_window(size)
                rnd += 1
            clock.next_at = 0.0
            clock.tick()
        finally:
            app.shutdown()
            i18n.set_language("en")
            if old_data is None:
                os.environ.pop(environ.DATA_DIR, None)
            else:
                os.environ[environ.DATA_DIR] = old_data
    summary = {**summarize(clock.samples, min(WARMUP_MIN, minutes / 6)), "minutes": minutes, "rounds": rnd,
               "sizes": [list(z) for z in sizes], "langs": list(langs), "walks": [w.scene for w in chosen]}
    emit({"summary": summary})
    return summary


def main(argv: list[str] | None = None) -> int:
    """``python tools/soak.py [--minutes 60] [--every 60] [--out FILE] [--size WxH] [--lang L] [--walks a,b]``."""
    import argparse

    p = argparse.ArgumentParser(description="Tatami's memory soak: scripted play, RSS sampled each minute")
    p.add_argument("--minutes", type=float, default=60.0, help="wall minutes of play (default 60)")
    p.add_argument("--every", type=float, default=60.0, help="seconds between samples (default 60)")
    p.add_argument("--out", default=None, help="write the JSON lines to this file too (default: stdout only)")
    p.add_argument("--size", action="append", default=None, metavar="WxH",
                   help="play at this window size only (repeat for several; default 1280x720, 800x450, 1920x1080)")
    p.add_argument("--lang", action="append", default=None, choices=LANGS, help="play in this language only (repeat)")
    p.add_argument("--walks", default="", help="only these walks, comma-separated (e.g. online,online-play)")
    args = p.parse_args(argv)
    try:
        sizes = tuple((int(w), int(h)) for w, h in (z.lower().split("x") for z in args.size)) if args.size else SIZES
    except ValueError:
        p.error("--size is WxH, e.g. 1920x1080")
    options: dict[str, Any] = {"sizes": sizes, "langs": tuple(args.lang) if args.lang else LANGS,
                               "walks": tuple(w for w in args.walks.split(",") if w)}
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.out:
        with open(args.out, "a", encoding="utf-8") as f:
            class Tee:
                def write(self, s: str) -> None:
                    sys.stdout.write(s)
                    f.write(s)

                def flush(self) -> None:
                    sys.stdout.flush()
                    f.flush()

            run_soak(args.minutes, args.every, out=Tee(), **options)  # type: ignore[arg-type]
    else:
        run_soak(args.minutes, args.every, **options)
    return 0


__all__ = ["LANGS", "ODD_SIZES", "SIZES", "cache_report", "children_rss_mb", "main", "rss_mb", "run_soak",
           "summarize"]
