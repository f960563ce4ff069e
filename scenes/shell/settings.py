"""User settings, stored as JSON in the per-user data directory.

Location: ``$TATAMI_DATA_DIR/settings.json`` if that variable is set (tests), otherwise
``platformdirs.user_data_dir("Tatami")/settings.json``. Never next to the executable.

A corrupt or unreadable file never crashes the app: it is read through the one validation step
(:mod:`game.safejson`: size, depth, number and text limits); the defaults are kept, one line is
logged (logger "tatami.settings"), one notice is shown (:mod:`scenes.shell.notices`) and the bad
file is moved aside as ``settings.json.bad`` (an earlier one is never overwritten). A file of a newer
version (a newer Tatami's) is kept unchanged and never written; the defaults apply.
Two windows: :meth:`Settings.save` writes, under the file's lock, the keys this window changed over
the file as it is then, so another window's changes are kept.
A bad value falls back per key: a window size smaller than :data:`MIN_WINDOW_SIZE` is never
restored (it is raised to it), and a seat kind the setup screen does not offer falls back to the
default of THAT seat (seat 0 is a person, the others Medium AI), never shifting the other seats
(:meth:`Settings.setup_for`).
Writes are atomic (temp file + os.replace); a failing write is logged once and ignored.
"""
from __future__ import annotations

import copy
import json
import logging
import math
from pathlib import Path
from typing import Any

from game import environ
from game.i18n import LANGUAGES, N_
from scenes.shell.jsonstore import locked, newer_version, set_aside, write_text_atomic

log = logging.getLogger("tatami.settings")

SETTINGS_FILE = "settings.json"
SETTINGS_VERSION = 1
#: Larger settings files are refused unread (a real one is under 2 KB).
MAX_BYTES = 256 * 1024

ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
# multiplier applied to animation time (dt * factor); "instant" is handled by scenes as
# "skip animations" but a large factor works too.
ANIMATION_FACTORS = {"slow": 0.6, "normal": 1.0, "fast": 2.5, "instant": 1000.0}

#: The smallest window (window px): the app never opens, keeps or restores a smaller one.
MIN_WINDOW_SIZE: tuple[int, int] = (800, 450)
#: The seat kinds the setup screen offers and remembers (``"random"`` is a test level only).
SEAT_CHOICES: tuple[str, ...] = ("human", "easy", "medium", "hard")

DEFAULTS: dict[str, Any] = {
    "version": 1,
    "window_size": [1280, 720],  # window pixels (restored on start, unless --size)
    "fullscreen": False,
    "animation_speed": "normal",  # one of ANIMATION_SPEEDS
    "sound": True,  # sound effects on / off (pause menu)
    "volume": 0.7,  # sound effects volume, 0..1 (scenes/shell/sound.py clamps anything else)
    "language": None,  # "en" | "es" | "ja", or None: the system's (game/i18n.py)
    # last choices of the setup screen, per game name, e.g. a two-seat game's (KAITO's)
    # {"sides": ["human", "medium"] (left / right player: "human" | "easy" | "medium" | "hard"),
    #  "colors": ["R", "B"] (colour of the left / right player), "first_side": "left" (who moves
    #  first: "left" | "right" | "random")}; the setup screen's own defaults fill what is missing
    "setup": {},
    # the online server where "Host online" opens tables and whose tables "Play online" lists
    # (issue 35): a ws:// or wss:// address, or "" for this computer (the app's own server)
    "online_server": "",
    # the last hosting choices: "live" (real time) or a turn-based preset of
    # scenes.online.pace.PACES ("1d", "3d"); and what happens when a turn-based clock runs out
    # ("ai": the server's AI plays the seat, "end": the table ends)
    "online_pace": "live",
    "online_timeout": "ai",
}


def data_dir() -> Path:
    """Per-user data directory (created lazily on first write)."""
    env = environ.data_dir()
    if env:
        return env
    try:
        import platformdirs

        return Path(platformdirs.user_data_dir("Tatami", appauthor=False))
    except Exception:  # platformdirs missing: fall back to the home directory
        return Path.home() / ".tatami"


