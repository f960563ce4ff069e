"""What a saved game's file must hold besides its record (:mod:`scenes.shell.saves`): the errors that
refuse a save and the check of the play scene's setup saved with it (also used by the replay viewer
for a recent game's setup). Never imports pygame."""
from __future__ import annotations

import math
from typing import Any

from game.i18n import N_
from scenes.play.seats import SEAT_KINDS, clip_name


class SaveFormatError(ValueError):
    """A save file's content is not a usable saved game.

    ``reason`` is a short phrase for the menu ("the file is corrupt"; an English catalog text,
    ``N_``, translated where it is shown); ``str(exc)`` the detail."""

    def __init__(self, reason: str, detail: str):
        super().__init__(detail)
        self.reason = reason


class NewerSaveError(SaveFormatError):
    """A save of a version above :data:`SAVE_VERSION`: a newer Tatami's, kept untouched."""


def validate_setup(setup: Any, num_seats: int) -> dict:
    """Check a saved play-scene setup and return a clean copy (unknown keys dropped).

    Keys: ``seats`` (required: ``num_seats`` of :data:`SEAT_KINDS`), ``names`` (``num_seats``
    strings, each cleaned and cut by :func:`scenes.play.seats.clip_name`, non-empty then),
    ``colors`` (list of strings), ``seed`` (int or null), ``speed`` (finite
    number > 0), ``undo``, ``hints`` and ``hint`` (booleans; ``hint``: Kanji-zushi's earlier
    name), ``retried`` and ``assisted`` (booleans: the statistics count such a game apart) and
    ``undid`` (a decision was taken back: not rated), ``characters`` (``num_seats`` AI
    character keys or nulls, issue 36; a key that names no character of the seat's level plays
    the plain level).

    Raises:
        SaveFormatError: reason "the player setup is invalid"."""

    def bad(detail: str) -> SaveFormatError:
        return SaveFormatError(N_("the player setup is invalid"), f"setup: {detail}")

    if not isinstance(setup, dict):
        raise bad("missing or not an object")
    seats: Any = setup.get("seats")
    if not _str_list(seats, num_seats) or any(s not in SEAT_KINDS for s in seats):
        raise bad(f"seats must list {num_seats} of {', '.join(SEAT_KINDS)}, not {seats!r}")
    out: dict[str, Any] = {"seats": list(seats)}
    if setup.get("names") is not None:
        names = setup["names"]
        if not _str_list(names, num_seats):
            raise bad(f"names must be {num_seats} strings")
        names = [clip_name(n) for n in names]  # no NUL, no lone surrogate, at most NAME_MAX characters
        if not all(names):
            raise bad(f"names must be {num_seats} non-empty strings")
        out["names"] = names
    if setup.get("colors") is not None:
        colors = setup["colors"]
        if not _str_list(colors, len(colors) if isinstance(colors, list) else -1):
            raise bad("colors must be a list of strings")
        out["colors"] = list(colors)
    if "seed" in setup:
        seed = setup["seed"]
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise bad(f"seed must be an integer or null, not {seed!r}")
        out["seed"] = seed
    for key in ("hint", "hints", "undo", "retried", "assisted", "undid"):  # the switches (Kanji-zushi's "hint" of earlier saves)
        if setup.get(key) is not None:
            if not isinstance(setup[key], bool):
                raise bad(f"{key} must be true or false, not {setup[key]!r}")
            out[key] = setup[key]
    if setup.get("characters") is not None:  # issue 36: an unknown or mismatched one plays the plain level
        chars = setup["characters"]
        if not isinstance(chars, list) or len(chars) != num_seats \
                or any(c is not None and not isinstance(c, str) for c in chars):
            raise bad(f"characters must be {num_seats} strings or nulls")
        out["characters"] = list(chars)
    if setup.get("speed") is not None:
        speed = setup["speed"]
        ok = isinstance(speed, (int, float)) and not isinstance(speed, bool) and math.isfinite(speed) and speed > 0
        if not ok:
            raise bad(f"speed must be a number > 0, not {speed!r}")
        out["speed"] = float(speed)
    return out


def _str_list(value: Any, n: int) -> bool:
    return isinstance(value, list) and len(value) == n and all(isinstance(v, str) for v in value)


__all__ = ["NewerSaveError", "SaveFormatError", "validate_setup"]
