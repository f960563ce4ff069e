"""The app's frames go on while the AI thinks in its process (pygame: this part of the AI worker
tests needs a scene; game/worker.py itself never imports pygame).

A behaviour check, not a speed check: frames are counted while the worker is thinking. How long a
frame takes is a timing figure for ``tatami --bench``, not a test assertion.
"""
import time

import pygame  # noqa: F401  (this test drives a real scene)
from test_ai_worker import _gone, placed_state


def test_ui_loop_keeps_running_while_the_hard_ai_thinks(tmp_path, monkeypatch):
    monkeypatch.setenv("TATAMI_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("TATAMI_AI_MODE", raising=False)  # the default: the AI in a process
    from scenes.kaito.scene import KaitoPlayScene
    from scenes.shell.app import App
    from scenes.shell.settings import Settings

    app = App(size=(1280, 720), settings=Settings(path=tmp_path / "s.json", autoload=False), uidump=False)
    try:
        st = placed_state(6)
        scene = KaitoPlayScene(app, seats=["hard", "human"], state=st, speed=1000.0, think_ms=0)
        assert scene.worker.mode == "process"
        assert scene.worker.process_pid is not None  # started with the scene
        app.manager.reset(scene)
        frames, thinking_frames, t0 = 0, 0, time.monotonic()
        while time.monotonic() - t0 < 20:  # a deadline for a stuck AI, not a speed check
            thinking = scene.worker.thinking
            app.pump(16)
            frames += 1
            thinking_frames += thinking and scene.worker.thinking
            if len(st.history) > 1 and not scene.busy():
                break
            time.sleep(0.004)
        assert len(st.history) == 2 and st.history[-1][0] == 0
        assert scene.worker.process_answers == 1 and scene.worker.fallbacks == 0
        assert thinking_frames >= 10, "the loop did not keep running while the AI was thinking"
        # leaving the scene ends its AI process
        proc, pid = scene.worker.process, scene.worker.process_pid
        app.manager.reset(app.make_scene("menu"))
        assert scene.worker.process is None
        _gone(proc, pid)
    finally:
        app.shutdown()
