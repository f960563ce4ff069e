"""The online protocol's messages (docs/PROTOCOL.md, version 2): limits, names, validation, encoding.

Headless and free of I/O: the server (:mod:`game.net.server`) and the clients
(:mod:`game.net.client`) share it. A message is a JSON object with ``"v": 2`` and a ``"type"``;
:func:`decode` turns one received text frame into a checked ``dict`` (or raises
:class:`ProtocolError` with the error code to answer), :func:`encode` gives the canonical text of a
message (the same information, the same bytes), and the builders (:func:`error`, :func:`act`, ...)
make well-formed messages.

Validation per type (:data:`CLIENT_FIELDS`, :data:`SERVER_FIELDS`): every required field present,
every field of its type and within its bounds; fields a type does not name are refused (a client
learns of a typo at once). Integers are never booleans. Strings arrive cleaned by
:func:`game.safejson.loads` (no control characters, no lone surrogates).
"""
from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..ai import LEVELS
from ..safejson import JsonFileError
from .jsontext import Encoded, encode, encode_value, encode_with, loads_frame

#: The protocol's version, in every message as ``"v"`` (2: a state's and an update's ``actions``, ``cause``).
VERSION = 2
#: Largest frame a server accepts, in bytes (a larger one closes the connection, code 1009).
MAX_FRAME = 16 * 1024
#: Messages per second the server reads from a connection on average (token bucket), and its
#: burst: a faster client is slowed down, not refused.
RATE = 20.0
BURST = 40
#: Errors a connection may earn within :data:`ERROR_WINDOW_S` seconds; one more closes it (1008).
MAX_ERRORS = 10
ERROR_WINDOW_S = 60.0
#: Close codes: a policy breach (too many errors, a wrong version), a frame too big, the seat
#: taken over by a newer connection with its token, the server going away, too many connections
#: from one address (try again later).
CLOSE_POLICY, CLOSE_TOO_BIG, CLOSE_REPLACED, CLOSE_GOING_AWAY, CLOSE_TRY_LATER = 1008, 1009, 4001, 1001, 1013
#: Close code: the table moved to another server process of the same database (its holder died
#: or stopped): resume at once, through the same address (docs/SERVER.md "Several processes").
CLOSE_MOVED = 1012

#: The quick phrases a seat may say (the app translates them); no free chat.
PHRASES: tuple[str, ...] = ("hello", "good-game", "well-played", "thinking", "oops", "thanks")
#: Seat kinds at creation: a person over the network, or an AI level the server plays.
OPEN = "open"
SEAT_KINDS: tuple[str, ...] = (OPEN, *LEVELS)
#: Seat kinds in a seat list: an open seat once taken is a ``"person"``.
PERSON = "person"
#: Seconds a person's seat must have been disconnected before the table's creator may give it to
#: an AI (``stand_in``); a server may be started with less (tests).
STAND_IN_AFTER = 30.0
#: The AI levels a dropped person's seat may be given to.
STAND_IN_LEVELS: tuple[str, ...] = ("easy", "medium", "hard")

#: Table codes: :data:`CODE_LENGTH` characters of :data:`CODE_ALPHABET` (no 0/O, 1/I), ~50 bits.
CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 10
#: Longest player name, in characters.
MAX_NAME = 24
#: Longest ``client`` / ``server`` string, action string, token and message, in characters.
MAX_CLIENT = 64
MAX_ACTION = 64
MAX_TOKEN = 64
MAX_MESSAGE = 300
#: Most entries of a ``create``'s ``options`` object.
MAX_OPTIONS = 8

