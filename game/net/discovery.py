"""Tables on the local network (issue 24 §1-2): announced and found with multicast DNS.

A hosted table is announced as a ``_tatami._tcp.local.`` service (the well-kept ``zeroconf``
library, IPv4 only), one service instance per table, named by its table code. Its TXT record
(every value a short text; see :data:`TXT_KEYS`):

    ``code``  the table code (``protocol.CODE_ALPHABET``, ``protocol.CODE_LENGTH`` characters)
    ``game``  the game's registered name (``kaito``, ``sushi``, ...)
    ``open``  seats still open to friends (int, 0 <= open <= seats)
    ``seats`` seats at the table (int, 1..16)
    ``host``  the host player's name (1..``protocol.MAX_NAME`` characters)
    ``v``     the protocol version the host speaks (``protocol.VERSION``)

and its address records are the host's IPv4 addresses, its port the server's TCP port.

:class:`Announcer` announces one table (``update`` when its open seats change, ``close`` says
goodbye); :class:`Browser` collects the tables announced by others, which the app's join screen
polls with :meth:`Browser.tables` (a list of :class:`Found`) once a frame. Both are thread-safe
and never block their caller for the network: the announcer's registration (about a second of
probing) runs in its own thread, the browser's lookups in zeroconf's.

**Switched off unless enabled.** Nothing here sends or receives a packet when
``game.environ.lan()`` is False (``TATAMI_LAN=off``: the tests, checks and ``python3 dev.py`` set
it): an announcer or browser made then is inert (``active`` False, no socket opened, ``tables()``
empty). ``interfaces`` keeps zeroconf to the given IPv4 addresses' interfaces (the test uses
``["127.0.0.1"]`` inside a network namespace of its own); by default every interface.

Headless: never imports pygame. Errors from the network (no interface, multicast refused) never
raise into the app: they are logged and left in ``error``; the object stays inert.
"""

from __future__ import annotations

import ipaddress
import logging
import queue
import socket
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import environ
from . import protocol

log = logging.getLogger("tatami.net.discovery")

#: The DNS-SD service type of a Tatami table.
SERVICE_TYPE = "_tatami._tcp.local."
#: The TXT record's keys, in the order they are written.
TXT_KEYS = ("code", "game", "open", "seats", "host", "v")
#: A game's name on the wire: at most this many characters, lower-case letters, digits, ``_``.
MAX_GAME = 32
#: Seats at a table, at most (as ``protocol``'s seat numbers 0..15).
MAX_SEATS = 16
#: How long a lookup of an announced table's records may take, ms.
LOOKUP_MS = 3000
#: How long :meth:`Announcer.close` waits for its goodbye by default, s.
CLOSE_WAIT_S = 5.0


def enabled() -> bool:
    """Whether LAN discovery may use the network at all (``TATAMI_LAN``; see the module doc)."""
    return environ.lan()


@dataclass(frozen=True)
class Found:
    """One table announced on the local network, as its TXT record and addresses tell it.

    ``addresses`` are IPv4 addresses as dotted text (at least one), ``port`` the server's TCP
    port (1..65535); ``version`` the protocol version the host speaks (compare with
    :attr:`compatible`)."""

    code: str
    game: str
    open_seats: int
    seats: int
    host: str
    version: int
    addresses: tuple[str, ...]
    port: int

    @property
    def url(self) -> str:
        """``ws://ADDRESS:PORT`` of the first address, for :class:`game.net.client.Client`."""
        return f"ws://{self.addresses[0]}:{self.port}"

    @property
    def compatible(self) -> bool:
        """True when the host speaks this Tatami's protocol version."""
        return self.version == protocol.VERSION


def txt_record(code: str, game: str, open_seats: int, seats: int, host: str) -> dict[str, str]:
    """The TXT record of a table (keys :data:`TXT_KEYS`), its values as text.

    Raises ``ValueError`` when a field is out of its bounds (module doc)."""
    fields = {"code": code, "game": game, "open": str(open_seats), "seats": str(seats), "host": host,
              "v": str(protocol.VERSION)}
    if parse_txt(fields) is None:
        raise ValueError(f"not a table to announce: {fields!r}")
    return fields


