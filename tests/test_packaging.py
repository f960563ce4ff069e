"""The PyInstaller bundle (build.spec) builds, carries assets/ and passes the app's --selftest.

The bundle is built once per session into pytest's tmp dir, so the checkout stays clean, and each
language's self-test is run once (the ``bundle`` and ``frozen_selftest`` fixtures, tests/shared_runs.py);
deselect with -m "not packaging".
"""
from pathlib import Path

import pytest

from shared_runs import files_under, output_of

pytestmark = [pytest.mark.packaging, pytest.mark.xdist_group("bundle")]

ROOT = Path(__file__).resolve().parents[1]


def test_bundle_carries_the_whole_assets_folder(bundle):
    # PyInstaller >= 6 puts data under the contents directory "_internal" (sys._MEIPASS).
    assert files_under(bundle / "_internal" / "assets") == files_under(ROOT / "assets")


def test_bundle_carries_zeroconfs_compiled_modules(bundle):
    """LAN discovery (game/net/discovery.py) imports zeroconf lazily; its compiled modules, whose
    imports of each other PyInstaller cannot follow, are bundled all the same (build.spec)."""
    compiled = {p.name.split(".")[0] for p in (bundle / "_internal" / "zeroconf").rglob("*")
                if p.suffix in (".so", ".pyd")}
    assert {"_dns", "_cache", "_listener", "info", "browser", "query_handler"} <= compiled


def test_frozen_app_passes_selftest_without_writing_into_its_folder(frozen_selftest):
    # The frozen app must find its own assets (sys._MEIPASS) and its platformdirs data dir: the
    # run drops the test overrides and points the user dirs at a scratch home (shared_runs).
    run = frozen_selftest("en")
    assert run.proc.returncode == 0, f"--selftest exited {run.proc.returncode}\n{output_of(run.proc)}"
    assert "PASS" in run.proc.stdout, output_of(run.proc)
    assert run.after == run.before, "the frozen app wrote files into its bundle folder"


@pytest.mark.parametrize("lang", ["es", "ja"])
def test_frozen_app_passes_selftest_in_spanish_and_japanese(bundle, frozen_selftest, lang):
    """The bundle carries the compiled catalogs (game/locale/<lang>/LC_MESSAGES/tatami.mo) and runs
    the whole walk in them, every text fitting (issue 12)."""
    assert (bundle / "_internal" / "game" / "locale" / lang / "LC_MESSAGES" / "tatami.mo").is_file()
    run = frozen_selftest(lang)
    assert run.proc.returncode == 0, f"--selftest exited {run.proc.returncode}\n{output_of(run.proc)}"
    assert f"language: {lang}" in run.proc.stdout
    assert run.after == run.before, "the frozen app wrote files into its bundle folder"