#: Error codes (docs/PROTOCOL.md): code -> when it is sent.
ERRORS: Mapping[str, str] = {
    "malformed": "not JSON, not an object, a field missing or of the wrong type or out of bounds",
    "version": "a message of another protocol version (one line naming both; the connection is closed)",
    "unknown-type": "a type the protocol does not have (or a server message sent to the server)",
    "too-big": "a frame over MAX_FRAME bytes (the connection is closed, code 1009)",
    "rate": "quick phrases too often, or too many tables created",
    "busy": "the server holds as many tables as it may",
    "no-table": "no table has that code",
    "damaged": "the table's kept record cannot be replayed (the server serves the others)",
    "table-full": "no open seat left",
    "bad-seat": "not a seat of the table, not an open one, or this connection holds a seat already",
    "bad-token": "the token is not the seat's",
    "not-joined": "the connection holds no seat",
    "not-started": "the table waits for its open seats to be taken",
    "not-your-turn": "the seat is not to act",
    "timed-out": "the seat's time ran out at a turn-based table: the server's AI plays it",
    "no-player": "the connection's hello said no player secret (mine, a resume without a token)",
    "illegal": "the rules refused the action (the message says why)",
    "not-kept": "the server could not keep the action, or a resumed seat's new token (its storage failed): not done",
    "stale": "the ply is not the table's (a state follows)",
    "undo": "no undo point for this seat (or no undo request it may make, or none awaiting its answer)",
    "not-creator": "only the table's creator (the seat that joined first) may give a seat to an AI",
    "not-person": "not a person's seat (an AI's, an open one, or one an AI plays already)",
    "seat-connected": "the seat's person is connected",
    "too-soon": "the seat has been away for less than STAND_IN_AFTER seconds (the message says how long)",
    "game-over": "the game has ended",
    "bad-game": "no game of that name",
    "bad-seats": "a seat kind unknown, a seat count outside the game's range, or no open seat",
    "bad-options": "the game refused the options, the names or the setup (or setups are not allowed)",
    "server": "an unexpected failure (logged; the table stays as it was)",
}


class ProtocolError(ValueError):
    """A message refused: ``code`` is one of :data:`ERRORS`, ``str()`` the English detail line;
    ``version``: a ``version`` error's version named (the refusal is sent in it), else None."""

    def __init__(self, code: str, message: str, version: int | None = None) -> None:
        assert code in ERRORS, code
        super().__init__(" ".join(message.splitlines())[:MAX_MESSAGE])
        self.code = code
        self.version = version


def version_line(server: Any, client: Any) -> str:
    """The one line refusing another version (``"this server speaks protocol 2; your Tatami speaks
    1: update Tatami"``; a newer client is told the server needs the update)."""
    if isinstance(client, int) and not isinstance(client, bool) and isinstance(server, int):
        advice = "update Tatami" if client < server else "this server needs an update"
        return f"this server speaks protocol {server}; your Tatami speaks {client}: {advice}"
    return f"this server speaks protocol {server}; the message names version {str(client)[:20]!r}"


# -- names ------------------------------------------------------------------------------------------
def new_table_code() -> str:
    """A fresh table code: :data:`CODE_LENGTH` characters of :data:`CODE_ALPHABET` from ``secrets``."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(text: str) -> str | None:
    """A table code as typed (``"abcde-fghjk"``, spaces and dashes ignored, any case) in its
    canonical form, or None when it cannot be a code."""
    code = re.sub(r"[\s-]", "", text).upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        return None
    return code


def shown_code(code: str) -> str:
    """A code grouped for people: ``"ABCDE-FGHJK"``."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


def new_token() -> str:
    """A fresh seat token: 32 url-safe characters (``secrets.token_urlsafe(24)``, 192 bits)."""
    return secrets.token_urlsafe(24)


def decode(raw: str | bytes, side: str = "client") -> dict[str, Any]:
    """One received frame as a checked message.

    Args:
        raw: the frame's text (bytes are read as UTF-8).
        side: who sent it: ``"client"`` (the server checks against :data:`CLIENT_FIELDS`) or
            ``"server"`` (a client checks against :data:`SERVER_FIELDS`).
    Returns:
        The message as a dict (strings cleaned, see :func:`game.safejson.loads`).
    Raises:
        ProtocolError: ``too-big`` (over :data:`MAX_FRAME` bytes, client side only),
            ``malformed``, ``version``, ``unknown-type`` — see :func:`validate`."""
    if side == "client" and len(raw) * (4 if isinstance(raw, str) else 1) > MAX_FRAME:
        size = len(raw.encode("utf-8", "surrogatepass")) if isinstance(raw, str) else len(raw)
        if size > MAX_FRAME:
            raise ProtocolError("too-big", f"a frame of {size} bytes (at most {MAX_FRAME})")
    try:
        message = loads_frame(raw, MAX_FRAME)
    except JsonFileError as exc:
        raise ProtocolError("malformed", f"not JSON: {exc}") from None
    validate(message, side)
    return message


# -- validation -------------------------------------------------------------------------------------
Check = Callable[[Any], bool]


def _int(lo: int, hi: int) -> Check:
    return lambda v: isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def _str(lo: int, hi: int) -> Check:
    return lambda v: isinstance(v, str) and lo <= len(v) <= hi