def parse_txt(properties: Mapping[Any, Any]) -> dict[str, Any] | None:
    """A TXT record's fields checked (keys and values as bytes or text, as zeroconf gives them):
    ``{"code", "game", "open_seats", "seats", "host", "version"}``, or None when anything is
    missing, malformed or out of bounds (a record from the network is never trusted)."""
    text: dict[str, str] = {}
    for key, value in properties.items():
        try:
            k = key.decode("utf-8") if isinstance(key, bytes) else str(key)
            v = value.decode("utf-8") if isinstance(value, bytes) else value
        except UnicodeDecodeError:
            return None
        if isinstance(v, str):
            text[k] = v
    if any(k not in text for k in TXT_KEYS):
        return None
    code = protocol.normalize_code(text["code"])
    game = text["game"]
    host = text["host"].strip()
    if code is None or code != text["code"]:
        return None
    if not (0 < len(game) <= MAX_GAME and all(c.isascii() and (c.isalnum() or c == "_") for c in game)):
        return None
    if not (0 < len(host) <= protocol.MAX_NAME and host.isprintable()):
        return None
    nums = []
    for key in ("open", "seats", "v"):
        raw = text[key]
        if not (raw.isascii() and raw.isdigit() and len(raw) <= 6):
            return None
        nums.append(int(raw))
    open_seats, seats, version = nums
    if not (1 <= seats <= MAX_SEATS and 0 <= open_seats <= seats):
        return None
    return {"code": code, "game": game.lower(), "open_seats": open_seats, "seats": seats, "host": host,
            "version": version}


