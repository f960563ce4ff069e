"""Shared test set-up: no window or sound device unless a test asks for one (e.g. under Xvfb).

The ``display`` fixture (real-window tests, tests/xvfb_app.py) starts ONE Xvfb server for the
whole session, shared by every real-window test module."""
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(scope="session")
def display():
    """The X display (":N") of an Xvfb server started for this test session."""
    from xvfb_app import start_xvfb

    proc, name = start_xvfb()
    yield name
    proc.terminate()
    proc.wait(10)
