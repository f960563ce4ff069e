"""When each step of the app's start happened (issue 34, item 3: start within 1.5x of a bare window).

:func:`mark` notes a step's moment on :func:`time.perf_counter`'s clock; with
``--quit-after-first-frame`` the app prints them, once its scene has been drawn, as one line
(:func:`steps_line`)::

    tatami: start steps (perf_counter ms): main=1234.5 imports=1290.1 window=1301.7 scene=1303.0 frame=1304.1 drawn=1342.8; in the first frame: fonts=3.1 art=7.4

``main``: the entry script runs (the interpreter and its start are before it); ``imports``: the
app's modules are imported (the command line read); ``window``: the window is open (pygame's
display, the fonts' library, the settings); ``scene``: the first scene made; ``frame``: the first
frame shown; ``drawn``: the first frame that drew the scene — the same as ``frame``, or the next
one when the first was the opening fade's opaque cover alone (:meth:`scenes.kit.scene.Scene.covered`).
``fonts`` and ``art``: ms spent until then opening fonts and rasterising SVG art
(:class:`scenes.shell.assets.Assets`' ``load_ms``). On Linux and Windows ``perf_counter`` is the
system's monotonic clock, the same in every process: tools/bench_startup.py subtracts its own
moment of launch to get the interpreter's share (not under Wine: another clock). Needs no pygame,
imports nothing but ``time`` (it is imported first).
"""
from __future__ import annotations

import time

#: The steps noted, in order: (name, perf_counter seconds).
STEPS: list[tuple[str, float]] = []


def mark(step: str) -> None:
    """Note that ``step`` happens now (the first mark of a name wins)."""
    if all(name != step for name, _ in STEPS):
        STEPS.append((step, time.perf_counter()))


def steps_line(loads_ms: dict[str, float] | None = None) -> str:
    """The line the app prints once its scene is drawn (see the module doc): each step in ms on the
    ``perf_counter`` clock, then ``loads_ms`` (what the start spent loading, ms by kind)."""
    steps = " ".join(f"{name}={t * 1000:.1f}" for name, t in STEPS)
    loads = " ".join(f"{k}={v:.1f}" for k, v in (loads_ms or {}).items())
    return f"tatami: start steps (perf_counter ms): {steps}" + (f"; in the first frame: {loads}" if loads else "")


__all__ = ["STEPS", "mark", "steps_line"]
