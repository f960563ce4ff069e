"""The Windows executable, built on this Linux machine and run under Wine (issue 20).

Builds with the same script as `python3 dev.py build --windows` (tools/windows_build.py) into
pytest's tmp dir, then checks what a Windows player gets: the exe's resources (windowed, icon,
version, DPI-aware manifest), the release zip, ``Tatami.exe --selftest`` in English, Spanish and
Japanese (every scene, an AI-vs-AI game in the AI worker process, the replay viewer with the
coach's child process, the tutorials), and a real window under Xvfb where a KAITO move made by a
real mouse drag is answered by the AI. The exe runs as a Windows user whose name has non-ASCII
letters and spaces, so its per-user data and temp files live under such a path.

CI (.ci/run) installs Wine; on a developer machine without it the module is skipped, but under
CI=true a missing Wine is a failure. Downloads are cached (the build's cache folder), so only the
first run fetches the Windows interpreter and wheels.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import windows_build as wb  # noqa: E402
from xvfb_app import MISSING as XVFB_MISSING  # noqa: E402
from xvfb_app import RealApp, centre, ids, start_xvfb  # noqa: E402

# one worker builds the exe once and runs every check on it (pytest-xdist --dist loadgroup)
pytestmark = [pytest.mark.windows, pytest.mark.xdist_group("wine")]

if shutil.which("wine") is None:
    if os.environ.get("CI") == "true":
        raise RuntimeError("Wine is missing: .ci/run must install wine and wine64")
    pytest.skip("needs Wine (CI installs it: apt-get install wine wine64)", allow_module_level=True)

#: The Windows user the exe runs as: non-ASCII letters, a letter outside the ANSI code page, spaces.
USER = "Ana María Núñez Łoś"
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
RUN_TIMEOUT_S = 420


def output_of(proc) -> str:
    return f"--- stdout ---\n{proc.stdout[-6000:]}\n--- stderr ---\n{proc.stderr[-4000:]}"


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    """The folder holding Tatami/ (the one-folder bundle) and the release zip, made by the
    developers' command `python3 dev.py build --windows` (into pytest's tmp dir)."""
    tmp = tmp_path_factory.mktemp("windows")
    proc = subprocess.run([sys.executable, str(ROOT / "dev.py"), "build", "--windows",
                           "--dist", str(tmp / "dist"), "--work", str(tmp / "work")],
                          cwd=ROOT, capture_output=True, text=True, errors="replace", timeout=1800)
    assert proc.returncode == 0, f"dev.py build --windows exited {proc.returncode}\n{output_of(proc)}"
    # one line of progress per step, each step named
    steps = [line for line in proc.stderr.splitlines() if line.startswith("windows build: [")]
    assert [s.split("]")[0][-3:] for s in steps] == [f"{n}/6" for n in range(1, 7)], proc.stderr
    assert (tmp / "dist" / "Tatami" / "Tatami.exe").is_file()
    return tmp / "dist"


@pytest.fixture(scope="module")
def prefix(tmp_path_factory) -> Path:
    """A Wine prefix of its own, whose Windows user is :data:`USER`."""
    return tmp_path_factory.mktemp("wine") / "prefix"


def user_home(prefix: Path) -> Path:
    return prefix / "drive_c" / "users" / USER


def files_under(folder: Path) -> dict[str, int]:
    return {p.relative_to(folder).as_posix(): p.stat().st_size for p in folder.rglob("*") if p.is_file()}


def test_exe_is_windowed_with_icon_version_and_dpi_aware_manifest(dist):
    import pefile

    pe = pefile.PE(str(dist / "Tatami" / "Tatami.exe"))
    try:
        assert pe.FILE_HEADER.Machine == pefile.MACHINE_TYPE["IMAGE_FILE_MACHINE_AMD64"]
        # windowed: the GUI subsystem, so Windows opens no console window
        assert pe.OPTIONAL_HEADER.Subsystem == pefile.SUBSYSTEM_TYPE["IMAGE_SUBSYSTEM_WINDOWS_GUI"]
        strings = {k.decode(): v.decode() for info in pe.FileInfo[0] if info.name == "StringFileInfo"
                   for table in info.StringTable for k, v in table.entries.items()}
        assert strings["ProductName"] == "Tatami" and strings["FileDescription"] == "Tatami"
        assert strings["ProductVersion"] == VERSION and strings["OriginalFilename"] == "Tatami.exe"
        types = {entry.id for entry in pe.DIRECTORY_ENTRY_RESOURCE.entries}
        assert pefile.RESOURCE_TYPE["RT_GROUP_ICON"] in types and pefile.RESOURCE_TYPE["RT_ICON"] in types
        manifest_dir = next(e for e in pe.DIRECTORY_ENTRY_RESOURCE.entries
                            if e.id == pefile.RESOURCE_TYPE["RT_MANIFEST"])
        data = manifest_dir.directory.entries[0].directory.entries[0].data.struct
        manifest = pe.get_data(data.OffsetToData, data.Size).decode("utf-8")
        assert "PerMonitorV2" in manifest and "true/pm" in manifest
    finally:
        pe.close()


def test_release_zip_holds_the_bundle(dist):
    archive = dist / f"Tatami-{VERSION}-windows-x64.zip"
    assert archive.is_file()
    with zipfile.ZipFile(archive) as z:
        names = set(z.namelist())
    assert "Tatami/Tatami.exe" in names
    bundled = {"Tatami/" + name for name in files_under(dist / "Tatami")}
    assert bundled <= names
    assert any(n.startswith("Tatami/_internal/assets/fonts/") for n in names)


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_selftest_passes_under_wine(dist, prefix, lang):
    exe = dist / "Tatami" / "Tatami.exe"
    before = files_under(exe.parent)
    env = wb.wine_env(prefix, user=USER, extra={"TATAMI_LANG": lang, "SDL_VIDEODRIVER": "dummy",
                                                 "SDL_AUDIODRIVER": "dummy"})
    with wb.wine_session(env):
        try:
            proc = wb.run_exe(exe, ["--selftest"], env, timeout=RUN_TIMEOUT_S)
        except subprocess.TimeoutExpired as exc:
            pytest.fail(f"--selftest did not finish within {RUN_TIMEOUT_S} s: {exc.stdout!r}")
    assert proc.returncode == 0, f"Tatami.exe --selftest exited {proc.returncode}\n{output_of(proc)}"
    out = proc.stdout
    assert "PASS" in out and f"language: {lang}" in out, output_of(proc)
    # UTF-8 mode (the frozen app ignores PYTHONUTF8) and per-monitor DPI awareness, on Windows;
    # the taskbar's application id accepted (Wine's shell32 accepts it but cannot read it back)
    assert "system win32, utf-8 mode on, dpi per-monitor, app id Tatami.Tatami" in out, output_of(proc)
    # the AI worker and the coach's child processes ran in the frozen exe (spawned, not forked)
    assert "game over:" in out and out.count("replay coach:") == 2, output_of(proc)
    assert files_under(exe.parent) == before, "the frozen app wrote files into its bundle folder"


@pytest.fixture(scope="module")
def wine_display():
    """An Xvfb display of its own for Wine (whatever Wine leaves on a display stays off the one
    the other real-window tests share)."""
    proc, name = start_xvfb()
    yield name
    proc.terminate()
    proc.wait(10)


class WineApp(RealApp):
    """Tatami.exe under Wine in a real X window (the harness of tests/xvfb_app.py)."""

    def __init__(self, display: str, tmp: Path, exe: Path, prefix: Path):
        self.dump = tmp / "ui.json"
        self.env = wb.wine_env(prefix, user=USER, display=display,
                               extra={"TATAMI_UI_DUMP": wb.windows_path(self.dump), "SDL_AUDIODRIVER": "dummy",
                                      "TATAMI_LANG": "en",
                                      # a real window (the test session's default is the dummy driver)
                                      "SDL_VIDEODRIVER": "windows"})
        self.session = wb.wine_session(self.env)
        self.session.__enter__()
        self.log = open(tmp / "app.log", "w")
        self.proc = subprocess.Popen(["wine", str(exe), "--size", "1280x720"], cwd=exe.parent, env=self.env,
                                     stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        # Wine needs its output on a pipe: copy it to the log file from a thread
        import threading

        def copy():
            assert self.proc.stdout is not None
            for chunk in iter(lambda: self.proc.stdout.read1(4096), b""):  # type: ignore[union-attr]
                self.log.write(chunk.decode("utf-8", "replace"))
                self.log.flush()

        threading.Thread(target=copy, daemon=True).start()
        self.window = None

    def close(self) -> None:
        if self.proc.poll() is None:
            # the window's close button: the app quits as a player's click would
            subprocess.run(["xdotool", "windowclose", str(self.window)], env=self.env, timeout=20) \
                if self.window else None
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.session.__exit__(None, None, None)
        self.log.close()


def kaito_human_turn(app: RealApp):
    """A predicate: the human's turn in KAITO (the Kaito stands on a board square)."""
    def ready(d: dict) -> bool:
        if d.get("scene") != "kaito_play" or "kaito" not in ids(d):
            return False
        k = centre(app.element(d, "kaito"))
        tiles = [centre(e["rect"]) for e in d["elements"] if e["id"].startswith("tile:")]
        return any(abs(x - k[0]) < 3 for x, _ in tiles) and any(abs(y - k[1]) < 3 for _, y in tiles)
    return ready


