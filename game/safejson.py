"""The one validation step every JSON file Tatami reads from a player goes through (headless).

Game records (``python -m game replay | narrate | analyse``, ``tatami --replay``), the settings, the
autosaves, the statistics and the recent games are read with :func:`read_json` (a file) or
:func:`loads` (bytes already read). Both enforce the same limits before anything else sees the
document:

* the file is a regular file (a named pipe, ``/dev/zero`` or a folder is refused unread) of at most
  ``max_bytes`` bytes (only ``max_bytes + 1`` are ever read);
* UTF-8 JSON without ``NaN`` / ``Infinity`` and without a number that overflows a float (``1e400``);
* integers of at most :data:`MAX_INT_DIGITS` digits (Python refuses 4,300 with a traceback-worthy
  ValueError; a record needs a few);
* nesting at most :data:`MAX_DEPTH` deep (a deeper file is refused, never a RecursionError);
* strings (and object keys) of at most ``max_string`` characters;
* every string cleaned: NUL and the other C0 control characters except tab and newline removed, a
  lone surrogate (``"\\udcff"``) replaced by U+FFFD, so no text that reaches a font or a UTF-8
  encoder can crash it (:func:`clean_text`).

A refusal is a :class:`JsonFileError` whose ``reason`` is a short catalog text (``N_``, translated
where it is shown: "the file is corrupt", "the file is too large", "the file is not a regular file",
"the file cannot be read") and whose ``str()`` is the one-line detail in English for the log.
"""
from __future__ import annotations

import json
import math
import os
import re
import stat
from pathlib import Path
from typing import Any

from .i18n import N_

#: Deepest nesting accepted (a record or a settings file is 5 deep; 32 leaves room for growth).
MAX_DEPTH = 32
#: Most digits of an integer (a seed is at most 20).
MAX_INT_DIGITS = 40
#: Default longest string, in characters (a name is 40 at most; an action a few dozen).
MAX_STRING = 10_000
#: Default largest file read, in bytes.
MAX_BYTES = 16 * 1024 * 1024

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f]")
_SURROGATE = re.compile("[\ud800-\udfff]")


class JsonFileError(ValueError):
    """A JSON file or text refused by the validation step.

    Attributes:
        reason: a short phrase for the screens (an English catalog text, ``N_``; translate it where
            it is shown), e.g. ``"the file is corrupt"``.
    ``str(exc)`` is the precise one-line detail (English, for the log and the command line)."""

    def __init__(self, reason: str, detail: str):
        super().__init__(" ".join(detail.splitlines()))
        self.reason = reason


def clean_text(text: str) -> str:
    """``text`` without NUL and the other C0 control characters (tab and newline kept) and with
    each lone surrogate replaced by U+FFFD: safe for a font and for UTF-8."""
    if _CONTROL.search(text):
        text = _CONTROL.sub("", text)
    if _SURROGATE.search(text):
        text = _SURROGATE.sub("\ufffd", text)
    return text


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise JsonFileError(N_("the file is corrupt"), f"an integer of {digits} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JsonFileError(N_("the file is corrupt"), f"the number {text[:40]} is out of range")
    return value


def _parse_constant(text: str) -> Any:
    raise JsonFileError(N_("the file is corrupt"), f"{text} is not a JSON number")


def _checked(doc: Any, max_string: int) -> Any:
    """``doc`` with every string cleaned; raises JsonFileError past the depth or string limit.
    Iterative (a deep document cannot exhaust the stack here)."""
    def text(s: str) -> str:
        if len(s) > max_string:
            raise JsonFileError(N_("the file is corrupt"),
                                f"a text of {len(s)} characters (at most {max_string})")
        return clean_text(s)

    if isinstance(doc, str):
        return text(doc)
    if not isinstance(doc, (dict, list)):
        return doc
    root: Any = {} if isinstance(doc, dict) else []
    stack: list[tuple[Any, Any, int]] = [(doc, root, 1)]
    while stack:
        src, dst, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise JsonFileError(N_("the file is corrupt"), f"nested deeper than {MAX_DEPTH} levels")
        items = src.items() if isinstance(src, dict) else enumerate(src)
        for key, value in items:
            if isinstance(value, str):
                out: Any = text(value)
            elif isinstance(value, (dict, list)):
                out = {} if isinstance(value, dict) else []
                stack.append((value, out, depth + 1))
            else:
                out = value
            if isinstance(dst, dict):
                dst[text(str(key))] = out
            else:
                dst.append(out)
    return root


def loads(raw: bytes | str, max_string: int = MAX_STRING) -> Any:
    """Parse and validate a JSON document (see the module doc).

    Raises:
        JsonFileError: not UTF-8, not JSON, or past a limit; reason "the file is corrupt"."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, (bytes, bytearray)) else raw
    except UnicodeDecodeError as e:
        raise JsonFileError(N_("the file is corrupt"), f"not UTF-8: {e}") from None
    try:
        doc = json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except JsonFileError:
        raise
    except RecursionError:
        raise JsonFileError(N_("the file is corrupt"), f"nested deeper than {MAX_DEPTH} levels") from None
    except json.JSONDecodeError as e:
        raise JsonFileError(N_("the file is corrupt"),
                            f"invalid JSON at line {e.lineno} column {e.colno}: {e.msg}") from None
    except ValueError as e:  # e.g. a number the parser itself refuses
        raise JsonFileError(N_("the file is corrupt"), f"invalid JSON: {e}") from None
    return _checked(doc, max_string)


def read_bytes(path: Path | str, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file ``path`` (at most ``max_bytes``), without ever blocking on a
    named pipe or reading a device without end.

    Raises:
        FileNotFoundError: no file there (the caller's "nothing saved yet").
        JsonFileError: not a regular file, larger than ``max_bytes``, or unreadable (reason "the
            file cannot be read"; the detail names the system's error)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise
    except OSError as e:
        raise JsonFileError(N_("the file cannot be read"), f"cannot read {path}: {e.strerror or e}") from None
    if not stat.S_ISREG(st.st_mode):
        raise JsonFileError(N_("the file is not a regular file"), f"{path} is not a regular file")
    if st.st_size > max_bytes:
        raise JsonFileError(N_("the file is too large"), f"{path} is larger than {max_bytes} bytes")
    try:
        with open(path, "rb") as f:
            raw = f.read(max_bytes + 1)
    except FileNotFoundError:
        raise
    except OSError as e:
        raise JsonFileError(N_("the file cannot be read"), f"cannot read {path}: {e.strerror or e}") from None
    if len(raw) > max_bytes:
        raise JsonFileError(N_("the file is too large"), f"{path} is larger than {max_bytes} bytes")
    return raw


def read_json(path: Path | str, max_bytes: int = MAX_BYTES, max_string: int = MAX_STRING) -> Any:
    """:func:`read_bytes` then :func:`loads`.

    Raises:
        FileNotFoundError: no file there.
        JsonFileError: the file is refused (see the module doc)."""
    return loads(read_bytes(path, max_bytes), max_string)


__all__ = ["JsonFileError", "MAX_BYTES", "MAX_DEPTH", "MAX_INT_DIGITS", "MAX_STRING", "clean_text", "loads",
           "read_bytes", "read_json"]
