"""The AI process (headless, never imports pygame): the spawned process that runs the bots, and
the app's handle on it. :class:`game.worker.AIWorker` decides what runs where; this module only
starts, talks to and ends one process.

The process (:func:`process_main`) is started with an explicit ``"spawn"`` context (the same on
Linux, Windows and macOS, and no ``fork()`` of a process running SDL's threads), as a daemon at a
lower scheduling priority (:data:`AI_PROCESS_NICE`), and imports only ``game.ai``. The pipe's
messages:

* in: ``("choose", token, key, recipe | None, view_pickle)`` — ``key`` names a bot the child keeps
  (its RNG state and tables persist across moves), ``recipe`` (game, level, the ``random.Random``
  state, the game's package: the child registers a game registered at run time in the app) is sent
  with a key's first request only; ``("close",)``;
* out: ``("hello", pid, pygame_loaded, import_ms)`` once, then ``("result", token, action | None,
  error_text | None, think_ms)`` per request.

:class:`AIProcess` is the parent's side (created and used on the UI thread): it sends, receives
without blocking, and ends the process (terminated and reaped; also at interpreter exit). If the
app is killed, the child exits by itself once the app's end of the pipe is gone.
"""
from __future__ import annotations

import atexit
import contextlib
import logging
import os
import pickle
import random
import sys
import time
import types
import weakref
from typing import Any, Callable, Iterator

from . import system

log = logging.getLogger("tatami.ai")

#: How long :meth:`AIProcess.close` waits for the terminated process to be reaped, s.
CLOSE_JOIN_S = 2.0
#: Scheduling priority of the AI process: nice value on POSIX (0: unchanged), below-normal
#: priority class on Windows when > 0. On a machine whose cores are all busy the UI thread then
#: wins over the AI's start-up and search (the search only gets fewer nodes in its time budget).
AI_PROCESS_NICE = 5


def process_main(conn: Any, nice: int = 0) -> None:
    """Body of the AI process: build bots from recipes and answer ``choose`` requests.

    Messages in: ``("choose", token, key, recipe | None, view_pickle)``, ``("close",)``.
    Messages out: ``("hello", pid, pygame_loaded, import_ms)`` once, then
    ``("result", token, action | None, error_text | None, think_ms)`` per request.
    Ends on ``close``, or when the app's end of the pipe is gone (app exited or crashed)."""
    t0 = time.perf_counter()
    if system.child_lowers_own_priority():
        system.lower_own_priority(nice)
    try:  # Ctrl-C in a terminal reaches the whole process group: the app decides, not us
        import signal

        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except (ImportError, ValueError, OSError):  # pragma: no cover - platform quirk
        pass
    import traceback

    make: Callable[..., Any] | None = None
    import_error = None
    try:
        from game.ai import make_bot

        make = make_bot
    except BaseException as exc:  # reported per request: the app falls back to random moves
        import_error = f"cannot import game.ai: {type(exc).__name__}: {exc}"
    bots: dict[Any, Any] = {}
    try:
        conn.send(("hello", os.getpid(), "pygame" in sys.modules, (time.perf_counter() - t0) * 1000.0))
        while True:
            try:
                msg = conn.recv()
            except (EOFError, OSError):
                return
            if not isinstance(msg, tuple) or not msg or msg[0] == "close":
                return
            if msg[0] != "choose":
                continue
            _, token, key, recipe, blob = msg
            t1 = time.perf_counter()
            action, error = None, None
            try:
                if import_error or make is None:
                    raise RuntimeError(import_error)
                view = pickle.loads(blob)
                bot = bots.get(key)
                if bot is None:
                    if recipe is None:
                        raise RuntimeError(f"unknown bot {key!r} and no recipe")
                    game_name, level, state, package = recipe
                    from game import registry

                    if game_name not in registry.REGISTRATIONS:  # registered at run time in the app
                        registry.register(package)
                    rng = random.Random()
                    rng.setstate(state)
                    bot = bots[key] = make(game_name, level, rng)
                action = bot.choose(view)
                if not isinstance(action, str):
                    error = f"the bot returned {action!r}, not an action string"
                    action = None
            except Exception as exc:
                error = "".join(traceback.format_exception(exc)).rstrip()
            conn.send(("result", token, action, error, (time.perf_counter() - t1) * 1000.0))
    except (EOFError, OSError, BrokenPipeError):
        return
    finally:
        with contextlib.suppress(Exception):
            conn.close()


@contextlib.contextmanager
def _main_module_hidden() -> Iterator[None]:
    """While starting the process, show ``multiprocessing`` a bare ``__main__``.

    "spawn" re-runs the app's main script in the child (as ``__mp_main__``) unless it is a
    package's ``__main__`` (``python -m scenes``). The ``tatami`` console script imports
    ``scenes.shell.app`` (pygame) at its top level and the worker needs nothing from ``__main__``, so
    the child is told there is no main script to re-run. (The frozen app's child is diverted by
    ``multiprocessing.freeze_support()`` in tatami_main.py before it imports anything.)"""
    saved = sys.modules.get("__main__")
    stub = types.ModuleType("__main__")
    stub.__spec__ = None
    sys.modules["__main__"] = stub
    try:
        yield
    finally:
        if saved is not None:
            sys.modules["__main__"] = saved
        else:  # pragma: no cover - there is always a __main__
            sys.modules.pop("__main__", None)