@pytest.mark.xvfb
@pytest.mark.skipif(bool(XVFB_MISSING) and os.environ.get("CI") != "true", reason="needs Xvfb and xdotool")
def test_real_window_under_wine_a_dragged_kaito_move_is_answered_by_the_ai(dist, prefix, wine_display, tmp_path):
    app = WineApp(wine_display, tmp_path, dist / "Tatami" / "Tatami.exe", prefix)
    try:
        app.find_window()
        menu = app.wait_for(lambda d: d.get("scene") == "menu" and "button:game:kaito" in ids(d), "the main menu",
                            timeout=60)
        assert any(e.get("label") for e in menu["elements"])  # the dump carries the visible texts
        app.start_kaito_against(menu, "hard")
        # the hard AI places the Kaito; then the human moves first
        ready = kaito_human_turn(app)
        app.wait_for(ready, "the human's first turn", timeout=60)
        dump = app.wait_stable(ready)
        kaito = app.element(dump, "kaito")
        kx, ky = centre(kaito)
        tiles = {e["id"]: e["rect"] for e in dump["elements"] if e["id"].startswith("tile:")}
        in_line = sorted(i for i, r in tiles.items() if (abs(centre(r)[0] - kx) < 3) != (abs(centre(r)[1] - ky) < 3))
        assert in_line
        target = in_line[0]
        # a real mouse drag, through Wine's X11 driver (again if its press was lost)
        app.drag_until(kaito, tiles[target], lambda d: target not in ids(d), f"{target} to be captured")
        count = len(tiles) - 1

        def answered(d: dict) -> bool:
            if "button:no-exchange" in ids(d):  # after a capture the human may buy back: decline
                app.click(app.element(d, "button:no-exchange"))
                return False
            board = [e for e in d["elements"] if e["id"].startswith("tile:")]
            return d.get("scene") != "kaito_play" or len(board) < count

        app.wait_for(answered, "the AI's answer (another tile captured)", timeout=90)
    finally:
        app.close()
    # the app kept its per-user data where Windows keeps it, under the non-ASCII user's profile
    data = user_home(prefix) / "AppData" / "Local" / "Tatami"
    assert (data / "settings.json").is_file(), sorted(p.name for p in data.parent.iterdir()) if data.parent.is_dir() else data
