"""Without a sound card, a start prints the app's one-line notice and nothing else (issue 10 §9:
ALSA printed eight "ALSA lib ..." lines to stderr first, from C, while the mixer opened)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from scenes.shell.sound import quiet_stderr

ROOT = Path(__file__).resolve().parents[1]


def test_quiet_stderr_silences_c_level_writes_and_restores_stderr(capfd):
    os.write(2, b"before\n")
    with quiet_stderr():
        os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n")
    os.write(2, b"after\n")
    err = capfd.readouterr().err
    assert err == "before\nafter\n"


def test_quiet_stderr_restores_stderr_after_an_error(capfd):
    try:
        with quiet_stderr():
            raise RuntimeError("boom")
    except RuntimeError:
        pass
    os.write(2, b"still here\n")
    assert capfd.readouterr().err == "still here\n"


def test_opening_alsa_without_a_card_prints_only_the_notice(tmp_path):
    """Forces SDL's ALSA back end. On a machine without a sound card (CI) the mixer fails: stderr is
    exactly the app's one line. With a card it opens and prints nothing. Never an "ALSA lib" line."""
    script = textwrap.dedent("""
        import logging, sys
        from scenes.shell.app import configure_logging
        from scenes.shell.sound import Sound
        configure_logging()
        s = Sound(settings=None)
        s.start()
        print(s.state)
    """)
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_AUDIO")}
    env.update(SDL_AUDIODRIVER="alsa", SDL_VIDEODRIVER="dummy", TATAMI_DATA_DIR=str(tmp_path),
               PYTHONPATH=str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""))
    proc = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    state = proc.stdout.split()[-1]
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert not [line for line in lines if line.startswith("ALSA lib")], proc.stderr
    if state == "off":
        assert len(lines) == 1 and lines[0].startswith("tatami: sound:") and "sound is off" in lines[0], lines
    else:
        assert state == "ready" and lines == []
