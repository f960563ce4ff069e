"""Entry script of the PyInstaller bundle (build.spec): the same as `python -m scenes` / `tatami`."""
import sys

from scenes.app import main

if __name__ == "__main__":
    sys.exit(main())
