"""Tatami's memory soak (issue 21 §6): an hour of scripted play through every scene, the window size
and the language switched, the resident memory (RSS) sampled each minute.

    nice -n 10 .venv/bin/python tools/soak.py [--minutes 60] [--every 60] [--out soak.jsonl]

Headless (SDL dummy drivers). Prints a JSON line per sample and a summary line (the RSS after the
warm-up, at the end, the largest, the slope after the warm-up in MB/h); see
scenes/devtools/soak.py. Needs psutil (the dev/test extras).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from scenes.devtools.soak import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
