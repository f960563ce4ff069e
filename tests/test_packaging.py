"""The PyInstaller bundle (build.spec) builds, carries assets/ and passes the app's --selftest.

Builds into pytest's tmp dir (--distpath/--workpath), so the checkout stays clean. Takes about a
minute; deselect with -m "not packaging".
"""
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.packaging

ROOT = Path(__file__).resolve().parents[1]
EXE_NAME = "Tatami.exe" if os.name == "nt" else "Tatami"
BUILD_TIMEOUT_S = 900
RUN_TIMEOUT_S = 300


def output_of(proc):
    return f"--- stdout ---\n{proc.stdout}\n--- stderr ---\n{proc.stderr}"


def files_under(folder):
    """{relative posix path: size} of the regular files under folder."""
    return {p.relative_to(folder).as_posix(): p.stat().st_size
            for p in folder.rglob("*") if p.is_file()}


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("pyinstaller")
    proc = subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm",
         "--distpath", str(tmp / "dist"), "--workpath", str(tmp / "build"),
         str(ROOT / "build.spec")],
        cwd=ROOT, capture_output=True, text=True, errors="replace", timeout=BUILD_TIMEOUT_S)
    assert proc.returncode == 0, f"PyInstaller failed (exit {proc.returncode})\n{output_of(proc)}"
    folder = tmp / "dist" / "Tatami"
    assert (folder / EXE_NAME).is_file(), f"no executable in {folder}\n{output_of(proc)}"
    return folder


def test_bundle_carries_the_whole_assets_folder(bundle):
    # PyInstaller >= 6 puts data under the contents directory "_internal" (sys._MEIPASS).
    assert files_under(bundle / "_internal" / "assets") == files_under(ROOT / "assets")


def test_bundle_carries_zeroconfs_compiled_modules(bundle):
    """LAN discovery (game/net/discovery.py) imports zeroconf lazily; its compiled modules, whose
    imports of each other PyInstaller cannot follow, are bundled all the same (build.spec)."""
    compiled = {p.name.split(".")[0] for p in (bundle / "_internal" / "zeroconf").rglob("*")
                if p.suffix in (".so", ".pyd")}
    assert {"_dns", "_cache", "_listener", "info", "browser", "query_handler"} <= compiled


def test_frozen_app_passes_selftest_without_writing_into_its_folder(bundle, tmp_path):
    # The frozen app must find its own assets (sys._MEIPASS) and its platformdirs data dir: drop
    # the test overrides, and point the user dirs at a scratch home.
    home = tmp_path / "home"
    env = {k: v for k, v in os.environ.items() if not k.startswith("TATAMI_")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HOME=str(home),
               XDG_CONFIG_HOME=str(home / ".config"), XDG_DATA_HOME=str(home / ".local/share"),
               XDG_STATE_HOME=str(home / ".local/state"), XDG_CACHE_HOME=str(home / ".cache"))
    before = files_under(bundle)
    try:
        proc = subprocess.run([str(bundle / EXE_NAME), "--selftest"], cwd=tmp_path, env=env,
                              capture_output=True, text=True, errors="replace",
                              timeout=RUN_TIMEOUT_S)
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"--selftest did not finish within {RUN_TIMEOUT_S} s\n"
                    f"stdout: {exc.stdout!r}\nstderr: {exc.stderr!r}")
    assert proc.returncode == 0, f"--selftest exited {proc.returncode}\n{output_of(proc)}"
    assert files_under(bundle) == before, "the frozen app wrote files into its bundle folder"


@pytest.mark.parametrize("lang", ["es", "ja"])
def test_frozen_app_passes_selftest_in_spanish_and_japanese(bundle, tmp_path, lang):
    """The bundle carries the compiled catalogs (game/locale/<lang>/LC_MESSAGES/tatami.mo) and runs
    the whole walk in them, every text fitting (issue 12)."""
    assert (bundle / "_internal" / "game" / "locale" / lang / "LC_MESSAGES" / "tatami.mo").is_file()
    home = tmp_path / "home"
    env = {k: v for k, v in os.environ.items() if not k.startswith("TATAMI_")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HOME=str(home), TATAMI_LANG=lang,
               XDG_CONFIG_HOME=str(home / ".config"), XDG_DATA_HOME=str(home / ".local/share"),
               XDG_STATE_HOME=str(home / ".local/state"), XDG_CACHE_HOME=str(home / ".cache"))
    proc = subprocess.run([str(bundle / EXE_NAME), "--selftest"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, errors="replace", timeout=RUN_TIMEOUT_S)
    assert proc.returncode == 0, f"--selftest exited {proc.returncode}\n{output_of(proc)}"
    assert f"language: {lang}" in proc.stdout
