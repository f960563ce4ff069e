"""Shared test set-up: no window or sound device unless a test asks for one (e.g. under Xvfb).

The ``display`` fixture (real-window tests, tests/xvfb_app.py) starts ONE Xvfb server for the
whole session, shared by every real-window test module."""
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# The tests read English texts unless they choose a language: the app's default follows the
# system's locale (game/i18n.py), which a test machine may set to anything.
os.environ.setdefault("TATAMI_LANG", "en")
# The app's own game server (issue 24: hosting from the setup screen) listens on this machine only.
os.environ["TATAMI_NET_HOST"] = "127.0.0.1"
# LAN discovery (game/net/discovery.py) never sends multicast from a test: off, whatever the
# environment says (tests/test_lan_discovery.py turns it on only inside a network namespace).
os.environ["TATAMI_LAN"] = "off"


@pytest.fixture(scope="session")
def display():
    """The X display (":N") of an Xvfb server started for this test session."""
    from xvfb_app import start_xvfb

    proc, name = start_xvfb()
    yield name
    proc.terminate()
    proc.wait(10)


@pytest.fixture
def app(tmp_path, monkeypatch):
    """A headless 1280x720 :class:`scenes.shell.app.App` with its settings and data dir in
    ``tmp_path`` (never the user's), no UI dump; shut down after the test."""
    from scenes.shell.app import App
    from scenes.shell.settings import Settings

    monkeypatch.setenv("TATAMI_DATA_DIR", str(tmp_path))
    a = App(size=(1280, 720), settings=Settings(path=tmp_path / "settings.json", autoload=False), uidump=False)
    yield a
    a.shutdown()


@pytest.fixture(autouse=True)
def fresh_notices():
    """The app's one-line notices (scenes/shell/notices.py) are per process: each test starts and
    ends with none, so none leaks from one test into the next."""
    from scenes.shell import notices

    notices.reset()
    yield
    notices.reset()


# -- the expensive runs, made once and shared (tests/shared_runs.py) ---------------------------------
@pytest.fixture(scope="session")
def bundle(tmp_path_factory):
    """The Linux one-folder bundle (build.spec), built once per session: the folder holding the
    executable. Its tests carry ``xdist_group("bundle")``."""
    from shared_runs import build_bundle

    return build_bundle(tmp_path_factory.mktemp("pyinstaller"))


@pytest.fixture(scope="session")
def frozen_selftest(bundle, tmp_path_factory):
    """``frozen_selftest(lang)``: the bundle's ``--selftest`` in ``lang`` (a
    :class:`shared_runs.SelftestRun`), run the first time it is asked for."""
    from shared_runs import frozen_selftest as run

    runs = {}

    def get(lang):
        if lang not in runs:
            runs[lang] = run(bundle, tmp_path_factory.mktemp(f"frozen-{lang}"), lang)
        return runs[lang]

    return get


@pytest.fixture(scope="session")
def source_selftest(tmp_path_factory):
    """``python -m scenes --selftest`` from source in English, run once (a
    :class:`shared_runs.SelftestRun`; its data folder held a KAITO save). Its tests carry
    ``xdist_group("selftest")``."""
    from shared_runs import source_selftest as run

    return run(tmp_path_factory.mktemp("selftest"))