def _one_of(values: Sequence[str]) -> Check:
    return lambda v: isinstance(v, str) and v in values


def _list(item: Check, lo: int, hi: int) -> Check:
    return lambda v: isinstance(v, list) and lo <= len(v) <= hi and all(item(x) for x in v)


def _nullable(check: Check) -> Check:
    return lambda v: v is None or check(v)


def _is_bool(v: Any) -> bool:
    return isinstance(v, bool)


def _is_dict(v: Any) -> bool:
    return isinstance(v, dict)


def _option_value(v: Any) -> bool:
    scalar = isinstance(v, (str, int, float, bool)) and not (isinstance(v, str) and len(v) > MAX_ACTION)
    return scalar or v is None or _list(_str(0, MAX_ACTION), 0, MAX_OPTIONS)(v)


def _options(v: Any) -> bool:
    return (isinstance(v, dict) and len(v) <= MAX_OPTIONS
            and all(_str(1, 32)(k) and _option_value(x) for k, x in v.items()))


_PLY = _int(0, 1_000_000)
_SEAT = _int(0, 15)
_NAME = _str(1, MAX_NAME)
_TABLE = _str(1, 2 * CODE_LENGTH)  # as typed; normalize_code decides

#: Client message type -> {field: (check, required)} (``v`` and ``type`` apart).
CLIENT_FIELDS: Mapping[str, Mapping[str, tuple[Check, bool]]] = {
    "hello": {"client": (_str(0, MAX_CLIENT), True), "player": (_str(16, MAX_TOKEN), False)},
    "create": {"game": (_str(1, 32), True), "seats": (_list(_one_of(SEAT_KINDS), 1, 16), True),
               "options": (_options, False), "names": (_list(_nullable(_NAME), 1, 16), False),
               "setup": (_is_dict, False), "clock": (_is_dict, False)},
    "join": {"table": (_TABLE, True), "name": (_NAME, True), "seat": (_SEAT, False)},
    "resume": {"table": (_TABLE, True), "seat": (_SEAT, True), "token": (_str(1, MAX_TOKEN), False)},
    "mine": {},
    "act": {"action": (_str(1, MAX_ACTION), True), "ply": (_PLY, True)},
    "undo": {"ply": (_PLY, True)},
    "undo-ask": {"ply": (_PLY, True)},
    "undo-answer": {"accept": (_is_bool, True)},
    "say": {"phrase": (_one_of(PHRASES), True)},
    "stand_in": {"seat": (_SEAT, True), "level": (_one_of(STAND_IN_LEVELS), True)},
    "leave": {},
}

_SEAT_LIST = _list(_is_dict, 1, 16)
_CHOSEN = _nullable(_str(1, MAX_ACTION))
#: ``actions``: entries ``{"seat": S, "action": notation or null}`` and nothing else.
_ACTIONS = _list(lambda v: _is_dict(v) and len(v) == 2 and _SEAT(v.get("seat")) and _CHOSEN(v.get("action", 0)),
                 0, 1_000_000)
