"""Shared harness of the real-window tests: Xvfb, the app in its own process, xdotool input,
and the app's UI dump (TATAMI_UI_DUMP) to find things on screen.

CI (.ci/run) installs xvfb and xdotool; on a developer machine without them the tests are skipped,
but under CI=true a missing tool is a failure, never a silent skip (:func:`require_tools`).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MISSING = [t for t in ("Xvfb", "xdotool") if shutil.which(t) is None]


def require_tools() -> None:
    """Skip the calling test module when Xvfb/xdotool are missing, except under CI=true."""
    if MISSING and os.environ.get("CI") != "true":
        pytest.skip(f"needs {' and '.join(MISSING)} (CI installs them)", allow_module_level=True)


def start_xvfb():
    """Start Xvfb on a free display; returns (process, ":N")."""
    assert not MISSING, f"{MISSING} missing: .ci/run must install xvfb and xdotool"
    read, write = os.pipe()
    # -noreset: by default an X server resets when its last client disconnects, and an app that
    # connects during the reset gets no display; SDL then silently falls back to an offscreen
    # driver and the app runs with no window (seen when one test's app closes as the next starts).
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "2600x900x24", "-nolisten", "tcp",
                             "-noreset"],
                            pass_fds=(write,), stderr=subprocess.DEVNULL)
    os.close(write)
    number = b""
    while not number.endswith(b"\n"):
        chunk = os.read(read, 16)
        if not chunk:
            break
        number += chunk
    os.close(read)
    assert number.strip(), "Xvfb did not report a display"
    return proc, f":{number.decode().strip()}"


class RealApp:
    """The app in its own process on the Xvfb display, read through its UI dump."""

    def __init__(self, display: str, tmp: Path, *args: str):
        self.dump = tmp / "ui.json"
        self.env = {**os.environ, "DISPLAY": display, "TATAMI_UI_DUMP": str(self.dump),
                    "TATAMI_DATA_DIR": str(tmp / "data"), "SDL_AUDIODRIVER": "dummy",
                    "PYTHONFAULTHANDLER": "1",  # SIGABRT dumps every thread's stack (diagnostics)
                    # X11 only: without a display SDL would fall back to an offscreen driver and
                    # the app would run with no window; this way it fails at once, saying why
                    "SDL_VIDEODRIVER": "x11"}
        self.log = open(tmp / "app.log", "w")
        self.proc = subprocess.Popen([sys.executable, "-m", "scenes", "--size", "1280x720", *args],
                                     cwd=ROOT, env=self.env, stdout=self.log, stderr=subprocess.STDOUT)
        self.window = None

    def xdo(self, *args: str) -> str:
        out = subprocess.run(["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=20)
        return out.stdout

    def wait_for(self, predicate, what: str, timeout: float = 20.0) -> dict:
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, f"app exited while waiting for {what}: {self.proc.returncode}"
            try:
                last = json.loads(self.dump.read_text())
                if predicate(last):
                    return last
            except (OSError, ValueError):
                pass
            time.sleep(0.05)
        raise AssertionError(f"timed out waiting for {what}; last dump: {last}")

    def wait_stable(self, predicate, quiet_s: float = 0.6, timeout: float = 20.0) -> dict:
        """Wait until the dump satisfies ``predicate`` and has not changed for ``quiet_s``."""
        deadline = time.monotonic() + timeout
        last_text, since = None, time.monotonic()
        while time.monotonic() < deadline:
            try:
                text = self.dump.read_text()
            except OSError:
                text = None
            if text != last_text:
                last_text, since = text, time.monotonic()
            elif text and time.monotonic() - since >= quiet_s:
                dump = json.loads(text)
                if predicate(dump):
                    return dump
            time.sleep(0.05)
        raise AssertionError(f"the UI never settled; last dump: {last_text}")

    def find_window(self) -> str:
        deadline = time.monotonic() + 45  # generous: CI machines may be busy
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                self.log.flush()
                log = Path(self.log.name).read_text(errors="replace")[-2000:]
                raise AssertionError(f"the app exited ({self.proc.returncode}) before its window appeared: {log}")
            # by name; or by the process id SDL stores in _NET_WM_PID (when the plain WM_NAME the
            # app adds for xdotool is not there yet)
            ids = self.xdo("search", "--name", "Tatami").split() or \
                self.xdo("search", "--pid", str(self.proc.pid)).split()
            if ids:
                # another app's window may still carry the name for a moment: this process's first
                mine = [w for w in ids if self.xdo("getwindowpid", w).strip() == str(self.proc.pid)]
                self.window = (mine or ids)[-1]
                return self.window
            time.sleep(0.1)
        windows = self.xdo("search", "--name", ".")
        names = [self.xdo("getwindowname", w).strip() for w in windows.split()][:20]
        stacks = ""
        if self.proc.poll() is None:  # where is it stuck? faulthandler prints the stacks on SIGABRT
            self.proc.send_signal(signal.SIGABRT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                pass
            self.log.flush()
            stacks = Path(self.log.name).read_text(errors="replace")[-4000:]
        raise AssertionError(f"no window named Tatami appeared; windows: {names}; app log: {stacks}")

    def element(self, dump: dict, ident: str) -> list[int]:
        for e in dump["elements"]:
            if e["id"] == ident:
                return e["rect"]
        raise AssertionError(f"{ident} not in {[e['id'] for e in dump['elements']]}")

    def move(self, x: float, y: float) -> None:
        self.xdo("mousemove", "--window", self.window, str(int(x)), str(int(y)))

    def pointer(self) -> tuple[int, int]:
        """The pointer's position on the screen (px), from ``xdotool getmouselocation``."""
        out = dict(line.split("=", 1) for line in self.xdo("getmouselocation", "--shell").split() if "=" in line)
        return int(out.get("X", -1)), int(out.get("Y", -1))

    def origin(self) -> tuple[int, int]:
        """The window's top-left corner on the screen (px)."""
        out = dict(line.split("=", 1) for line in self.xdo("getwindowgeometry", "--shell", self.window).split()
                   if "=" in line)
        return int(out.get("X", -1)), int(out.get("Y", -1))

    def move_to(self, x: float, y: float) -> None:
        """Move the pointer to (x, y) in the window and make sure it is there before a press.

        A click goes wherever the pointer is: once under CI's load a move was not done and the
        click landed where the previous test had left the pointer (on another button), so the
        move is checked and repeated; a pointer that never arrives fails with what xdotool saw."""
        want = (int(x), int(y))
        for _ in range(10):
            self.move(*want)
            ox, oy = self.origin()
            if (ox, oy) == (-1, -1):  # that window is gone (the app made its window again): find it anew
                self.find_window()
                continue
            if self.pointer() == (ox + want[0], oy + want[1]):
                return
            time.sleep(0.1)
        raise AssertionError(f"the pointer did not reach {want} in window {self.window} at {(ox, oy)}: "
                             f"it is at {self.pointer()}")

    def click(self, rect: list[int]) -> None:
        self.move_to(rect[0] + rect[2] / 2, rect[1] + rect[3] / 2)
        time.sleep(0.1)
        self.xdo("click", "1")

    def click_until(self, rect: list[int], predicate, what: str, tries: int = 3, timeout: float = 6.0) -> dict:
        """Click ``rect`` until the dump satisfies ``predicate`` (at most ``tries`` clicks).

        Only for clicks that are harmless to repeat when they were not seen (a menu entry, a
        scene-changing button): under a loaded X server the app can miss an early click, and one
        lost click must not fail a whole real-window test. Returns the first satisfying dump."""
        return self._until(lambda: self.click(rect), predicate, what, tries, timeout)

    def _until(self, do, predicate, what: str, tries: int, timeout: float) -> dict:
        """``do()`` until the dump satisfies ``predicate`` (at most ``tries`` times; the dump read
        again before each new try: a slow answer to the last is not done twice)."""
        for attempt in range(tries):
            if attempt:
                dump = json.loads(self.dump.read_text())
                if predicate(dump):
                    return dump
            do()
            try:
                return self.wait_for(predicate, what, timeout=timeout if attempt < tries - 1 else 20.0)
            except AssertionError:
                if attempt == tries - 1:
                    raise
        raise AssertionError(f"{what}: nothing tried")

    def open_game(self, menu: dict, game: str, ready) -> dict:
        """From the menu dump ``menu``: click ``game``'s card and, the first time, skip its
        tutorial's offer (``button:skip-tutorial``); returns the setup's dump once ``ready``."""
        dump = self.click_until(self.element(menu, f"button:game:{game}"),
                                lambda d: d.get("scene") in ("setup", "tutorial_offer"), "the setup or the offer")
        if dump.get("scene") == "tutorial_offer":
            dump = self.wait_stable(lambda d: "button:skip-tutorial" in ids(d))
            dump = self.click_until(self.element(dump, "button:skip-tutorial"),
                                    lambda d: d.get("scene") == "setup", "the setup")
        return self.wait_for(ready, "the setup scene")

    def start_kaito_against(self, menu: dict, level: str) -> dict:
        """From the menu dump ``menu``: a KAITO game, you (the left seat, moving first) against the
        ``level`` AI (which places the Kaito), at fast animation speed; returns the first dump of
        the play scene."""
        setup = self.open_game(menu, "kaito", lambda d: d.get("scene") == "setup" and "button:start" in ids(d))
        setup = self.wait_stable(lambda d: d.get("scene") == "setup" and "button:start" in ids(d))
        for choice in ("choice:seat0:human", f"choice:seat1:{level}", "choice:first:left", "choice:speed:fast"):
            self.click(self.element(setup, choice))
            time.sleep(0.2)
        return self.click_until(self.element(json.loads(self.dump.read_text()), "button:start"),
                                lambda d: d.get("scene") == "kaito_play", "the play scene")

    def drag(self, src: list[int], dst: list[int], steps: int = 12) -> None:
        sx, sy = src[0] + src[2] / 2, src[1] + src[3] / 2
        dx, dy = dst[0] + dst[2] / 2, dst[1] + dst[3] / 2
        self.move_to(sx, sy)
        time.sleep(0.1)
        self.xdo("mousedown", "1")
        for i in range(1, steps + 1):
            self.move(sx + (dx - sx) * i / steps, sy + (dy - sy) * i / steps)
            time.sleep(0.02)
        time.sleep(0.1)
        self.xdo("mouseup", "1")

    def drag_until(self, src: list[int], dst: list[int], predicate, what: str, tries: int = 3,
                   timeout: float = 8.0) -> dict:
        """Drag ``src`` to ``dst`` until the dump satisfies ``predicate`` (at most ``tries`` drags),
        as :meth:`click_until` clicks: under Wine a press can be lost while the window takes the
        focus, and one lost drag must not fail a whole real-window test (CI: twice in ten runs)."""
        return self._until(lambda: self.drag(src, dst), predicate, what, tries, timeout)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.log.close()


def ids(dump: dict) -> set[str]:
    return {e["id"] for e in dump["elements"]}


def centre(rect):
    return rect[0] + rect[2] / 2, rect[1] + rect[3] / 2


