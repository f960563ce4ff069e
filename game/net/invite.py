"""An invite: one text that carries a table's server address and code (issue 33, item 3), so a
friend who pastes it joins first time, wherever the host's server listens.

The lobby shows it (and copies it); the join screen takes it whole in its code or address field,
typed or pasted. Forms read (any case, spaces ignored around it):

* ``ws://192.168.1.20:43903/ABCDE-FGHJK`` (what the lobby gives; ``wss://`` too),
* ``tatami://192.168.1.20:43903/ABCDE-FGHJK`` (a link: the same over ``ws://``),
* ``192.168.1.20:43903/ABCDE-FGHJK`` (no scheme: ``ws://``),
* a code alone (``ABCDE-FGHJK``), or an address alone (``ws://host:port``).
"""
from __future__ import annotations

import re

from .protocol import normalize_code, shown_code

#: A server address and an optional code after its last slash.
_INVITE = re.compile(r"^(?:(?P<scheme>wss?|tatami)://)?(?P<host>\[[0-9a-fA-F:.]+\]|[^\s/\[\]]+?)(?::(?P<port>\d{1,5}))?"
                     r"(?:/(?P<code>[^/]*))?$")


def invite_text(url: str, code: str) -> str:
    """The invite of table ``code`` on the server at ``url`` (``ws://HOST:PORT``):
    ``"ws://HOST:PORT/ABCDE-FGHJK"``."""
    return f"{url.rstrip('/')}/{shown_code(code)}"


def table_url(url: str, code: str) -> str:
    """Where a seat of table ``code`` connects on the server at ``url``: ``url`` with the code
    (canonical, ``"ws://HOST:PORT/ABCDEFGHJK"``). A lone server ignores the path; several behind
    deploy/haproxy.cfg are reached by it, so every seat of a table meets at one process and none
    is forwarded (docs/SERVER.md, "Several processes")."""
    return f"{url.rstrip('/')}/{normalize_code(code) or code}"


def server_of(url: str) -> str:
    """The server's address of a :func:`table_url` (``url`` itself when it names no table)."""
    base, _sep, last = url.rstrip("/").rpartition("/")
    return base if base.rstrip(":/") and "://" in base and normalize_code(last) is not None else url


def parse_invite(text: str) -> tuple[str | None, str | None]:
    """``(server address, table code)`` read from ``text`` (see the module doc); either is None
    when the text does not give it (a code alone: no address; an address alone: no code;
    anything else: neither). The address is ``ws://HOST[:PORT]`` (``wss://`` kept); the code
    canonical (:func:`game.net.protocol.normalize_code`)."""
    text = text.strip()
    code = normalize_code(text)
    if code is not None:
        return None, code
    m = _INVITE.match(text)
    if m is None or (m["scheme"] is None and m["port"] is None):
        return None, None  # (a bare word is neither an address nor a code)
    if m["port"] is not None and not 0 < int(m["port"]) < 65536:
        return None, None
    scheme = "wss" if m["scheme"] == "wss" else "ws"
    url = f"{scheme}://{m['host']}" + (f":{m['port']}" if m["port"] else "")
    given = m["code"]
    if given:
        code = normalize_code(given)
        if code is None:
            return None, None
    return url, code


__all__ = ["invite_text", "parse_invite", "server_of", "table_url"]
