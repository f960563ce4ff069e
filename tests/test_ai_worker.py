"""game.worker.AIWorker (headless: no pygame) in process mode: real bots in a "spawn" worker process.

The thread mode (and the scene driven by injected slow Python bots) is covered at the end of
tests/test_kaito_scene.py; the scene's frames while the AI thinks in
tests/test_ai_worker_scene.py; here the AI runs in its own process. Nothing here measures speed
(noise on a loaded machine must not flip a test): times are read from the worker's own injectable
clock, and the timing figures are reported by ``tatami --bench``.
"""
import logging
import multiprocessing
import os
import random
import subprocess
import sys
import time
import types
from pathlib import Path

import pytest

from game import worker as ai_worker
from game.ai import RandomBot
from game.kaito.rules import KAITO
from game.worker import AIWorker, BotHandle, make_bot

ROOT = Path(__file__).resolve().parents[1]


def _wait(worker, timeout=20.0, sleep=0.002):
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        a = worker.poll()
        if a is not None:
            return a
        time.sleep(sleep)
    raise AssertionError("no answer")


class FakeClock:
    """An injectable monotonic clock (seconds) that only moves when told."""

    def __init__(self, t: float = 100.0):
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance_ms(self, ms: float) -> None:
        self.t += ms / 1000.0


def _gone(proc, pid):
    """The child has exited and been reaped (no zombie left behind)."""
    if proc is not None:
        with pytest.raises(ValueError):  # Process.close() was called: it was joined
            proc.is_alive()
    assert pid not in [p.pid for p in multiprocessing.active_children()]
    if sys.platform.startswith("linux"):
        assert not Path(f"/proc/{pid}").exists(), "the AI process is still there (zombie?)"


def placed_state(seed=1):
    st = KAITO.new_state(2, random.Random(seed), colors=("R", "B"))
    st.apply(1, st.legal_actions(1)[0])
    return st


@pytest.fixture
def worker():
    w = AIWorker(min_think_ms=0, mode="process")
    yield w
    w.close()


# ------------------------------------------------------------------------------------------
def test_hard_bot_move_through_the_process_is_legal(worker):
    st = placed_state(3)
    view = st.view(0)
    bot = make_bot("kaito", "hard", random.Random(5))
    assert isinstance(bot, BotHandle)
    worker.request(bot, view)
    assert worker.thinking and worker.process_pid is not None and worker.process_pid != os.getpid()
    action = _wait(worker)
    assert action in view.legal_actions
    assert worker.process_answers == 1 and worker.thread_answers == 0 and worker.fallbacks == 0
    assert worker.ready_ms is not None and worker.ready_ms >= 0  # the child said hello
    assert worker._child.pygame_loaded is False  # the child only imports game.ai
    # the bot persists in the child: its next request sends no recipe
    st.apply(0, action)
    while st.to_act() and st.to_act() != (0,):
        st.apply(st.to_act()[0], st.legal_actions(st.to_act()[0])[0])
    if st.to_act() == (0,):
        worker.request(bot, st.view(0))
        assert _wait(worker) in st.view(0).legal_actions
        assert len(worker._child.known) == 1 and worker.process_answers == 2


def test_process_answers_match_in_process_bots():
    """Bots built in the child from (game, level, rng state) and kept there across moves play
    exactly like the same bots in-process (their RNG state persists)."""
    def play(mode):
        st = KAITO.new_state(2, random.Random(11), colors=("R", "B"))
        bots = [make_bot("kaito", lvl, random.Random(40 + s)) for s, lvl in enumerate(("medium", "easy"))]
        w = AIWorker(min_think_ms=0, mode=mode)
        try:
            while not st.is_over() and len(st.history) < 60:
                seat = st.to_act()[0]
                w.request(bots[seat], st.view(seat))
                st.apply(seat, _wait(w, sleep=0.0005))
            return list(st.history), w.process_answers, w.thread_answers
        finally:
            w.close()

    proc_history, proc_n, proc_threads = play("process")
    thread_history, thread_procs, thread_n = play("thread")
    assert proc_n == len(proc_history) and proc_threads == 0
    assert thread_n == len(thread_history) and thread_procs == 0
    assert proc_history == thread_history