def _merge(defaults: Any, loaded: Any) -> Any:
    """Recursively overlay ``loaded`` on ``defaults``, keeping only well-typed values."""
    if isinstance(defaults, dict):
        if not isinstance(loaded, dict):
            return copy.deepcopy(defaults)
        out = {}
        for k, dv in defaults.items():
            out[k] = _merge(dv, loaded[k]) if k in loaded else copy.deepcopy(dv)
        # keep extra keys (e.g. setup choices of games added later) when they are dicts
        for k, v in loaded.items():
            if k not in out:
                out[k] = v
        return out
    if isinstance(defaults, bool):
        return loaded if isinstance(loaded, bool) else defaults
    if isinstance(defaults, (int, float)):
        ok = isinstance(loaded, (int, float)) and not isinstance(loaded, bool)
        return loaded if ok else defaults
    if isinstance(defaults, list):
        if isinstance(loaded, list) and len(loaded) == len(defaults):
            return [_merge(d, l) for d, l in zip(defaults, loaded)]
        return copy.deepcopy(defaults)
    if isinstance(defaults, str):
        return loaded if isinstance(loaded, str) else defaults
    return loaded


def server_address_ok(text: Any) -> bool:
    """Whether ``text`` may be kept as the online server's address: ``ws://`` or ``wss://`` and a
    host, at most 200 characters, no spaces (issue 35; the join screen reads the same form)."""
    return (isinstance(text, str) and text.startswith(("ws://", "wss://")) and len(text.split("//", 1)[1]) > 0
            and len(text) <= 200 and not any(c.isspace() for c in text))


def seat_default(game: str, seat: int, key: str = "seats") -> str:
    """The default kind of ``seat`` in ``game``'s setup: the default setup's own entry (KAITO's
    ``sides``), else ``"human"`` for seat 0 and ``"medium"`` for the others."""
    defaults = DEFAULTS["setup"].get(game, {}).get(key)
    if isinstance(defaults, list) and 0 <= seat < len(defaults):
        return str(defaults[seat])
    return "human" if seat == 0 else "medium"