def _lower_priority(pid: int | None) -> None:
    """Lower the priority of the just started AI process (from the parent where the system allows
    it; on Windows the child does it itself, see :func:`process_main`). Best effort."""
    if AI_PROCESS_NICE:
        system.lower_child_priority(pid, AI_PROCESS_NICE)


_live_children: "weakref.WeakSet[AIProcess]" = weakref.WeakSet()
_atexit_registered = False


def _at_exit() -> None:
    """At interpreter exit: end the AI processes still running, then stop multiprocessing's
    resource tracker (a helper process that POSIX "spawn" starts; it would exit by itself once
    the app is gone, but reparented to a PID 1 that does not reap orphans it stays a zombie)."""
    for child in list(_live_children):
        child.close()
    tracker = getattr(sys.modules.get("multiprocessing.resource_tracker"), "_resource_tracker", None)
    stop = getattr(tracker, "_stop", None)
    if stop is not None:
        with contextlib.suppress(Exception):
            stop()


class AIProcess:
    """The parent's side of one AI process (created and used on the UI thread): starting it
    starts the process (it says hello ~50-100 ms later; nothing here waits for it).

    Args:
        clock: monotonic time source in seconds (for :attr:`ready_ms`).

    Attributes:
        pid: the process id. proc: the ``multiprocessing`` process.
        ready_ms: ms from the start to the child's hello, once received (None before).
        pygame_loaded: whether the child had imported pygame at its hello (it should not).
        known: the bot keys the child has a recipe for (the caller adds to it).

    Raises:
        Exception: (constructor) whatever ``multiprocessing`` raises when the process cannot be
            started (e.g. ``OSError``)."""

    def __init__(self, clock: Callable[[], float]):
        import multiprocessing

        global _atexit_registered
        if not _atexit_registered:
            atexit.register(_at_exit)
            _atexit_registered = True
        ctx = multiprocessing.get_context("spawn")
        self.clock = clock
        self.conn, child_conn = ctx.Pipe(duplex=True)
        self.proc = ctx.Process(target=process_main, args=(child_conn, AI_PROCESS_NICE), name="tatami-ai", daemon=True)
        self.started = clock()
        try:
            with _main_module_hidden():
                self.proc.start()
        except BaseException:
            self.conn.close()
            raise
        finally:
            child_conn.close()  # the child holds its own copy: EOF here when it dies
        self.pid = self.proc.pid
        _live_children.add(self)
        _lower_priority(self.pid)
        self.ready_ms: float | None = None  # start() -> the child's hello, ms
        self.pygame_loaded: bool | None = None
        self.known: set = set()  # bot keys the child has a recipe for
        self.closed = False

    def send(self, msg: tuple) -> None:
        """Send one message (module doc). Raises what the pipe raises when the process is gone
        (``OSError``, ``BrokenPipeError``) or the message cannot be pickled."""
        self.conn.send(msg)

    def receive(self) -> list[tuple]:
        """Every message that is waiting (never blocks). Raises EOFError / OSError when the
        process is gone."""
        out = []
        while self.conn.poll(0):
            msg = self.conn.recv()
            if isinstance(msg, tuple) and msg and msg[0] == "hello":
                self.ready_ms = (self.clock() - self.started) * 1000.0
                self.pygame_loaded = bool(msg[2])
                log.debug("AI process %s ready after %.0f ms (imports %.0f ms in the child)",
                          self.pid, self.ready_ms, msg[3])
                if self.pygame_loaded:
                    log.warning("the AI process %s imported pygame (it should not)", self.pid)
                continue
            out.append(msg)
        return out

    def exitcode(self) -> int | None:
        """The process's exit code once it has ended (waits at most 50 ms), else None."""
        with contextlib.suppress(Exception):
            self.proc.join(0.05)
            return self.proc.exitcode
        return None

    def close(self) -> None:
        """Terminate and reap the process (idempotent; safe from a finalizer). Terminating at
        once takes ~1-5 ms on the UI thread (asking an idle child to exit and waiting for it
        takes longer), and a search in progress is not worth waiting for."""
        if self.closed:
            return
        self.closed = True
        with contextlib.suppress(Exception):
            self.conn.close()  # the child sees EOF if it is still starting up
        try:
            if self.proc.is_alive():
                self.proc.terminate()
            self.proc.join(CLOSE_JOIN_S)
            if self.proc.is_alive():  # pragma: no cover - SIGTERM ignored?
                self.proc.kill()
                self.proc.join(CLOSE_JOIN_S)
            log.debug("AI process %s ended (exit code %s)", self.pid, self.proc.exitcode)
            self.proc.close()
        except Exception:  # pragma: no cover - never block quitting
            log.debug("error while ending the AI process %s", self.pid, exc_info=True)