#: Why a ``state`` / an ``update`` was sent (its ``cause``).
STATE_CAUSES, UPDATE_CAUSES = ("sit", "undo", "stale"), ("act", "start", "stand-in", "flags", "timeout")
#: Why an undo request ended unmade (``undo-answered``'s ``why``).
UNDO_ENDS = ("refused", "timeout", "moved", "away")
#: Server message type -> {field: (check, required)}: the envelope a client may rely on (the
#: contents of views and events are the games' to check, ``Game.view_from_json``).
SERVER_FIELDS: Mapping[str, Mapping[str, tuple[Check, bool]]] = {
    "welcome": {"server": (_str(0, MAX_CLIENT), True), "games": (_list(_str(1, 32), 0, 64), True),
                "phrases": (_list(_str(1, 32), 0, 64), True)},
    "created": {"table": (_TABLE, True)},
    "joined": {"table": (_TABLE, True), "seat": (_SEAT, True), "token": (_str(1, MAX_TOKEN), True),
               "game": (_str(1, 32), True), "seats": (_SEAT_LIST, True)},
    "state": {"table": (_TABLE, True), "game": (_str(1, 32), True), "seat": (_SEAT, True),
              "seats": (_SEAT_LIST, True), "ply": (_PLY, True), "decision": (_PLY, True),
              "event_count": (_PLY, True),
              "events": (_list(_is_dict, 0, 1_000_000), True), "view": (_is_dict, True),
              "to_act": (_list(_SEAT, 0, 16), True), "legal": (_list(_str(1, MAX_ACTION), 0, 100_000), True),
              "over": (_is_bool, True), "started": (_is_bool, True), "undo": (_is_bool, False),
              "outcome": (_is_dict, False), "record": (_is_dict, False), "actions": (_ACTIONS, True),
              "cause": (_one_of(STATE_CAUSES), True), "undo_ask": (_is_bool, False), "by": (_SEAT, False),
              "clock": (_is_dict, False), "ended": (_is_dict, False)},
    "update": {"ply": (_PLY, True), "decision": (_PLY, True), "event_count": (_PLY, True),
               "actions": (_ACTIONS, True), "cause": (_one_of(UPDATE_CAUSES), True),
               "events": (_list(_is_dict, 0, 1_000_000), True),
               "view": (_is_dict, True), "to_act": (_list(_SEAT, 0, 16), True),
               "legal": (_list(_str(1, MAX_ACTION), 0, 100_000), True), "over": (_is_bool, True),
               "started": (_is_bool, True), "undo": (_is_bool, False), "outcome": (_is_dict, False),
               "record": (_is_dict, False), "undo_ask": (_is_bool, False), "clock": (_is_dict, False),
               "ended": (_is_dict, False)},
    "undo-asked": {"seat": (_SEAT, True), "ply": (_PLY, True), "waiting": (_list(_SEAT, 1, 16), True),
                   "seconds": (lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 3600,
                               True)},
    "undo-answered": {"asked": (_SEAT, True), "accepted": (_is_bool, True), "why": (_one_of(UNDO_ENDS), True),
                      "seat": (_SEAT, False)},
    "lobby": {"seats": (_SEAT_LIST, True), "started": (_is_bool, True)},
    "said": {"seat": (_SEAT, True), "phrase": (_str(1, 32), True)},
    "timeout": {"seat": (_SEAT, True), "then": (_one_of(("ai", "end")), True)},
    "tables": {"tables": (_list(_is_dict, 0, 1000), True)},
    "error": {"code": (_str(1, 32), True), "message": (_str(0, MAX_MESSAGE), True)},
}


def validate(message: Any, side: str = "client") -> None:
    """Check a parsed message against its type's fields.

    Raises:
        ProtocolError: ``malformed`` (not an object, no ``v``, no string ``type``, a field missing,
            unknown, of the wrong type or out of bounds), ``version`` (``v`` is not
            :data:`VERSION`: :func:`version_line`), ``unknown-type``. A server's ``error`` is read
            whatever its version (every version's shape): a refusal of the client's reaches it."""
    if not isinstance(message, dict):
        raise ProtocolError("malformed", "a message is a JSON object")
    if "v" not in message:
        raise ProtocolError("malformed", "a message has a 'v' (the protocol version)")
    version = message.get("v")
    if not _PLY(version) or version != VERSION and not (side == "server" and message.get("type") == "error"):
        server, client = (VERSION, version) if side == "client" else (version, VERSION)
        raise ProtocolError("version", version_line(server, client), version if _PLY(version) else None)
    kind = message.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("malformed", "a message has a string 'type'")
    table = CLIENT_FIELDS if side == "client" else SERVER_FIELDS
    fields = table.get(kind)
    if fields is None:
        raise ProtocolError("unknown-type", f"no message type {kind[:32]!r}")
    for name, value in message.items():
        if name in ("v", "type"):
            continue
        spec = fields.get(name)
        if spec is None:
            raise ProtocolError("malformed", f"{kind}: no field {str(name)[:32]!r}")
        if not spec[0](value):
            raise ProtocolError("malformed", f"{kind}: field {name!r} is of the wrong type or out of bounds")
    for name, (_check, required) in fields.items():
        if required and name not in message:
            raise ProtocolError("malformed", f"{kind}: field {name!r} is missing")


# -- builders ---------------------------------------------------------------------------------------
def message(kind: str, **fields: Any) -> dict[str, Any]:
    """``{"v": VERSION, "type": kind, **fields}`` (fields whose value is None left out)."""
    out: dict[str, Any] = {"v": VERSION, "type": kind}
    out.update({k: v for k, v in fields.items() if v is not None})
    return out


