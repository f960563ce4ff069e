"""The JSON text of the online protocol's messages (docs/PROTOCOL.md), split from
:mod:`game.net.protocol` along its seam: the canonical encoding (:func:`encode`, sorted keys, no
spaces, UTF-8 kept; an :class:`Encoded` message assembled from parts already encoded) and the
reading of a received frame (:func:`loads_frame`: :func:`game.safejson.loads`'s document or error,
with a fast path for the usual frame). Headless and free of I/O; what a message must hold is
:mod:`game.net.protocol`'s.
"""
from __future__ import annotations

import json
import json.encoder as json_encoder
import math
import re
from collections.abc import Mapping
from typing import Any

from ..safejson import MAX_DEPTH, MAX_INT_DIGITS, loads

# -- encoding ---------------------------------------------------------------------------------------
#: The canonical encoder (one instance: ``json.dumps`` would make one per call). Messages are trees
#: the sender builds, so no check for a circular reference (one would be a RecursionError).
_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False,
                            check_circular=False)
#: The same encoder's C core, made once (``JSONEncoder.encode`` makes it again at every call: a
#: cost for the many small values of :func:`encode_value`); None without the C accelerator.
_C_MAKE: Any = getattr(json_encoder, "c_make_encoder", None)
_C_ENCODE: Any = (_C_MAKE(None, _ENCODER.default, json_encoder.encode_basestring, None, ":", ",", True, False, False)
                  if _C_MAKE is not None else None)


class Encoded(dict[str, Any]):
    """A message (a dict, as the builders make) that carries its canonical text, assembled by
    its maker from parts already encoded (:func:`encode_with`): :func:`encode` gives
    :attr:`text`, which is ``encode(dict(self))``. Never changed once made."""

    text: str = ""


def encode(message: Mapping[str, Any]) -> str:
    """The canonical JSON text of ``message`` (sorted keys, no spaces, UTF-8 kept as is; an
    :class:`Encoded` message's own text).

    Raises:
        TypeError, ValueError: a value JSON cannot hold (a bug of the sender)."""
    if type(message) is Encoded:
        return message.text
    return _ENCODER.encode(message)


def encode_value(value: Any) -> str:
    """The canonical JSON text of any JSON value (as it reads inside a message's text).

    Raises:
        TypeError, ValueError: a value JSON cannot hold."""
    if _C_ENCODE is not None:
        return "".join(_C_ENCODE(value, 0))
    return _ENCODER.encode(value)


def encode_with(message: dict[str, Any], key: str, text: str) -> Encoded:
    """``message`` as an :class:`Encoded` message whose field ``key`` has the canonical text
    ``text`` (encoded already: the caller vouches that it is ``encode(message[key])``). ``key``
    must sort after every other key (a ``state``'s and an ``update``'s ``view`` does), so the
    text stays canonical.

    Raises:
        ValueError: ``key`` does not sort last (a bug of the caller)."""
    rest = {k: v for k, v in message.items() if k != key}
    if any(k >= key for k in rest):
        raise ValueError(f"{key!r} does not sort after every key of the message")
    out = Encoded(message)
    out.text = f"{_ENCODER.encode(rest)[:-1]},{_ENCODER.encode(key)}:{text}}}"
    return out


#: Characters :func:`game.safejson.clean_text` removes or replaces (a frame holding one, raw, is
#: left to :func:`game.safejson.loads`; so is one holding any escape, which could make one).
_UNCLEAN = re.compile("[\x00-\x08\x0b-\x1f\x7f\ud800-\udfff]")


def _short_strings(text: str, max_string: int) -> bool:
    """True when no string of ``text`` (a text without a backslash) can be longer than
    ``max_string`` characters: the text itself is no longer, or no run between two quotes is."""
    return len(text) <= max_string or max(map(len, text.split('"'))) <= max_string


def _shallow(doc: Any) -> bool:
    """True when no list or object of ``doc`` lies more than ``MAX_DEPTH`` deep (the root is 1
    deep), as :func:`game.safejson.loads` counts; a level at a time, the containers only."""
    level = [doc] if type(doc) is dict or type(doc) is list else []
    for _depth in range(MAX_DEPTH):
        if not level:
            return True
        below: list[Any] = []
        for box in level:
            below.extend([v for v in (box.values() if type(box) is dict else box)
                          if type(v) is dict or type(v) is list])
        level = below
    return not level


def _bounded_int(text: str) -> int:
    if len(text) > MAX_INT_DIGITS and len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError(text[:50])
    return int(text)


def _finite(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise ValueError(text[:50])
    return value


def _no_constant(text: str) -> Any:
    raise ValueError(text)


def loads_frame(raw: str | bytes, max_string: int) -> Any:
    """``game.safejson.loads(raw, max_string)``: the same document, or the same
    :class:`~game.safejson.JsonFileError` — without its walk over every string of the usual frame.

    A text with no backslash (no escape) and none of :data:`_UNCLEAN` holds no string to clean;
    if its strings are short enough too (:func:`_short_strings`), it is parsed by ``json.loads``
    alone (refusing NaN, infinities and integers of more than ``MAX_INT_DIGITS`` digits) and its
    depth checked (:func:`_shallow`). Any other frame, or one refused on the way, goes through
    ``safejson.loads``, which cleans what needs it or raises."""
    if (isinstance(raw, str) and "\\" not in raw and _UNCLEAN.search(raw) is None
            and _short_strings(raw, max_string)):
        try:
            doc = json.loads(raw, parse_int=_bounded_int, parse_float=_finite, parse_constant=_no_constant)
        except (ValueError, RecursionError):  # (not JSON, NaN, 1e400, too deep: safejson says why)
            pass
        else:
            if _shallow(doc):
                return doc
    return loads(raw, max_string=max_string)


__all__ = ["Encoded", "encode", "encode_value", "encode_with", "loads_frame"]
