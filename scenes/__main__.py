"""``python -m scenes [flags]`` -> scenes.app.main."""
import sys

from scenes.app import main

if __name__ == "__main__":
    sys.exit(main())
