"""Run ``bot.choose(view)`` off the UI thread so the window keeps 60 FPS while an AI thinks.

Headless (never imports pygame): :class:`game.match.Match` owns one per game in progress and the
play scenes reach it through the Match. Direct use::

    bot = make_bot("kaito", "hard", random.Random(seed))   # a BotHandle (see below)
    worker = AIWorker(min_think_ms=600, prestart=True)      # prestart: spawn the process now
    worker.request(bot, state.view(seat))                   # never the state itself
    ...
    action = worker.poll()                                  # each frame: None until ready
    ...
    worker.cancel()                                         # new game: the answer is dropped
    worker.close()                                          # scene exit: also ends the process

Two ways to run a request (``mode``):

* ``"process"`` (the default, :data:`DEFAULT_MODE`, or ``TATAMI_AI_MODE=process|thread``): one
  persistent worker process per ``AIWorker``, started with an explicit ``"spawn"`` context (same
  on Linux, Windows and macOS, and no ``fork()`` of a process running SDL's threads). A
  pure-Python search in a thread holds the GIL most of the time and makes the UI thread's frames
  late; in a process it cannot. The process is started by :meth:`AIWorker.start` (or ``prestart``)
  or lazily by the first request; it only imports ``game.ai`` (never pygame). The process and
  its pipe are :mod:`game.aiprocess`'s (:class:`~game.aiprocess.AIProcess`, the child's loop
  :func:`~game.aiprocess.process_main`). Requests go over a ``Pipe`` as ``(token, bot key, bot
  recipe, pickled view)``; the bot is built in the child from its recipe (game, level and the state of its
  seeded ``random.Random``) on its first request and kept there per (game, level, seat, bot), so
  its RNG state and transposition table persist across moves exactly as in-process. ``poll()``
  reads answers with a zero-timeout ``Connection.poll`` (never blocks). Only :class:`BotHandle`
  bots (what :func:`make_bot` returns) go to the process; any other bot object (tests inject
  plain Python bots) runs in a thread as below.
* ``"thread"``: each request runs in its own daemon thread (a bot that never returns cannot keep
  the app alive at exit). While a thread request is pending the interpreter's switch interval is
  lowered to ``GIL_SWITCH_S`` (1 ms instead of 5 ms) so the UI thread gets the GIL back sooner.

If the process cannot be started, or dies, or a request cannot be pickled, the worker logs one
line (logger ``"tatami.ai"``) and runs the request (and, after a start failure or a death, every
later one) in a thread instead: a game never hangs. Answers of cancelled or superseded requests
are ignored. A bot that raises, or returns something that is not one of ``view.legal_actions``,
or takes longer than ``timeout_ms``, is logged and replaced by a random legal action (a process
that timed out is ended; the next request starts a fresh one). ``min_think_ms`` is the minimum
time between ``request`` and the answer becoming visible through ``poll`` so AI moves are not
instant (use 0 in tests / self-test fast mode).

``close()`` (or garbage collection, or interpreter exit) terminates and reaps the process; it
is also a daemon process, and if the app is killed it exits by itself once the app's end of the
pipe is gone (at the latest after its current search). It runs at a slightly lower scheduling
priority (:data:`~game.aiprocess.AI_PROCESS_NICE`) so that on a machine whose cores are all busy the UI wins.
Debugging: ``TATAMI_LOG=debug`` logs the process start, its start-up time and every answer.
"""
from __future__ import annotations

import itertools
import logging
import pickle
import random
import sys
import threading
import time
import weakref
from typing import Any, Callable

from . import ai as game_ai
from . import environ, registry
from .aiprocess import AI_PROCESS_NICE, CLOSE_JOIN_S, AIProcess  # noqa: F401  (offered here too)

log = logging.getLogger("tatami.ai")

#: Default minimum "thinking" time shown before an AI move, ms.
DEFAULT_MIN_THINK_MS = 600.0
#: A bot that has not answered after this long is replaced by a random legal move, ms.
DEFAULT_TIMEOUT_MS = 30000.0
#: Thread switch interval (s) while a thread request is pending (None: leave the interpreter's).
GIL_SWITCH_S: float | None = 0.001
#: Where requests run by default: "process" or "thread" (``TATAMI_AI_MODE`` overrides it).
DEFAULT_MODE = "process"
MODES = ("process", "thread")