def test_ready_ms_is_measured_on_the_workers_clock_from_start_to_hello():
    clock = FakeClock()
    w = AIWorker(min_think_ms=0, mode="process", clock=clock)
    try:
        assert w.start() and w.ready_ms is None
        clock.advance_ms(250)  # however long the real start-up takes, the worker's clock says 250 ms
        view = placed_state(2).view(0)
        w.request(make_bot("kaito", "easy", random.Random(1)), view)
        assert _wait(w) in view.legal_actions
        assert w.ready_ms == pytest.approx(250.0)
    finally:
        w.close()


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_the_answer_shows_only_after_min_think_ms_on_the_workers_clock(mode):
    clock = FakeClock()
    w = AIWorker(min_think_ms=600, mode=mode, clock=clock)
    try:
        view = placed_state(3).view(0)
        w.request(make_bot("kaito", "easy", random.Random(1)), view)
        deadline = time.monotonic() + 30
        while not w._job.done.is_set():  # the bot answers, whenever that is...
            assert w.poll() is None and w.thinking
            assert time.monotonic() < deadline, "no answer"
            time.sleep(0.002)
        clock.advance_ms(599)  # ...but the worker shows it only after 600 ms of its own clock
        assert w.poll() is None and w.thinking and w.elapsed_ms() == pytest.approx(599.0)
        clock.advance_ms(1)
        assert w.poll() in view.legal_actions and not w.thinking
        assert w.poll() is None  # each answer once
        assert (w.process_answers, w.thread_answers) == ((1, 0) if mode == "process" else (0, 1))
    finally:
        w.close()


def test_game_worker_and_match_never_import_pygame():
    code = "import sys, game.worker, game.match; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"


def test_close_ends_the_child_process(worker):
    assert worker.start()
    proc, pid = worker.process, worker.process_pid
    assert proc.is_alive()
    worker.request(make_bot("kaito", "hard", random.Random(1)), placed_state(2).view(0))  # busy child
    time.sleep(0.05)
    worker.close()
    assert not worker.thinking and worker.process is None
    _gone(proc, pid)
    worker.close()  # idempotent
    # the worker stays usable: a new request starts a new process
    view = placed_state(4).view(0)
    worker.request(make_bot("kaito", "easy", random.Random(1)), view)
    assert worker.process_pid not in (None, pid)
    assert _wait(worker) in view.legal_actions


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="POSIX scheduling priority")
def test_the_ai_process_runs_at_a_lower_priority(worker):
    assert worker.start()
    mine = os.getpriority(os.PRIO_PROCESS, 0)
    assert os.getpriority(os.PRIO_PROCESS, worker.process_pid) >= min(19, max(mine, ai_worker.AI_PROCESS_NICE))


def test_garbage_collected_worker_ends_its_process():
    import gc

    w = AIWorker(min_think_ms=0, mode="process", prestart=True)
    proc, pid = w.process, w.process_pid
    del w
    gc.collect()
    _gone(proc, pid)


def test_cancelled_and_superseded_requests_are_ignored(worker):
    st = KAITO.new_state(2, random.Random(8), colors=("R", "B"))
    place_view = st.view(1)  # "@xx" placements
    bot = make_bot("kaito", "medium", random.Random(2))
    worker.request(bot, place_view)
    worker.cancel()
    assert worker.poll() is None and not worker.thinking
    st.apply(1, place_view.legal_actions[0])
    move_view = st.view(0)  # square names: disjoint from the placements
    assert not set(place_view.legal_actions) & set(move_view.legal_actions)
    worker.request(bot, place_view)
    worker.request(make_bot("kaito", "medium", random.Random(3)), move_view)  # supersedes
    assert _wait(worker) in move_view.legal_actions
    time.sleep(0.05)
    assert worker.poll() is None and not worker.thinking and worker.fallbacks == 0


def test_bot_exception_in_the_child_plays_a_random_legal_move(worker, caplog):
    view = types.SimpleNamespace(seat=0, legal_actions=("a1", "b2"))  # not a KaitoView: the bot fails
    with caplog.at_level(logging.ERROR, logger="tatami.ai"):
        worker.request(make_bot("kaito", "hard", random.Random(1)), view)
        assert _wait(worker) in view.legal_actions
    assert worker.fallbacks == 1 and worker.active_mode == "process"
    assert "AI process" in caplog.text and "Traceback" in caplog.text


def test_process_start_failure_falls_back_to_a_thread(monkeypatch, caplog):
    def boom(*a, **k):
        raise OSError("no processes today")

    monkeypatch.setattr(ai_worker, "AIProcess", boom)
    w = AIWorker(min_think_ms=0, mode="process")
    view = placed_state(5).view(0)
    with caplog.at_level(logging.WARNING, logger="tatami.ai"):
        assert w.start() is False
        for _ in range(2):
            w.request(make_bot("kaito", "easy", random.Random(1)), view)
            assert _wait(w) in view.legal_actions
    assert w.active_mode == "thread" and w.thread_answers == 2 and w.process_pid is None
    assert caplog.text.count("cannot start the AI process") == 1
    w.close()


def test_dead_process_falls_back_to_a_thread(worker, caplog):
    view = placed_state(7).view(0)
    bot = make_bot("kaito", "hard", random.Random(1))
    worker.request(bot, view)
    proc, pid = worker.process, worker.process_pid
    proc.kill()
    with caplog.at_level(logging.WARNING, logger="tatami.ai"):
        action = _wait(worker)
        assert action in view.legal_actions and worker.thread_answers == 1
        worker.request(bot, view)
        assert _wait(worker) in view.legal_actions and worker.thread_answers == 2
    assert caplog.text.count("stopped") == 1 and worker.active_mode == "thread"
    assert worker.process is None
    _gone(proc, pid)


