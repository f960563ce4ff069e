"""Entry script of the PyInstaller bundle (build.spec): the same as `python -m scenes` / `tatami`.

The AI runs in a worker process started with multiprocessing's "spawn" method, which in the frozen
app re-runs this executable with ``--multiprocessing-fork`` (and the resource tracker with ``-c``):
``multiprocessing.freeze_support()`` must come first and divert those children before anything
else is imported (the AI process must never import pygame). Everything else stays under the
``__main__`` guard.
"""
import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()

    from scenes.shell.startclock import mark

    mark("main")  # (the start benchmarks' steps: scenes/shell/startclock.py)
    from scenes.cli import main

    sys.exit(main())
