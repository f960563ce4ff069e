"""Run ``bot.choose(view)`` off the main thread so the UI keeps 60 FPS while an AI thinks.

Usage from a scene::

    worker = AIWorker(min_think_ms=600)
    worker.request(bot, state.view(seat))      # never the state itself
    ...
    action = worker.poll()                     # each frame: None until ready
    ...
    worker.cancel()                            # scene exit / new game: the answer is dropped

Each request runs in its own daemon thread (a bot that never returns cannot keep the process
alive at exit). Answers of cancelled or superseded requests are ignored. A bot that raises, or
returns something that is not one of ``view.legal_actions``, or takes longer than ``timeout_ms``,
is logged (logger ``"tatami.ai"``) and replaced by a random legal action, so the game never hangs.
``min_think_ms`` is the minimum time between ``request`` and the answer becoming visible through
``poll`` so AI moves are not instant (use 0 in tests / self-test fast mode).

A pure-Python search competes with the UI thread for the GIL. While a request is pending the
interpreter's thread switch interval is lowered to ``GIL_SWITCH_S`` (1 ms instead of 5 ms) so the
UI thread gets the GIL back sooner (shorter frame hitches while the AI thinks); it is restored
when no request is pending any more.
"""
from __future__ import annotations

import logging
import random
import sys
import threading
import time
from typing import Any, Callable

log = logging.getLogger("tatami.ai")

#: Default minimum "thinking" time shown before an AI move, ms.
DEFAULT_MIN_THINK_MS = 600.0
#: A bot that has not answered after this long is replaced by a random legal move, ms.
DEFAULT_TIMEOUT_MS = 30000.0
#: Thread switch interval (s) while an AI request is pending (None: leave the interpreter's).
GIL_SWITCH_S: float | None = 0.001

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


class RandomBot:
    """Fallback bot: a uniformly random legal action (used when ``game.ai`` is unavailable)."""

    def __init__(self, rng: random.Random | None = None):
        self.rng = rng or random.Random()

    def choose(self, view: Any) -> str:
        return self.rng.choice(list(view.legal_actions))


def make_bot(game_name: str, level: str, rng: random.Random | None = None) -> Any:
    """``game.ai.make_bot(game_name, level, rng)``, or a :class:`RandomBot` if the AI package is
    missing or does not know the level (logged once)."""
    rng = rng or random.Random()
    try:
        from game.ai import make_bot as real_make_bot
    except ImportError as exc:
        log.warning("game.ai is not available (%s): the %s AI plays random moves", exc, level)
        return RandomBot(rng)
    try:
        return real_make_bot(game_name, level, rng)
    except Exception:
        log.exception("make_bot(%r, %r) failed: using a random bot", game_name, level)
        return RandomBot(rng)


class _Job:
    __slots__ = ("token", "view", "result", "error", "done", "started")

    def __init__(self, token: int, view: Any):
        self.token = token
        self.view = view
        self.result: str | None = None
        self.error: BaseException | None = None
        self.done = threading.Event()
        self.started = time.monotonic()


class AIWorker:
    """One pending AI request at a time, answered through :meth:`poll`.

    Args:
        min_think_ms: minimum ms between ``request`` and ``poll`` returning the action.
        timeout_ms: after this many ms without an answer the request is answered with a random
            legal action (the late answer is ignored).
        rng: random source for the fallback moves.
        clock: monotonic time source in seconds (tests may inject one).
    """

    def __init__(
        self,
        min_think_ms: float = DEFAULT_MIN_THINK_MS,
        timeout_ms: float = DEFAULT_TIMEOUT_MS,
        rng: random.Random | None = None,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.min_think_ms = max(0.0, float(min_think_ms))
        self.timeout_ms = max(1.0, float(timeout_ms))
        self.rng = rng or random.Random()
        self.clock = clock
        self._lock = threading.Lock()
        self._token = 0
        self._job: _Job | None = None
        self._start = 0.0
        self.fallbacks = 0  # how many answers were replaced by a random legal action

    # -- API --------------------------------------------------------------------------------
    @property
    def thinking(self) -> bool:
        """True while a request is pending (not yet returned by ``poll``)."""
        return self._job is not None

    def elapsed_ms(self) -> float:
        """ms since the pending request started (0 when idle)."""
        return (self.clock() - self._start) * 1000.0 if self._job is not None else 0.0

    def request(self, bot: Any, view: Any) -> int:
        """Start ``bot.choose(view)`` in a daemon thread; supersedes any pending request.

        ``view`` must be the seat's view (it needs ``legal_actions``). Returns a request token."""
        with self._lock:
            self._token += 1
            job = _Job(self._token, view)
            had_job = self._job is not None
            self._job = job
        if not had_job:
            _switch_acquire()
        self._start = self.clock()
        thread = threading.Thread(
            target=self._run, args=(bot, job), name=f"tatami-ai-{job.token}", daemon=True
        )
        thread.start()
        return job.token

    def poll(self) -> str | None:
        """The action of the pending request once it is ready and ``min_think_ms`` has passed;
        otherwise None. Returns each answer once."""
        job = self._job
        if job is None:
            return None
        waited = (self.clock() - self._start) * 1000.0
        if not job.done.is_set():
            if waited < self.timeout_ms:
                return None
            log.error("AI did not answer within %.0f ms: playing a random legal move", self.timeout_ms)
            action = self._fallback(job.view)
        else:
            if waited < self.min_think_ms:
                return None
            action = self._checked(job)
        with self._lock:
            if self._job is job:
                self._job = None
            else:
                return None
        _switch_release()
        return action

    def cancel(self) -> None:
        """Forget the pending request (its answer, if it ever comes, is ignored)."""
        with self._lock:
            self._token += 1
            had_job = self._job is not None
            self._job = None
        if had_job:
            _switch_release()

    shutdown = cancel

    # -- internals ----------------------------------------------------------------------
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
        if job.result not in legal:
            log.error("AI returned %r, not a legal action: playing a random legal move", job.result)
            return self._fallback(job.view)
        return job.result

    def _fallback(self, view: Any) -> str | None:
        self.fallbacks += 1
        legal = list(getattr(view, "legal_actions", ()) or ())
        return self.rng.choice(legal) if legal else None


__all__ = ["AIWorker", "RandomBot", "make_bot", "DEFAULT_MIN_THINK_MS", "DEFAULT_TIMEOUT_MS"]