class Settings:
    """Dict-like settings with defaults; ``save()`` writes atomically.

    ``settings["fullscreen"]``, ``settings.get("x", default)``, ``settings["k"] = v``;
    ``setup_for(game)`` / ``set_setup(game, dict)`` for the setup screen's last choices.
    """

    def __init__(self, path: Path | None = None, autoload: bool = True):
        self.path = Path(path) if path is not None else data_dir() / SETTINGS_FILE
        self.data: dict[str, Any] = copy.deepcopy(DEFAULTS)
        self.load_error: str | None = None
        #: True when the file is a newer Tatami's: kept unchanged, never written
        self.newer = False
        self._write_failed = False
        self._changed: set[str] = set()  # keys set in this window (save writes them over the file)
        self._setup_changed: set[str] = set()  # games whose setup choices this window set
        if autoload:
            self.load()

    # -- persistence ------------------------------------------------------------------
    def load(self) -> None:
        """Load from disk; on any problem keep the defaults (see module doc)."""
        self.data = copy.deepcopy(DEFAULTS)
        self._changed = set()
        self._setup_changed = set()
        self.newer = False
        loaded = self._read(report=True)
        if loaded is not None:
            self.data = self._clean(loaded)

    def _read(self, report: bool) -> dict | None:
        """The file's settings object, or None (missing; unusable: set aside; newer: kept). Logs
        and (with ``report``) tells the screen once. Never raises."""
        from game import safejson
        from scenes.shell import notices

        try:
            loaded = safejson.read_json(self.path, MAX_BYTES, max_string=1000)
            if not isinstance(loaded, dict):
                raise safejson.JsonFileError(N_("the file is corrupt"), "the top level is not an object")
        except FileNotFoundError:
            return None
        except safejson.JsonFileError as e:
            self.load_error = f"unusable settings file {self.path}: {e}"
            set_aside(self.path, "settings", e.reason, str(e), logger=log, notify=report)
            return None
        version = loaded.get("version")
        if newer_version(loaded, SETTINGS_VERSION) is not None:
            self.newer = True
            self.load_error = f"{self.path} is of version {version} (a newer Tatami's)"
            if report:
                log.warning("settings: %s: kept unchanged, not written; using defaults", self.load_error)
                notices.report(notices.NEWER, file=self.path.name, what=notices.what("settings"))
            return None
        if "version" in loaded and version != SETTINGS_VERSION:  # 0, "1", null...: not ours
            self.load_error = f"unusable settings file {self.path}: version is {version!r}"
            set_aside(self.path, "settings", N_("the file is corrupt"), f"version is {version!r}", logger=log,
                      notify=report)
            return None
        return loaded

    def _clean(self, loaded: dict) -> dict[str, Any]:
        """``loaded`` over the defaults, each value checked (:meth:`_sanitize`)."""
        data = self.data
        try:
            self.data = _merge(DEFAULTS, loaded)
            self._sanitize()
            return self.data
        except (ValueError, TypeError, OverflowError, RecursionError) as e:  # a value no check foresaw
            log.warning("settings: a value of %s is unusable (%s: %s); using defaults", self.path, type(e).__name__, e)
            return copy.deepcopy(DEFAULTS)
        finally:
            self.data = data

    def _sanitize(self) -> None:
        d = self.data
        d["version"] = SETTINGS_VERSION
        if d.get("animation_speed") not in ANIMATION_SPEEDS:
            d["animation_speed"] = DEFAULTS["animation_speed"]
        if d.get("language") not in (None, *LANGUAGES):
            d["language"] = None
        volume = d.get("volume")
        if not isinstance(volume, (int, float)) or not math.isfinite(volume):
            d["volume"] = DEFAULTS["volume"]
        ws: Any = d.get("window_size")
        try:
            w, h = int(ws[0]), int(ws[1])
            if not (160 <= w <= 10000 and 90 <= h <= 10000):
                raise ValueError
            # a smaller window than the minimum is never restored: raised to it
            d["window_size"] = [max(w, MIN_WINDOW_SIZE[0]), max(h, MIN_WINDOW_SIZE[1])]
        except (TypeError, ValueError, IndexError, OverflowError):
            d["window_size"] = list(DEFAULTS["window_size"])
        if not isinstance(d.get("setup"), dict):
            d["setup"] = {}
        server = d.get("online_server")
        if not (server == "" or server_address_ok(server)):
            d["online_server"] = ""
        if d.get("online_pace") not in ("live", "1d", "3d"):
            d["online_pace"] = DEFAULTS["online_pace"]
        if d.get("online_timeout") not in ("ai", "end"):
            d["online_timeout"] = DEFAULTS["online_timeout"]

    def save(self) -> bool:
        """Write atomically what this window changed over the file as it is now (another window's
        changes to other settings are kept), under the file's lock. Returns False (logged once, a
        notice) if the directory is not writable, and False without writing when the file is a
        newer Tatami's."""
        from scenes.shell import notices

        if self.newer:
            return False
        try:
            with locked(self.path):
                disk = self._read(report=False)
                if self.newer:
                    return False
                if disk is not None:
                    merged = self._clean(disk)
                    for key in self._changed:
                        if key == "setup" and isinstance(merged.get("setup"), dict):
                            merged["setup"].update(self._changed_setup())
                        else:
                            merged[key] = copy.deepcopy(self.data.get(key))
                    self.data = merged
                write_text_atomic(self.path, json.dumps(self.data, indent=2, ensure_ascii=False))
            return True
        except OSError as e:
            if not self._write_failed:
                self._write_failed = True
                log.warning("settings: cannot write %s: %s", self.path, e)
                notices.report(notices.CANNOT_WRITE, what=notices.what("settings"), folder=str(self.path.parent))
            return False

    def _changed_setup(self) -> dict[str, Any]:
        """The setup choices this window made (per game)."""
        setup = self.data.get("setup")
        return {g: copy.deepcopy(setup[g]) for g in self._setup_changed if isinstance(setup, dict) and g in setup}

    # -- access -----------------------------------------------------------------------
    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.data[key] = value
        self._changed.add(key)

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    @property
    def animation_factor(self) -> float:
        """Multiplier for animation time (dt_ms * factor)."""
        return ANIMATION_FACTORS.get(self.data.get("animation_speed", "normal"), 1.0)

    def setup_for(self, game: str) -> dict[str, Any]:
        """Last setup choices for a game (a copy; defaults if none).

        The seat lists (``"seats"``; KAITO's ``"sides"``) are cleaned seat by seat: an entry that
        is not one of :data:`SEAT_CHOICES` becomes that seat's default (:func:`seat_default`), so a
        corrupt file can never turn the person's seat into an AI; a value that is not a list is
        dropped (the setup screen's defaults apply)."""
        s = self.data.get("setup", {})
        v = s.get(game) if isinstance(s, dict) else None
        base = copy.deepcopy(DEFAULTS["setup"].get(game, {}))
        if isinstance(v, dict):
            base = _merge(base, v) if base else copy.deepcopy(v)
        for key in ("seats", "sides"):
            if key not in base:
                continue
            kinds = base[key]
            if not isinstance(kinds, list):
                del base[key]
                continue
            base[key] = [k if isinstance(k, str) and k in SEAT_CHOICES else seat_default(game, i, key)
                         for i, k in enumerate(kinds)]
        return base

    def set_setup(self, game: str, choices: dict[str, Any]) -> None:
        """Remember ``game``'s setup choices (written by :meth:`save`)."""
        self.data.setdefault("setup", {})[game] = copy.deepcopy(choices)
        self._changed.add("setup")
        self._setup_changed.add(game)