_switch_lock = threading.Lock()
_switch_users = 0
_switch_saved: float | None = None


def _switch_acquire() -> None:
    global _switch_users, _switch_saved
    if GIL_SWITCH_S is None:
        return
    with _switch_lock:
        if _switch_users == 0:
            _switch_saved = sys.getswitchinterval()
            sys.setswitchinterval(min(_switch_saved, GIL_SWITCH_S))
        _switch_users += 1


def _switch_release() -> None:
    global _switch_users, _switch_saved
    with _switch_lock:
        if _switch_users <= 0:
            return
        _switch_users -= 1
        if _switch_users == 0 and _switch_saved is not None:
            sys.setswitchinterval(_switch_saved)
            _switch_saved = None


_bot_uids = itertools.count(1)


class BotHandle:
    """A ``game.ai`` bot plus the recipe to build the same bot in the AI worker process.

    ``choose(view)`` runs the local bot (the thread path, and any direct use); an
    :class:`AIWorker` in process mode instead sends ``recipe`` (game, level, the initial state
    of the bot's ``random.Random`` and the game's package, for a game registered at run time:
    :func:`game.registry.register`) once and the child builds and keeps its own copy. The local
    bot is built at once, so a bad game or level raises ``ValueError`` here, not in the child."""

    def __init__(self, game_name: str, level: str, rng: random.Random):
        self.game_name = game_name
        self.level = level
        self.uid = next(_bot_uids)
        state = rng.getstate()
        self.bot = game_ai.make_bot(game_name, level, rng)
        self.recipe = (game_name, level, state, registry.registration(game_name).package)

    def choose(self, view: Any) -> str:
        """The local bot's action for ``view`` (one of ``view.legal_actions``)."""
        return self.bot.choose(view)

    def key(self, view: Any) -> tuple:
        """The child's cache key of this bot: (game, level, seat, bot id)."""
        return (self.game_name, self.level, getattr(view, "seat", None), self.uid)

    def __repr__(self) -> str:
        return f"<BotHandle {self.game_name}/{self.level} #{self.uid}>"


def make_bot(game_name: str, level: str, rng: random.Random | None = None) -> BotHandle:
    """The bot of one seat (``game.ai.make_bot(game_name, level, rng)`` wrapped in a
    :class:`BotHandle` so an :class:`AIWorker` can run it in its process).

    Raises:
        ValueError: unknown game or level (from ``game.ai.make_bot``)."""
    return BotHandle(game_name, level, rng or random.Random())


class _Job:
    __slots__ = ("token", "view", "bot", "result", "error", "error_text", "done", "started",
                 "remote", "switch")

    def __init__(self, token: int, view: Any, bot: Any):
        self.token = token
        self.view = view
        self.bot = bot
        self.result: str | None = None
        self.error: BaseException | None = None
        self.error_text: str | None = None  # an exception in the AI process (formatted there)
        self.done = threading.Event()
        self.started = time.monotonic()
        self.remote = False  # answered by the AI process
        self.switch = False  # holds a switch-interval reference


def _default_mode() -> str:
    env = environ.ai_mode()
    return env if env in MODES else DEFAULT_MODE