def error(code: str, text: str, version: int | None = None) -> dict[str, Any]:
    """An ``error`` message (``code`` one of :data:`ERRORS`; ``text`` cut to one line of
    :data:`MAX_MESSAGE` characters), its ``v`` ``version`` when given (the refusal of another
    version is sent in that version, which every version's client reads), else :data:`VERSION`."""
    assert code in ERRORS, code
    out = message("error", code=code, message=" ".join(text.splitlines())[:MAX_MESSAGE])
    return out if version is None else {**out, "v": version}


def hello(client: str, player: str | None = None) -> dict[str, Any]:
    """A ``hello`` naming the client (cut to :data:`MAX_CLIENT` characters) and, when given, the
    player's secret (16 to :data:`MAX_TOKEN` characters: the seats it takes are this player's;
    ``mine`` lists them; ``resume`` without a token takes one back)."""
    extra = {"player": player} if player is not None else {}
    return message("hello", client=client[:MAX_CLIENT], **extra)


def create(game: str, seats: Sequence[str], options: Mapping[str, Any] | None = None,
           names: Sequence[str | None] | None = None, clock: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A ``create``: ``seats`` one kind per seat (:data:`SEAT_KINDS`); ``clock`` a turn-based
    table's (``{"allowance": s, "per_move": s, "on_timeout": "ai" | "end"}``: game/net/clock.py),
    None for a real-time table."""
    extra = {"clock": dict(clock)} if clock is not None else {}
    return message("create", game=game, seats=list(seats), options=dict(options) if options else None,
                   names=list(names) if names is not None else None, **extra)


def join(table: str, name: str, seat: int | None = None) -> dict[str, Any]:
    """A ``join`` of ``table`` as ``name`` (the first open seat, or ``seat``)."""
    return message("join", table=table, name=name, seat=seat)


def resume(table: str, seat: int, token: str | None) -> dict[str, Any]:
    """A ``resume`` of ``seat`` with its token, or without one (None: the player the
    connection's ``hello`` named took the seat)."""
    extra = {"token": token} if token is not None else {}
    return message("resume", table=table, seat=seat, **extra)


def act(action: str, ply: int) -> dict[str, Any]:
    """An ``act``: ``action`` in notation, ``ply`` the last one the client saw."""
    return message("act", action=action, ply=ply)


def undo(ply: int) -> dict[str, Any]:
    """An ``undo`` asked at ``ply``."""
    return message("undo", ply=ply)


def undo_ask(ply: int) -> dict[str, Any]:
    """An ``undo-ask`` (a request the other people answer) made at ``ply``."""
    return message("undo-ask", ply=ply)


def undo_answer(accept: bool) -> dict[str, Any]:
    """An ``undo-answer``: accepting (True) or refusing the request waiting."""
    return message("undo-answer", accept=accept)


def say(phrase: str) -> dict[str, Any]:
    """A ``say`` of one of :data:`PHRASES`."""
    return message("say", phrase=phrase)


def stand_in(seat: int, level: str) -> dict[str, Any]:
    """A ``stand_in``: the table's creator gives dropped seat ``seat`` to the AI ``level`` (one of
    :data:`STAND_IN_LEVELS`)."""
    return message("stand_in", seat=seat, level=level)


def leave() -> dict[str, Any]:
    """A ``leave``."""
    return message("leave")


__all__ = [
    "BURST", "CLIENT_FIELDS", "CLOSE_GOING_AWAY", "CLOSE_MOVED", "CLOSE_POLICY", "CLOSE_REPLACED", "CLOSE_TOO_BIG", "CLOSE_TRY_LATER",
    "CODE_ALPHABET", "CODE_LENGTH", "ERRORS", "ERROR_WINDOW_S", "MAX_ERRORS", "MAX_FRAME", "MAX_NAME",
    "OPEN", "PERSON", "PHRASES", "RATE", "SEAT_KINDS", "SERVER_FIELDS", "STAND_IN_AFTER", "STAND_IN_LEVELS",
    "STATE_CAUSES", "UNDO_ENDS", "UPDATE_CAUSES", "VERSION", "Encoded", "ProtocolError", "act", "create", "decode", "encode",
    "encode_value", "encode_with", "error", "hello", "join", "leave", "message", "new_table_code", "new_token",
    "normalize_code", "resume", "say", "shown_code", "stand_in", "undo", "undo_answer", "undo_ask", "validate",
    "version_line",
]
