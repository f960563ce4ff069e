"""``python -m scenes [flags]`` -> scenes.cli.main.

Everything is under the ``__main__`` guard: a "spawn" child process (the AI worker) must be able
to import this module without starting the app or importing pygame.
"""
import sys

if __name__ == "__main__":
    from scenes.shell.startclock import mark

    mark("main")  # (the start benchmarks' steps: scenes/shell/startclock.py)
    from scenes.cli import main

    sys.exit(main())