class AIWorker:
    """One pending AI request at a time, answered through :meth:`poll`.

    Args:
        min_think_ms: minimum ms between ``request`` and ``poll`` returning the action.
        timeout_ms: after this many ms without an answer the request is answered with a random
            legal action (the late answer is ignored).
        rng: random source for the fallback moves.
        clock: monotonic time source in seconds (tests may inject one).
        mode: ``"process"`` or ``"thread"`` (default: ``TATAMI_AI_MODE`` or :data:`DEFAULT_MODE`).
        prestart: in process mode, start the process now (it takes ~50-100 ms to be ready; the
            start itself does not wait for it) instead of at the first request.
    """

    def __init__(
        self,
        min_think_ms: float = DEFAULT_MIN_THINK_MS,
        timeout_ms: float = DEFAULT_TIMEOUT_MS,
        rng: random.Random | None = None,
        clock: Callable[[], float] = time.monotonic,
        mode: str | None = None,
        prestart: bool = False,
    ):
        mode = (mode or _default_mode()).lower()
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {mode!r}")
        self.mode = mode
        self.min_think_ms = max(0.0, float(min_think_ms))
        self.timeout_ms = max(1.0, float(timeout_ms))
        self.rng = rng or random.Random()
        self.clock = clock
        self._lock = threading.Lock()
        self._token = 0
        self._job: _Job | None = None
        self._start = 0.0
        self._child: AIProcess | None = None
        self._child_finalizer: weakref.finalize | None = None
        self._process_failed = False  # a start failure or a death: threads from then on
        self.fallbacks = 0  # how many answers were replaced by a random legal action
        self.process_answers = 0  # answers computed by the AI process
        self.thread_answers = 0  # answers computed by a thread
        self.ready_ms: float | None = None  # start-up time of the last AI process, ms
        if prestart:
            self.start()

    # -- API --------------------------------------------------------------------------------
    @property
    def thinking(self) -> bool:
        """True while a request is pending (not yet returned by ``poll``)."""
        return self._job is not None

    @property
    def active_mode(self) -> str:
        """Where the next process-able request would run: "process" or "thread"."""
        return "process" if self.mode == "process" and not self._process_failed else "thread"

    @property
    def process_pid(self) -> int | None:
        """The pid of the running AI process (None if there is none)."""
        return self._child.pid if self._child is not None else None

    @property
    def process(self) -> Any:
        """The running ``multiprocessing`` process object, or None (tests)."""
        return self._child.proc if self._child is not None else None

    def elapsed_ms(self) -> float:
        """ms since the pending request started (0 when idle)."""
        return (self.clock() - self._start) * 1000.0 if self._job is not None else 0.0

    def start(self) -> bool:
        """In process mode, make sure the AI process is running (does not wait for it to be
        ready). Returns True if requests can go to a process. Never raises: a failure is logged
        once and this worker uses threads from then on."""
        if self.mode != "process" or self._process_failed:
            return False
        if self._child is not None:
            return True
        try:
            child = AIProcess(self.clock)
        except Exception as exc:
            self._process_failed = True
            log.warning("cannot start the AI process (%s: %s): the AI runs in a thread", type(exc).__name__, exc)
            return False
        self._child = child
        self._child_finalizer = weakref.finalize(self, child.close)
        log.debug("AI process %s started (spawn)", child.pid)
        return True

    def request(self, bot: Any, view: Any) -> int:
        """Start ``bot.choose(view)`` in the AI process (a :class:`BotHandle` in process mode)
        or in a daemon thread; supersedes any pending request.

        ``view`` must be the seat's view (it needs ``legal_actions``). Returns a request token."""
        with self._lock:
            self._token += 1
            job = _Job(self._token, view, bot)
            old = self._job
            self._job = job
        if old is not None and old.switch:
            old.switch = False
            _switch_release()
        self._start = self.clock()
        if not (isinstance(bot, BotHandle) and self.start() and self._send(job)):
            self._run_in_thread(job)
        return job.token

    def poll(self) -> str | None:
        """The action of the pending request once it is ready and ``min_think_ms`` has passed;
        otherwise None. Returns each answer once. Never blocks."""
        job = self._job
        if job is None:
            return None
        if job.remote and not job.done.is_set():
            self._receive()
            job = self._job
            if job is None:
                return None
        waited = (self.clock() - self._start) * 1000.0
        if not job.done.is_set():
            if waited < self.timeout_ms:
                return None
            log.error("AI did not answer within %.0f ms: playing a random legal move", self.timeout_ms)
            if job.remote:
                self._end_child()  # stuck: the next request starts a fresh process
            action = self._fallback(job.view)
        else:
            if waited < self.min_think_ms:
                return None
            action = self._checked(job)
            if job.remote:
                self.process_answers += 1
            else:
                self.thread_answers += 1
        with self._lock:
            if self._job is job:
                self._job = None
            else:
                return None
        if job.switch:
            job.switch = False
            _switch_release()
        return action

    def cancel(self) -> None:
        """Forget the pending request (its answer, if it ever comes, is ignored)."""
        with self._lock:
            self._token += 1
            job = self._job
            self._job = None
        if job is not None and job.switch:
            job.switch = False
            _switch_release()

    def close(self) -> None:
        """Cancel and end the AI process (terminated and reaped). The worker stays usable: a
        later request starts a new process."""
        self.cancel()
        self._end_child()

    shutdown = close

    # -- internals ----------------------------------------------------------------------
    def _send(self, job: _Job) -> bool:
        """Send ``job`` to the AI process; False (and the caller runs it in a thread) if the
        view cannot be pickled or the process is gone."""
        bot: BotHandle = job.bot
        child = self._child
        assert child is not None
        try:
            blob = pickle.dumps(job.view, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as exc:
            log.warning("the view cannot be sent to the AI process (%s: %s): thinking in a thread",
                        type(exc).__name__, exc)
            return False
        key = bot.key(job.view)
        recipe = None if key in child.known else bot.recipe
        try:
            child.send(("choose", job.token, key, recipe, blob))
        except Exception as exc:
            self._process_died(f"{type(exc).__name__}: {exc}")
            return False
        child.known.add(key)
        job.remote = True
        return True

    def _receive(self) -> None:
        """Take the process's answers (stale ones are dropped); notice a dead process."""
        child = self._child
        if child is None:
            job = self._job
            if job is not None and job.remote and not job.done.is_set():
                self._rerun_in_thread(job)
            return
        try:
            messages = child.receive()
        except (EOFError, OSError) as exc:
            code = child.exitcode()
            self._process_died(f"exit code {code}" if code is not None else f"{type(exc).__name__}: {exc}")
            return
        finally:
            if child.ready_ms is not None:
                self.ready_ms = child.ready_ms
        for msg in messages:
            if not (isinstance(msg, tuple) and len(msg) == 5 and msg[0] == "result"):
                continue
            _, token, action, error, think_ms = msg
            job = self._job
            if job is None or job.token != token or not job.remote:
                log.debug("AI process: dropping the answer of obsolete request %s", token)
                continue
            job.result = action
            job.error_text = error
            log.debug("AI process %s answered %r in %.0f ms", child.pid, action, think_ms)
            job.done.set()

    def _process_died(self, why: str) -> None:
        child = self._child
        if child is None:
            return
        log.warning("the AI process %s stopped (%s): the AI runs in a thread from now on", child.pid, why)
        self._process_failed = True
        self._end_child()
        job = self._job
        if job is not None and job.remote and not job.done.is_set():
            self._rerun_in_thread(job)

    def _rerun_in_thread(self, job: _Job) -> None:
        job.remote = False
        self._run_in_thread(job)

    def _end_child(self) -> None:
        child, self._child = self._child, None
        if self._child_finalizer is not None:
            self._child_finalizer.detach()
            self._child_finalizer = None
        if child is not None:
            if child.ready_ms is not None:
                self.ready_ms = child.ready_ms
            child.close()

    def _run_in_thread(self, job: _Job) -> None:
        if not job.switch:
            job.switch = True
            _switch_acquire()
        thread = threading.Thread(
            target=self._run, args=(job.bot, job), name=f"tatami-ai-{job.token}", daemon=True
        )
        thread.start()

    def _run(self, bot: Any, job: _Job) -> None:
        try:
            job.result = bot.choose(job.view)
        except BaseException as exc:  # reported in poll(); never kill the app
            job.error = exc
        finally:
            job.done.set()

    def _checked(self, job: _Job) -> str | None:
        legal = list(getattr(job.view, "legal_actions", ()) or ())
        if job.error is not None:
            log.error(
                "AI raised %s: %s; playing a random legal move",
                type(job.error).__name__,
                job.error,
                exc_info=(type(job.error), job.error, job.error.__traceback__),
            )
            return self._fallback(job.view)
        if job.error_text is not None:
            log.error("AI process: %s\nplaying a random legal move", job.error_text)
            return self._fallback(job.view)
        if job.result not in legal:
            log.error("AI returned %r, not a legal action: playing a random legal move", job.result)
            return self._fallback(job.view)
        return job.result

    def _fallback(self, view: Any) -> str | None:
        self.fallbacks += 1
        legal = list(getattr(view, "legal_actions", ()) or ())
        return self.rng.choice(legal) if legal else None


__all__ = [
    "AIWorker",
    "BotHandle",
    "make_bot",
    "DEFAULT_MIN_THINK_MS",
    "DEFAULT_TIMEOUT_MS",
    "DEFAULT_MODE",
    "MODES",
]