def _ipv4(addresses: Sequence[str]) -> list[str]:
    """The IPv4 addresses among ``addresses`` (dotted text), in order, without repeats."""
    out: list[str] = []
    for a in addresses:
        try:
            ip = ipaddress.ip_address(a)
        except ValueError:
            continue
        if ip.version == 4 and a not in out:
            out.append(a)
    return out


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses friends on the local network may reach (no loopback, no
    link-local), through ``ifaddr`` (zeroconf's own dependency; every OS)."""
    import ifaddr

    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if ip.is_IPv4 and isinstance(ip.ip, str):
                addr = ipaddress.ip_address(ip.ip)
                if not (addr.is_loopback or addr.is_link_local) and ip.ip not in found:
                    found.append(ip.ip)
    return found


def library() -> str:
    """The LAN discovery library as this app runs it, ``"zeroconf 0.147.0 (Python)"`` (or
    ``"(compiled)"`` where its Cython twins are used: from source; a bundle carries the Python ones,
    build.spec), after importing every part Tatami uses and describing a table without any socket
    (the self-test's check that a bundle carries it whole). Raises ImportError (a part missing) or
    zeroconf's errors."""
    import importlib.machinery

    import zeroconf
    from zeroconf import InterfaceChoice, IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange  # noqa: F401
    from zeroconf import _dns

    ServiceInfo(SERVICE_TYPE, f"SELFTEST.{SERVICE_TYPE}", port=8765, properties={"v": "1"},
                addresses=[socket.inet_aton("127.0.0.1")], server="tatami-selftest.local.")
    compiled = str(getattr(_dns, "__file__", "") or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    return f"zeroconf {getattr(zeroconf, '__version__', '?')} ({'compiled' if compiled else 'Python'})"


def _zeroconf(interfaces: Sequence[str] | None) -> Any:
    """A started ``Zeroconf`` on ``interfaces`` (IPv4 addresses) or every interface, IPv4 only.
    Raises ``OSError`` (or zeroconf's errors) when its sockets cannot be made."""
    from zeroconf import InterfaceChoice, IPVersion, Zeroconf

    chosen: Any = list(interfaces) if interfaces is not None else InterfaceChoice.All
    return Zeroconf(interfaces=chosen, ip_version=IPVersion.V4Only)


class Announcer:
    """Announces one hosted table on the local network until :meth:`close`.

    ``code`` (a table code), ``game`` (a registered game's name), ``port`` (the server's TCP
    port, 1..65535), ``open_seats``/``seats`` and ``host`` (the host player's name) make the TXT
    record (module doc); ``addresses`` the IPv4 addresses announced (default: those of
    ``interfaces`` when given, else :func:`local_addresses`), ``interfaces`` the IPv4 addresses
    whose interfaces zeroconf uses (default: all). Raises ``ValueError`` for a field out of its
    bounds. The announcement starts at once in a thread of its own; ``error`` holds why it could
    not (None while all is well)."""

    def __init__(self, code: str, game: str, port: int, *, open_seats: int, seats: int, host: str,
                 addresses: Sequence[str] | None = None, interfaces: Sequence[str] | None = None) -> None:
        if not 0 < port < 65536:
            raise ValueError(f"not a TCP port: {port!r}")
        self.code = code
        self.port = port
        self.interfaces = list(interfaces) if interfaces is not None else None
        self._txt = txt_record(code, game, open_seats, seats, host)
        self._given = _ipv4(addresses) if addresses is not None else None
        self.error: str | None = None
        self.active = enabled()
        self._jobs: queue.Queue[dict[str, str] | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        if self.active:
            self._thread = threading.Thread(target=self._run, name=f"tatami-announce-{code}", daemon=True)
            self._thread.start()

    def update(self, *, open_seats: int, seats: int | None = None, host: str | None = None) -> None:
        """Announce the table's open seats (and seats, host name) anew. Raises ``ValueError`` out of
        bounds. Does nothing on an inert or closed announcer."""
        txt = txt_record(self.code, self._txt["game"], open_seats,
                         int(self._txt["seats"]) if seats is None else seats,
                         self._txt["host"] if host is None else host)
        self._txt = txt
        if self.active:
            self._jobs.put(dict(txt))

    def close(self, wait: float = CLOSE_WAIT_S) -> None:
        """Say goodbye (the browsers drop the table) and stop, waiting up to ``wait`` seconds for it
        (0: do not wait; the goodbye still goes out). Idempotent."""
        if self.active:
            self.active = False
            self._jobs.put(None)
        if self._thread is not None and wait > 0:
            self._thread.join(wait)

    def _info(self, txt: Mapping[str, str], addresses: Sequence[str]) -> Any:
        from zeroconf import ServiceInfo

        return ServiceInfo(SERVICE_TYPE, f"{self.code}.{SERVICE_TYPE}", port=self.port, properties=dict(txt),
                           addresses=[socket.inet_aton(a) for a in addresses],
                           server=f"tatami-{self.code.lower()}.local.")

    def _run(self) -> None:
        zc = None
        info = None
        try:
            addresses = self._given
            if addresses is None:
                addresses = _ipv4(self.interfaces) if self.interfaces is not None else local_addresses()
            if not addresses:
                raise OSError("no IPv4 address to announce")
            zc = _zeroconf(self.interfaces)
            info = self._info(self._txt, addresses)
            zc.register_service(info, allow_name_change=True)
            log.debug("announced table %s on %s:%d", self.code, addresses, self.port)
            while True:
                txt = self._jobs.get()
                if txt is None:
                    break
                while not self._jobs.empty():  # only the newest update matters
                    txt = self._jobs.get()
                    if txt is None:
                        break
                if txt is None:
                    break
                info = self._info(txt, addresses)
                zc.update_service(info)
        except Exception as exc:  # the network's errors never reach the app
            self.error = f"{type(exc).__name__}: {exc}"
            log.warning("cannot announce table %s: %s", self.code, self.error)
        finally:
            if zc is not None:
                try:
                    if info is not None and self.error is None:
                        zc.unregister_service(info)
                finally:
                    zc.close()
            self.active = False


class Browser:
    """Finds the Tatami tables announced on the local network.

    :meth:`start` begins browsing (inert when LAN discovery is off), :meth:`tables` is what has
    been found so far, :meth:`close` stops. ``interfaces``: the IPv4 addresses whose interfaces
    zeroconf uses (default: all). ``error`` holds why browsing could not start (None otherwise)."""

    def __init__(self, interfaces: Sequence[str] | None = None) -> None:
        self.interfaces = list(interfaces) if interfaces is not None else None
        self.error: str | None = None
        self._lock = threading.Lock()
        self._found: dict[str, Found] = {}
        self._zc: Any = None
        self._browser: Any = None
        self._open = False  # found tables are kept only while True

    @property
    def active(self) -> bool:
        """True while browsing."""
        return self._browser is not None

    def start(self) -> None:
        """Start browsing (does nothing when LAN discovery is off or already started). Never raises
        for the network: a failure is logged and kept in ``error``."""
        if self._zc is not None or not enabled():
            return
        try:
            from zeroconf import ServiceBrowser

            self._zc = _zeroconf(self.interfaces)
            self._open = True
            self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[self._changed])
        except Exception as exc:
            self.error = f"{type(exc).__name__}: {exc}"
            log.warning("cannot look for tables on the local network: %s", self.error)
            self.close()

    def tables(self) -> list[Found]:
        """The tables announced now, by host name then code (a new list; safe from any thread)."""
        with self._lock:
            return sorted(self._found.values(), key=lambda f: (f.host.casefold(), f.code))

    def close(self) -> None:
        """Stop browsing and forget what was found. Idempotent."""
        browser, zc = self._browser, self._zc
        self._browser = self._zc = None
        self._open = False
        try:
            if browser is not None:
                browser.cancel()
        finally:
            if zc is not None:
                zc.close()
            with self._lock:
                self._found.clear()

    def _changed(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        """zeroconf's handler (its browser thread): look the service up, or drop it."""
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        try:
            info = zeroconf.get_service_info(service_type, name, LOOKUP_MS)
        except Exception as exc:  # a closing zeroconf, a malformed name
            log.debug("lookup of %s failed: %s", name, exc)
            return
        found = found_from(info) if info is not None else None
        with self._lock:
            if found is None:
                self._found.pop(name, None)
            elif self._open:
                self._found[name] = found


def found_from(info: Any) -> Found | None:
    """A :class:`Found` from a zeroconf ``ServiceInfo`` (its ``properties``, ``port`` and
    ``parsed_addresses()``), or None when its TXT record, port or addresses are unfit."""
    fields = parse_txt(info.properties or {})
    addresses = _ipv4(info.parsed_addresses())
    port = info.port
    if fields is None or not addresses or not isinstance(port, int) or not 0 < port < 65536:
        return None
    return Found(addresses=tuple(addresses), port=port, **fields)
