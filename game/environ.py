"""Every ``TATAMI_*`` environment variable Tatami reads, read here and nowhere else (headless).

docs/DEVELOPING.md's "Environment variables" table documents each entry of :data:`VARIABLES` (a
test holds the two together). Players never need any of them: they are for tests, external checks,
developers and Tatami's own child processes. Each reader returns None (or the default) when the
variable is unset or empty.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

DATA_DIR = "TATAMI_DATA_DIR"
LANG = "TATAMI_LANG"
UI_DUMP = "TATAMI_UI_DUMP"
ASSETS_DIR = "TATAMI_ASSETS_DIR"
LOG = "TATAMI_LOG"
AI_MODE = "TATAMI_AI_MODE"
NICE = "TATAMI_NICE"
NET_HOST = "TATAMI_NET_HOST"
LAN = "TATAMI_LAN"
DB = "TATAMI_DB"

#: Name -> (what it does, who it is for), the table docs/DEVELOPING.md shows.
VARIABLES: Mapping[str, tuple[str, str]] = {
    DATA_DIR: ("the folder for settings, saves, statistics and recent games instead of the "
               "per-user data folder", "tests, external checks"),
    LANG: ("the language (en, es, ja, pseudo) when `--lang` is not given; it wins over the "
           "settings' choice", "tests, translators, child processes"),
    UI_DUMP: ("a file the app rewrites with the top scene's interactive elements (ids, kinds, "
              "window-pixel boxes, labels) after each changed frame", "external checks"),
    ASSETS_DIR: ("the folder of fonts, art, sounds and the icon instead of the bundled one",
                 "tests of missing or broken assets"),
    LOG: ("`debug` logs at debug level (the AI process's start and answers among others)",
          "developers"),
    AI_MODE: ("`process` or `thread`: where the AI thinks (default: a separate process)",
              "the frame benchmark, developers"),
    NICE: ("set by the replay viewer for the coach's child process: run below normal priority",
           "Tatami's own child processes"),
    NET_HOST: ("the address the app's own server listens on when it hosts an online table (default "
               "`0.0.0.0`: every network of the computer). The tests and `python3 dev.py` set `127.0.0.1`",
               "tests, checks, developers"),
    LAN: ("`on` (the default when unset) or `off`: whether hosted tables are announced and found on the "
          "local network (multicast DNS); any other value is `off`. The tests and `python3 dev.py` set "
          "it `off`", "tests, checks, developers"),
    DB: ("the game server's database when `serve --db` (or `tatami-server --db`) is not given: an SQLite "
         "file or a `postgresql://` URL, so a password stays off the command line", "server operators"),
}


def _get(name: str) -> str | None:
    value = os.environ.get(name, "").strip()
    return value or None


def data_dir() -> Path | None:
    """``TATAMI_DATA_DIR`` as a path, or None."""
    value = _get(DATA_DIR)
    return Path(value) if value else None


def language() -> str | None:
    """``TATAMI_LANG`` as given (normalised by :func:`game.i18n.set_language`), or None."""
    return _get(LANG)


def ui_dump() -> str | None:
    """``TATAMI_UI_DUMP``: the UI dump's file, or None (no dump)."""
    return _get(UI_DUMP)


def assets_dir() -> Path | None:
    """``TATAMI_ASSETS_DIR`` as a path, or None (the bundled assets)."""
    value = _get(ASSETS_DIR)
    return Path(value) if value else None


def debug_log() -> bool:
    """True when ``TATAMI_LOG`` is ``debug`` (any case)."""
    return (_get(LOG) or "").lower() == "debug"


def ai_mode() -> str | None:
    """``TATAMI_AI_MODE`` lower-cased (``"process"`` / ``"thread"`` are meant), or None."""
    value = _get(AI_MODE)
    return value.lower() if value else None


def nice() -> bool:
    """True when ``TATAMI_NICE`` is set: this process should run below normal priority."""
    return _get(NICE) is not None


def net_host() -> str | None:
    """``TATAMI_NET_HOST``: where the app's own game server listens (``127.0.0.1`` in tests and
    development runs), or None (every network: the app's default)."""
    return _get(NET_HOST)


def lan() -> bool:
    """``TATAMI_LAN``: True (unset or empty: the app's default, or ``on`` in any case) when LAN
    discovery may send and receive multicast; False for ``off`` and for any other value (a typo
    never turns multicast on)."""
    value = _get(LAN)
    return value is None or value.lower() == "on"


def server_db() -> str | None:
    """``TATAMI_DB``: the game server's database (an SQLite file or a ``postgresql://`` URL) when
    ``--db`` is not given (docs/SERVER.md), or None (SQLite in memory)."""
    return _get(DB)