def test_timeout_ends_the_process_and_the_next_request_starts_a_new_one(caplog):
    clock = FakeClock()
    w = AIWorker(min_think_ms=0, timeout_ms=30, mode="process", clock=clock)
    try:
        view = placed_state(9).view(0)
        bot = make_bot("kaito", "hard", random.Random(1))  # ~0.45 s per move
        w.request(bot, view)
        proc, pid = w.process, w.process_pid
        clock.advance_ms(31)  # late on the worker's clock (the process is still starting up)
        with caplog.at_level(logging.ERROR, logger="tatami.ai"):
            assert w.poll() in view.legal_actions and w.fallbacks == 1
        assert "did not answer within 30 ms" in caplog.text
        assert w.process is None
        _gone(proc, pid)
        w.timeout_ms = 30000
        w.request(bot, view)
        assert w.process_pid not in (None, pid)
        assert _wait(w) in view.legal_actions and w.process_answers == 1
    finally:
        w.close()


def test_plain_python_bots_and_thread_mode_never_start_a_process():
    class _View:
        legal_actions = ("a1", "b2")

    w = AIWorker(min_think_ms=0, mode="process")
    w.request(RandomBot(random.Random(1)), _View())  # a custom (unpicklable-class) bot: thread
    assert _wait(w) in _View.legal_actions and w.process is None and w.thread_answers == 1
    t = AIWorker(min_think_ms=0, mode="thread", prestart=True)
    view = placed_state(1).view(0)
    t.request(make_bot("kaito", "medium", random.Random(1)), view)
    assert _wait(t) in view.legal_actions and t.process is None and t.thread_answers == 1
    with pytest.raises(ValueError):
        AIWorker(mode="fork")


def test_mode_from_the_environment(monkeypatch):
    monkeypatch.setenv("TATAMI_AI_MODE", "thread")
    assert AIWorker().mode == "thread"
    monkeypatch.setenv("TATAMI_AI_MODE", "process")
    assert AIWorker().mode == "process"
    monkeypatch.delenv("TATAMI_AI_MODE")
    assert AIWorker().mode == ai_worker.DEFAULT_MODE == "process"


@pytest.mark.parametrize("entry", ["scenes/__main__.py", "tatami_main.py"])
def test_entry_scripts_do_not_start_the_app_when_imported_by_a_spawn_child(entry):
    """A "spawn" child re-runs the parent's main script as __mp_main__: nothing may happen."""
    code = ("import runpy, sys; runpy.run_path(sys.argv[1], run_name='__mp_main__'); "
            "print(sorted(m for m in ('pygame', 'scenes.shell.app') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code, str(ROOT / entry)], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_console_script_main_is_not_rerun_in_the_child(tmp_path):
    """Started from a script that imports pygame at its top level (like the ``tatami`` console
    script), the AI process still does not import pygame."""
    script = tmp_path / "launcher.py"
    script.write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "import pygame\n"
        "import random\n"
        "from game.kaito.rules import KAITO\n"
        "from game.worker import AIWorker, make_bot\n"
        "if __name__ == '__main__':\n"
        "    w = AIWorker(min_think_ms=0, mode='process')\n"
        "    st = KAITO.new_state(2, random.Random(1))\n"
        "    w.request(make_bot('kaito', 'easy', random.Random(1)), st.view(1))\n"
        "    import time\n"
        "    while (a := w.poll()) is None: time.sleep(0.005)\n"
        "    print(a in st.view(1).legal_actions, w.process_answers, w._child.pygame_loaded)\n"
        "    w.close()\n"
    )
    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    out = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True,
                         timeout=60, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "1", "False"]


# ------------------------------------------------------------------------------------------
# the frozen app (PyInstaller onedir bundle from build.spec)
# ------------------------------------------------------------------------------------------
@pytest.mark.packaging
@pytest.mark.xdist_group("bundle")
def test_frozen_app_runs_the_ai_in_a_process(frozen_selftest):
    """The bundle's self-test (run once, its log at debug level: tests/shared_runs.py) played its
    AI in a spawned process that never imported pygame."""
    from shared_runs import output_of

    run = frozen_selftest("en")
    proc = run.proc
    assert proc.returncode == 0, output_of(proc)
    err = proc.stderr
    assert "AI process" in err and " started (spawn)" in err, output_of(proc)
    assert " ready after " in err and " answered " in err, output_of(proc)
    assert "imported pygame" not in err and "runs in a thread" not in err, output_of(proc)
    assert "Traceback" not in err, output_of(proc)


def test_unknown_level_is_reported_when_the_bot_is_made():
    with pytest.raises(ValueError, match="level"):
        make_bot("kaito", "grandmaster", random.Random(1))
