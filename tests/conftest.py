"""Shared test set-up: no window or sound device unless a test asks for one (e.g. under Xvfb)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
