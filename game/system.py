"""The one place where Tatami's behaviour differs per operating system (headless; never imports
pygame). Everything else calls these functions and never tests ``sys.platform`` or calls a
POSIX-only or Windows-only API itself.

Windows (``sys.platform == "win32"``): process priority through SetPriorityClass, child processes
started without a console window, per-monitor DPI awareness, the taskbar's application id, the
user's UI language (GetUserDefaultUILanguage: ``locale.getlocale()`` there gives names such as
"Japanese_Japan"). POSIX: ``nice`` values, X11's plain window name, whether there is a display to
open a window on (:func:`display_problem`), a file only its user may read (:func:`private_file`: mode
0600); the signals that stop a server (:func:`on_stop_signals`:
SIGTERM handlers on POSIX, Ctrl+C / Ctrl+Break on Windows). Every function is best effort
where the docstring says so: a platform quirk is logged at debug level, never raised.
"""
from __future__ import annotations

import locale
import logging
import os
import sys
from functools import lru_cache
from typing import Any, Callable, Mapping

log = logging.getLogger("tatami")

#: True on Windows (also under Wine).
WINDOWS = sys.platform == "win32"

#: The application id Windows groups the taskbar button and its icon by (AppUserModelID).
APP_ID = "Tatami.Tatami"

_BELOW_NORMAL_PRIORITY_CLASS = 0x00004000
_CREATE_NO_WINDOW = 0x08000000
#: DPI_AWARENESS_CONTEXT_PER_MONITOR_AWARE_V2 (a pseudo handle).
_PER_MONITOR_V2 = -4


#: The HRESULT of the last SetCurrentProcessExplicitAppUserModelID call (None: not called).
_app_id_result: int | None = None


def _windll() -> Any:
    import ctypes

    return ctypes.windll  # type: ignore[attr-defined]


def lower_own_priority(nice: int = 10) -> bool:
    """Run the calling process below normal priority: ``nice`` added on POSIX, BELOW_NORMAL on
    Windows (``nice`` <= 0: nothing). Returns True when it was lowered. Best effort."""
    if nice <= 0:
        return False
    try:
        if WINDOWS:
            kernel32 = _windll().kernel32
            return bool(kernel32.SetPriorityClass(kernel32.GetCurrentProcess(), _BELOW_NORMAL_PRIORITY_CLASS))
        os.nice(nice)
        return True
    except (AttributeError, OSError) as exc:
        log.debug("cannot lower this process's priority: %s", exc)
        return False


def lower_child_priority(pid: int | None, nice: int) -> bool:
    """Lower the priority of the child process ``pid`` to at least ``nice`` (POSIX, from the
    parent). On Windows a child lowers its own (:func:`lower_own_priority`): returns False there.
    Best effort."""
    if WINDOWS or pid is None or nice <= 0 or not hasattr(os, "setpriority"):
        return False
    try:
        current = os.getpriority(os.PRIO_PROCESS, pid)
        os.setpriority(os.PRIO_PROCESS, pid, max(current, min(19, nice)))
        return True
    except OSError as exc:  # e.g. a sandbox forbids it
        log.debug("cannot lower the priority of process %s: %s", pid, exc)
        return False


def child_lowers_own_priority() -> bool:
    """True where a child process must lower its own priority (Windows), False where the parent
    does it (:func:`lower_child_priority`)."""
    return WINDOWS


def no_window_flags() -> int:
    """``creationflags`` for subprocess.Popen so that a child of the windowed app opens no console
    window on Windows (CREATE_NO_WINDOW); 0 elsewhere."""
    return _CREATE_NO_WINDOW if WINDOWS else 0


def prepare_window_process(app_id: str = APP_ID) -> None:
    """Before the first window: on Windows, opt in to per-monitor DPI awareness (the window is
    drawn at the screen's real pixels, crisp at 150 % scaling, instead of being stretched) and
    set the taskbar's application id so the button shows Tatami's name and icon rather than the
    interpreter's. Nothing elsewhere. Best effort."""
    if not WINDOWS:
        return
    try:
        import ctypes

        user32 = _windll().user32
        user32.SetProcessDpiAwarenessContext.argtypes = [ctypes.c_void_p]
        if not user32.SetProcessDpiAwarenessContext(ctypes.c_void_p(_PER_MONITOR_V2)):
            try:  # Windows 8.1: per-monitor; or already set by the manifest (then it refuses)
                _windll().shcore.SetProcessDpiAwareness(2)
            except (AttributeError, OSError):
                user32.SetProcessDPIAware()
    except (AttributeError, OSError) as exc:
        log.debug("cannot make the process DPI-aware: %s", exc)
    global _app_id_result
    try:
        _app_id_result = _windll().shell32.SetCurrentProcessExplicitAppUserModelID(app_id) & 0xFFFFFFFF
    except (AttributeError, OSError) as exc:
        log.debug("cannot set the taskbar application id: %s", exc)


