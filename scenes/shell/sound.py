"""Sound effects: a small service owned by the App (``app.sound``).

``app.sound.play("capture")`` plays one of :data:`NAMES` (``assets/sounds/<name>.wav``, made by
``tools/make_sounds.py``). Callers never need to check anything first: ``play`` returns False
and does nothing when sound is off, unavailable or not loaded.

* Lazy start: the App calls :meth:`Sound.start` only after its first frame is on screen (the
  first menu frame never waits for the audio device); ``play`` starts it too if needed.
* Never crashes, never spams: no audio device (``pygame.error``), an unusable
  ``SDL_AUDIODRIVER``, a pygame without its mixer or a missing / unreadable sound file logs ONE
  line (logger "tatami.sound") and turns sound off for the rest of the run. What the audio
  libraries themselves print while the device is opened (ALSA's eight "ALSA lib ..." lines on a
  machine without a sound card go straight to the process's stderr, from C) is silenced
  (:func:`quiet_stderr`); the app's own one-line notice still reaches stderr.
* Settings (read at every ``play``, so a change applies at once): ``"sound"`` (bool, on by
  default) and ``"volume"`` (0..1, default 0.7; anything else counts as the default).
* Every sound is loaded once, at start, and cached. The same effect is not restarted within
  :data:`MIN_GAP_S` (an AI game at "instant" speed would otherwise stack dozens of clacks).
"""
from __future__ import annotations

import contextlib
import logging
import os
import sys
import time
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame

from scenes.shell.assets import asset_root

log = logging.getLogger("tatami.sound")

#: the effects, by event (file ``assets/sounds/<name>.wav``)
NAMES = ("capture", "slide", "place", "coins", "click", "error", "victory", "defeat")
DEFAULT_VOLUME = 0.7
MIN_GAP_S = 0.045
MIXER_ARGS: dict[str, Any] = dict(frequency=44100, size=-16, channels=2, buffer=512)  # 512 frames: ~12 ms latency


def sound_dir() -> Path:
    return asset_root() / "sounds"


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Send what C libraries write to file descriptor 2 (stderr) to the null device while the
    block runs, then put stderr back as it was. ALSA reports a missing sound card with its own
    error handler, which writes straight to fd 2 and cannot be silenced from Python otherwise.
    Python's ``sys.stderr`` is flushed first; nothing of the app's own is written inside the block.
    Does nothing when fd 2 cannot be duplicated (no console: a windowed build)."""
    try:
        if sys.stderr is not None:
            sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):
        yield
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, 2)
        finally:
            os.close(null)
    except OSError:
        os.close(saved)
        yield
        return
    try:
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class Sound:
    """The sound service (see the module doc).

    ``state``: "idle" (not started), "ready" (mixer open, sounds loaded) or "off" (unavailable
    for this run; ``problem`` says why). ``recent`` holds the names last played (tests)."""

    def __init__(self, settings: Any = None, folder: Path | None = None):
        self.settings = settings
        self.folder = Path(folder) if folder is not None else sound_dir()
        self.state = "idle"
        self.problem: str | None = None
        self.recent: deque[str] = deque(maxlen=64)
        self._sounds: dict[str, Any] = {}
        self._last: dict[str, float] = {}
        self._owns_mixer = False

    # -- settings ---------------------------------------------------------------------
    @property
    def enabled(self) -> bool:
        """The user's "sound" setting (True unless set to False)."""
        get = getattr(self.settings, "get", None)
        return get is None or get("sound", True) is not False

    @property
    def volume(self) -> float:
        """The user's "volume" setting, 0..1 (the default if it is not a number)."""
        get = getattr(self.settings, "get", None)
        v = get("volume", DEFAULT_VOLUME) if get is not None else DEFAULT_VOLUME
        if isinstance(v, bool) or not isinstance(v, (int, float)) or v != v:  # NaN
            return DEFAULT_VOLUME
        return min(1.0, max(0.0, float(v)))

    @property
    def ready(self) -> bool:
        return self.state == "ready"

    # -- life cycle -------------------------------------------------------------------
    def start(self) -> bool:
        """Open the mixer and load every sound (once). Returns True when sound can play.

        Does nothing while the "sound" setting is off (the device is opened only when needed)."""
        if self.state != "idle":
            return self.state == "ready"
        if not self.enabled:
            return False
        t0 = time.perf_counter()
        try:
            was_open = bool(pygame.mixer.get_init())
            with quiet_stderr():  # the audio back ends' own complaints (ALSA without a card)
                pygame.mixer.init(**MIXER_ARGS)
            if not pygame.mixer.get_init():
                raise pygame.error("the mixer did not open")
            self._owns_mixer = not was_open
        except Exception as e:  # pygame.error, a pygame built without its mixer, a driver quirk
            self._turn_off(f"no audio device ({_one_line(e)})")
            return False
        missing = []
        for name in NAMES:
            path = self.folder / f"{name}.wav"
            try:
                self._sounds[name] = pygame.mixer.Sound(file=str(path))
            except Exception as e:  # FileNotFoundError, pygame.error (unreadable / not a WAV)
                missing.append(f"{path.name} ({_one_line(e)})" if path.exists() else path.name)
        if missing:
            self._turn_off(f"cannot load {', '.join(missing)} from {self.folder}")
            return False
        self.state = "ready"
        log.debug("sound: mixer %s, %d sounds loaded in %.1f ms", pygame.mixer.get_init(), len(self._sounds),
                  1000 * (time.perf_counter() - t0))
        return True

    def _turn_off(self, reason: str) -> None:
        """Sound off for the rest of the run, with one log line."""
        self.state = "off"
        self.problem = reason
        self._sounds.clear()
        log.warning("sound: %s; sound is off", reason)
        self._close_mixer()

    def _close_mixer(self) -> None:
        if self._owns_mixer:
            self._owns_mixer = False
            try:
                pygame.mixer.quit()
            except Exception:  # pragma: no cover - closing never matters enough to fail
                pass

    def close(self) -> None:
        """Stop everything and close the mixer if this service opened it (App.shutdown)."""
        self._sounds.clear()
        if self.state != "off":
            self.state, self.problem = "off", "closed"
        self._close_mixer()

    # -- playing ----------------------------------------------------------------------
    def play(self, name: str) -> bool:
        """Play effect ``name`` at the user's volume; False if nothing was played."""
        if not self.enabled:
            return False
        if self.state == "idle":
            self.start()
        if self.state != "ready":
            return False
        snd = self._sounds.get(name)
        if snd is None:
            log.debug("sound: no effect named %r", name)
            return False
        now = time.monotonic()
        if now - self._last.get(name, -1e9) < MIN_GAP_S:
            return False
        vol = self.volume
        if vol <= 0.0:
            return False
        try:
            snd.set_volume(vol)
            snd.play()
        except pygame.error as e:  # the device went away
            self._turn_off(f"cannot play {name} ({_one_line(e)})")
            return False
        self._last[name] = now
        self.recent.append(name)
        return True


def _one_line(e: BaseException) -> str:
    text = " ".join(str(e).split()) or type(e).__name__
    return text[:200]


__all__ = ["Sound", "NAMES", "DEFAULT_VOLUME", "MIN_GAP_S", "quiet_stderr", "sound_dir"]