def dpi_awareness() -> str:
    """The process's DPI awareness on Windows: ``"per-monitor"``, ``"system"`` or
    ``"unaware"``; ``"n/a"`` elsewhere or when Windows cannot say."""
    if not WINDOWS:
        return "n/a"
    try:
        import ctypes

        user32 = _windll().user32
        user32.GetThreadDpiAwarenessContext.restype = ctypes.c_void_p
        user32.GetAwarenessFromDpiAwarenessContext.argtypes = [ctypes.c_void_p]
        awareness = user32.GetAwarenessFromDpiAwarenessContext(user32.GetThreadDpiAwarenessContext())
    except (AttributeError, OSError):
        return "n/a"
    return {0: "unaware", 1: "system", 2: "per-monitor"}.get(awareness, "n/a")


def app_id() -> str | None:
    """The taskbar application id Windows has for this process, or None (elsewhere, or unset)."""
    if not WINDOWS:
        return None
    try:
        import ctypes

        shell32 = _windll().shell32
        out = ctypes.c_wchar_p()
        if shell32.GetCurrentProcessExplicitAppUserModelID(ctypes.byref(out)) != 0:
            return None
        value = out.value
        _windll().ole32.CoTaskMemFree(out)
        return value
    except (AttributeError, OSError):
        return None


def language_tag(langid: int) -> str | None:
    """A Windows language id (LANGID, e.g. 0x0411) as a locale name (``"ja_JP"``), or None when
    Python's table does not know it (``locale.windows_locale``)."""
    return locale.windows_locale.get(int(langid))


def ui_language() -> str | None:
    """The language of the user's desktop as a locale name (``"ja_JP"``): on Windows the UI
    language (GetUserDefaultUILanguage), None elsewhere (the environment's LANG & co. say it
    there) or when it is unknown."""
    if not WINDOWS:
        return None
    try:
        return language_tag(_windll().kernel32.GetUserDefaultUILanguage())
    except (AttributeError, OSError):
        return None


def x11_store_name(window: int, title: str) -> bool:
    """On X11, store the window's WM_NAME as a plain STRING property too (SDL writes only the
    UTF8_STRING one, which tools reading it in the C locale — ``xdotool search --name``, simple
    window lists — do not see). ASCII titles only; returns True when stored. Best effort."""
    if WINDOWS or sys.platform == "darwin" or not title.isascii() or not window:
        return False
    try:
        import ctypes
        import ctypes.util

        x11 = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
        x11.XOpenDisplay.restype = ctypes.c_void_p
        x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x11.XStoreName.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_char_p]
        x11.XFlush.argtypes = [ctypes.c_void_p]
        x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
        dpy = x11.XOpenDisplay(None)
        if not dpy:
            return False
        try:
            x11.XStoreName(dpy, int(window), title.encode("ascii"))
            x11.XFlush(dpy)
        finally:
            x11.XCloseDisplay(dpy)
        return True
    except (OSError, AttributeError, ValueError) as exc:
        log.debug("could not set a plain X11 WM_NAME: %s", exc)
        return False


#: SDL video drivers that need a desktop session, and the variables that name one.
_DESKTOP_DRIVERS = {"x11": ("DISPLAY",), "wayland": ("WAYLAND_DISPLAY",)}


def display_problem(env: Mapping[str, str] | None = None) -> str | None:
    """Why no window can be opened here, in one line (English, for the command line), or None.

    On Linux and the other X11 / Wayland systems (not Windows, not macOS) a window needs a desktop
    session: ``DISPLAY`` (X11) or ``WAYLAND_DISPLAY`` (or a Wayland socket in ``XDG_RUNTIME_DIR``).
    Without one SDL would fall back, unasked, to its offscreen driver (the app runs with no window
    until killed) or fail with a traceback. A driver the user asked for that needs no desktop
    (``SDL_VIDEODRIVER=dummy``, ``offscreen``, ``kmsdrm``...: the tests, ``--selftest`` and
    ``--bench`` run so) is trusted: None. ``env`` defaults to ``os.environ``."""
    if WINDOWS or sys.platform == "darwin":
        return None
    env = os.environ if env is None else env
    asked = [d.strip().lower() for d in env.get("SDL_VIDEODRIVER", "").split(",") if d.strip()]
    if any(d not in _DESKTOP_DRIVERS for d in asked):
        return None  # a headless (or other) driver chosen on purpose
    runtime = env.get("XDG_RUNTIME_DIR", "")
    found = {"x11": bool(env.get("DISPLAY", "").strip()),
             "wayland": bool(env.get("WAYLAND_DISPLAY", "").strip())
             or bool(runtime and os.path.exists(os.path.join(runtime, "wayland-0")))}
    drivers = asked or list(_DESKTOP_DRIVERS)
    if any(found[d] for d in drivers):
        return None
    names = " and ".join(v for d in drivers for v in _DESKTOP_DRIVERS[d])
    unset = "is not set" if len(drivers) == 1 else "are not set"
    chosen = f"SDL_VIDEODRIVER={env.get('SDL_VIDEODRIVER', '').strip()}, " if asked else ""
    return (f"no display was found ({chosen}{names} {unset}): start Tatami from a graphical desktop, "
            "or set SDL_VIDEODRIVER=dummy to run it without a window")


@lru_cache(maxsize=1)
def _malloc_trim() -> Any:
    """glibc's ``malloc_trim``, or None (another system or C library: musl has none)."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        trim = ctypes.CDLL(None).malloc_trim  # the C library the interpreter runs on
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


def return_freed_memory() -> bool:
    """Give the pages the program freed back to the system where the C library keeps them in its
    heap (Linux with glibc: ``malloc_trim(0)``, a few ms for a heap of hundreds of MB). Windows'
    heap and macOS's allocator return them themselves: nothing to do there. True when something
    was asked of the C library. Never raises."""
    trim = _malloc_trim()
    if trim is None:
        return False
    try:
        trim(0)
    except OSError:  # pragma: no cover - a C library that refuses
        return False
    return True


def on_stop_signals(loop: Any, callback: Callable[[], None]) -> list[str]:
    """Have ``loop`` (a running asyncio loop) call ``callback`` on the signals that ask a server to
    stop: POSIX SIGINT and SIGTERM through ``loop.add_signal_handler``; Windows (no such handler
    there, and no SIGTERM delivered) SIGINT and SIGBREAK (Ctrl+C, Ctrl+Break) through
    ``signal.signal``, the callback passed to the loop with ``call_soon_threadsafe``. Call it from
    the main thread. Returns the names of the signals handled; never raises (a signal that cannot
    be handled is logged at debug level and left out)."""
    import signal

    handled = []
    if WINDOWS:
        for name in ("SIGINT", "SIGBREAK"):
            number = getattr(signal, name, None)
            if number is None:
                continue
            try:
                signal.signal(number, lambda _n, _f: loop.call_soon_threadsafe(callback))
                handled.append(name)
            except (ValueError, OSError) as exc:
                log.debug("%s not handled: %s", name, exc)
        return handled
    for name in ("SIGINT", "SIGTERM"):
        try:
            loop.add_signal_handler(getattr(signal, name), callback)
            handled.append(name)
        except (ValueError, OSError, RuntimeError, NotImplementedError) as exc:
            log.debug("%s not handled: %s", name, exc)
    return handled


def private_file(path: str | os.PathLike[str]) -> bool:
    """Make ``path`` a file only this user may read and write: created empty if it is missing,
    with mode 0600 on POSIX (an older file tightened to it); on Windows the file stays as the
    folder's access list makes it (the user's profile: this user's). Best effort (a failure is
    logged at debug level). Returns whether the mode is 0600 (POSIX) / the file exists (Windows).
    For the server's database (issue 33, item 19): SQLite gives its log files the same mode."""
    try:
        fd = os.open(path, os.O_CREAT | os.O_RDWR, 0o600)
        os.close(fd)
        if WINDOWS:
            return True
        os.chmod(path, 0o600)
        return (os.stat(path).st_mode & 0o777) == 0o600
    except OSError as exc:
        log.debug("cannot make %s private: %s", path, exc)
        return False


def describe() -> str:
    """One line on how this process runs (for ``--selftest``): the system, Python's UTF-8 mode,
    and on Windows the DPI awareness, taskbar id and UI language."""
    parts = [f"system {sys.platform}", f"utf-8 mode {'on' if sys.flags.utf8_mode else 'off'}"]
    if WINDOWS:
        given = app_id()
        if given is None and _app_id_result == 0:  # accepted, but cannot be read back (Wine)
            given = f"{APP_ID} (set, not read back)"
        elif given is None and _app_id_result is not None:
            given = f"refused (0x{_app_id_result:08X})"
        parts += [f"dpi {dpi_awareness()}", f"app id {given}", f"ui language {ui_language()}"]
    return ", ".join(parts)
