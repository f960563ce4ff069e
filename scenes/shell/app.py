"""The application: window, main loop, scene stack.

:class:`App` is built by the command line (:mod:`scenes.cli`), the self-test, the benchmark and
the tests.

Loop: 60 FPS cap while the top scene is ``busy()`` (animating / AI thinking); otherwise it
blocks in ``pygame.event.wait(timeout)`` and redraws at a low rate (low CPU when idle).
Mouse events are converted to LOGICAL pixels before the scenes see them; keyboard events pass
through. F11 toggles fullscreen. Esc that the top scene does not consume opens the pause menu.
"""
from __future__ import annotations

import argparse
import logging
import os
import sys
import time
import warnings
from typing import Any, Sequence

# Keep pygame quiet on import (no "Hello from the pygame community" banner).
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game import environ, i18n, system  # noqa: E402
from scenes.kit import boxes, render_cache, widgets  # noqa: E402
from scenes.kit.scene import Scene, SceneManager  # noqa: E402
from scenes.kit.viewport import LOGICAL_SIZE, Viewport, convert_event
from scenes.shell import heap, startclock  # noqa: E402
from scenes.shell.painter import LETTERBOX, Painter  # noqa: E402,F401  (LETTERBOX re-exported)
from scenes.shell.assets import Assets  # noqa: E402
from scenes.shell.catalog import GAMES_BY_NAME  # noqa: E402
from scenes.shell.noticebar import NoticeBar  # noqa: E402
from scenes.shell.registry import SCENES, online_menu_line, scene_class  # noqa: E402
from scenes.shell.windowname import WINDOW_CLASS, name_window_class, plain_wm_name  # noqa: E402
from scenes.shell.settings import MIN_WINDOW_SIZE, Settings, data_dir  # noqa: E402
from scenes.shell.sound import Sound  # noqa: E402
from scenes.shell.uidump import UIDump  # noqa: E402

log = logging.getLogger("tatami")

TITLE = "Tatami"
ICON = "icon/tatami.png"
#: The smallest window (window px): text stays readable (assets' minimum text size) and the
#: 1280x720 layout is at least 0.625 of its size. Smaller windows are neither opened nor kept nor
#: remembered (the settings never restore one either).
MIN_WINDOW = MIN_WINDOW_SIZE


def configure_logging() -> None:
    """Log warnings to stderr, or to <data dir>/tatami.log when there is no console
    (windowed PyInstaller build: ``sys.stderr`` is None)."""
    root = logging.getLogger("tatami")
    if root.handlers:
        return
    level = logging.DEBUG if environ.debug_log() else logging.INFO
    root.setLevel(level)
    handler: logging.Handler
    if sys.stderr is not None:
        handler = logging.StreamHandler(sys.stderr)
        handler.setLevel(logging.WARNING if level > logging.DEBUG else logging.DEBUG)
    else:
        try:
            d = data_dir()
            d.mkdir(parents=True, exist_ok=True)
            handler = logging.FileHandler(d / "tatami.log", encoding="utf-8")
        except OSError:
            handler = logging.NullHandler()
    handler.setFormatter(logging.Formatter("tatami: %(message)s"))
    root.addHandler(handler)
    root.propagate = False


def parse_size(text: str) -> tuple[int, int]:
    """``"1280x720"`` -> (1280, 720); raises argparse.ArgumentTypeError."""
    try:
        w, h = text.lower().replace("*", "x").split("x")
        size = (int(w), int(h))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WxH like 1280x720, got {text!r}") from None
    if size[0] < 160 or size[1] < 90 or size[0] > 16384 or size[1] > 16384:
        raise argparse.ArgumentTypeError(f"window size {text} out of range")
    return size


class App:
    """Owns the window, the ``SceneManager`` (``manager``), the ``Viewport`` (``viewport``),
    ``Assets`` (``assets``) and ``Settings`` (``settings``).

    Scenes use: ``make_scene(name, **kw)``, ``manager.push/pop/replace/reset``,
    ``open_pause()``, ``go_to_menu()``, ``start_game(game, **setup)``, ``quit()``,
    ``animation_factor`` (multiplier for animation time, from the settings),
    ``saves`` (the autosave ``scenes.shell.saves.SaveStore``, or None: no autosave and no "Continue"),
    ``sound`` (``scenes.shell.sound.Sound``: ``app.sound.play("capture")``; the mixer is opened only
    after the first frame is on screen, see ``_start_audio``).
    ``saves`` is None unless set: ``main`` sets it for interactive runs only, so the self-test,
    the benchmark and tests that build an ``App`` never touch the user's saved game.

    Tests / self-test drive it frame by frame with ``pump(dt_ms)`` after posting events;
    the interactive program calls ``run()``.
    """

    FPS = 60
    IDLE_WAIT_MS = 250  # blocking wait per idle iteration
    IDLE_REDRAW_MS = 1000  # when idle, still redraw at 1 Hz
    MAX_DT_MS = 100.0
    saves: Any = None  # scenes.shell.saveslots.SaveSlots | None (see the class doc)
    stats: Any = None  # scenes.shell.stats.StatsStore | None: set with ``saves`` (interactive runs only)
    history: Any = None  # scenes.shell.history.HistoryStore | None: the recent games, likewise
    ratings: Any = None  # scenes.profile.ratings.RatingStore | None: the ratings (issue 36), likewise
    achievements: Any = None  # scenes.profile.achieved.AchievementStore | None: likewise
    room_stores: Any = None  # the rooms' own stores by attribute (catalog.open_room_stores), likewise
    #: the online room's watch over the settings' online server (scenes.online.turnwatch.TurnWatch,
    #: made by the menu's line when a server is set, scenes.online.keptfile.app_watch: issue 35), or None
    turn_watch: Any = None

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        settings: Settings | None = None,
        fullscreen: bool | None = None,
        uidump: UIDump | None | bool = True,
        language: str | None = None,
    ):
        configure_logging()
        self.settings = settings if settings is not None else Settings()
        # the language: ``language`` (tatami --lang), else TATAMI_LANG, else the settings' choice,
        # else the system's (game/i18n.py)
        i18n.set_language(language or environ.language() or self.settings.get("language"))
        if i18n.load_problem():
            log.warning("%s", i18n.load_problem())
        system.prepare_window_process()  # Windows: DPI awareness, the taskbar's name and icon
        name_window_class(WINDOW_CLASS)
        pygame.display.init()
        pygame.font.init()
        # Sound effects: the mixer is NOT opened here (start-up time); frame() starts it after
        # the first frame is shown. No audio device / files: one log line, then silence.
        self.sound = Sound(self.settings)
        self._audio_pending = True
        self._audio_wait = 0
        self.viewport = Viewport(LOGICAL_SIZE)
        self.assets = Assets(self.viewport)
        self.manager = SceneManager()
        #: the one-line notices about the per-user files, over every scene (scenes.shell.notices)
        self.notice_bar = NoticeBar()
        self.clock = pygame.time.Clock()
        self.running = True
        self.frames = 0
        self.exit_code = 0
        self.quit_after_first_frame = False
        self.first_frame_at: float | None = None
        #: a frame has drawn a scene (not only an opening fade's cover: :meth:`Scene.covered`)
        self.scene_shown = False
        self.cover_frames = 0  #: frames that drew only an opening fade's cover
        self.painter = Painter(self)  #: puts the visible scenes on the window (scenes/shell/painter.py)
        self._t0 = time.perf_counter()
        #: caches were dropped (a resize, a language, a new scene at the bottom): the memory goes
        #: back to the system at the next frame where nothing moves (:meth:`_tidy_when_idle`)
        self.tidy_due, self._bottom_id = False, 0
        if uidump is True:
            self.uidump = UIDump.from_env()
        else:
            self.uidump = uidump or None
        if size is None:
            ws = self.settings.get("window_size") or LOGICAL_SIZE
            size = (int(ws[0]), int(ws[1]))
        self.windowed_size = self._fit_to_desktop(size)
        self.fullscreen = bool(self.settings.get("fullscreen")) if fullscreen is None else fullscreen
        icon = self.assets.image(ICON)
        if icon is not None:
            try:
                pygame.display.set_icon(icon)
            except pygame.error:
                pass
        pygame.display.set_caption(TITLE)
        self.screen = self._set_mode()
        widgets.bind_app(self)  # Button / choice clicks play through self.sound

    # -- window -----------------------------------------------------------------------
    @staticmethod
    def _fit_to_desktop(size: tuple[int, int]) -> tuple[int, int]:
        w, h = max(MIN_WINDOW[0], int(size[0])), max(MIN_WINDOW[1], int(size[1]))
        try:
            desktops = pygame.display.get_desktop_sizes()
        except pygame.error:
            desktops = []
        if desktops and os.environ.get("SDL_VIDEODRIVER") != "dummy":
            dw, dh = desktops[0]
            if w > dw or h > dh - 40:
                f = min(dw / w, (dh - 80) / h)
                w, h = max(MIN_WINDOW[0], int(w * f)), max(MIN_WINDOW[1], int(h * f))
        return (w, h)

    def _set_mode(self) -> pygame.Surface:
        if self.fullscreen:
            try:
                screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error as e:
                log.warning("fullscreen failed (%s); using a window", e)
                self.fullscreen = False
                screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        else:
            screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        pygame.display.set_caption(TITLE)  # (set again: some drivers drop a caption set before set_mode)
        plain_wm_name(TITLE)
        if not self.fullscreen:
            try:  # keep the window big enough to read
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", DeprecationWarning)
                    pygame.Window.from_display_module().minimum_size = MIN_WINDOW
            except Exception:  # pragma: no cover - older pygame-ce / driver without support
                pass
        self._on_resize(screen.get_size())
        return screen

    def _keep_minimum(self, surf: pygame.Surface) -> pygame.Surface:
        """The window surface after a resize, grown back to :data:`MIN_WINDOW` when the window
        became smaller (a window manager that ignores the minimum-size hint); the display surface
        as it is otherwise."""
        w, h = surf.get_size()
        if self.fullscreen or (w >= MIN_WINDOW[0] and h >= MIN_WINDOW[1]):
            return surf
        size = (max(w, MIN_WINDOW[0]), max(h, MIN_WINDOW[1]))
        try:  # the same window, resized (set_mode could make a new one)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().size = size
            return pygame.display.get_surface() or surf
        except Exception:  # pragma: no cover - an older pygame-ce: a new mode of that size
            log.debug("cannot resize the window to %s", size, exc_info=True)
        try:
            return pygame.display.set_mode(size, pygame.RESIZABLE)
        except pygame.error as e:  # pragma: no cover - a driver that cannot resize: keep what it gave
            log.debug("cannot grow the window back to %s: %s", size, e)
            return surf

    def _on_resize(self, size: tuple[int, int]) -> None:
        if self.viewport.resize(size):
            self.assets.clear()
            render_cache.drop_window_caches()
            self.tidy_due = True
        if not getattr(self, "fullscreen", False):
            self.windowed_size = (max(MIN_WINDOW[0], size[0]), max(MIN_WINDOW[1], size[1]))

    def toggle_fullscreen(self) -> None:
        """F11: switch between fullscreen (desktop resolution) and the previous window size."""
        self.fullscreen = not self.fullscreen
        self.screen = self._set_mode()
        self.settings["fullscreen"] = self.fullscreen

    def resize_window(self, size: tuple[int, int]) -> None:
        """Programmatic resize (tests/bench): sets a new windowed mode of ``size`` window px, at
        least :data:`MIN_WINDOW`."""
        self.fullscreen = False
        self.windowed_size = (max(MIN_WINDOW[0], int(size[0])), max(MIN_WINDOW[1], int(size[1])))
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self._on_resize(self.screen.get_size())

    # -- scenes -----------------------------------------------------------------------
    def make_scene(self, scene_name: str, /, **kwargs: Any) -> Scene:
        """Instantiate a scene from ``scenes.shell.registry.SCENES`` (KeyError if unknown). The name is
        positional-only so a scene may take a ``name`` kwarg (the privacy screen's player name)."""
        return scene_class(scene_name)(self, **kwargs)

    def online_tables(self) -> str:
        """The menu's line about this player's unfinished online tables ("" for none;
        :func:`scenes.shell.registry.online_menu_line`)."""
        return online_menu_line(self)

    def has_scene(self, scene_name: str) -> bool:
        """True if ``scene_name`` is registered (a game whose play scene is missing is shown as
        unavailable)."""
        return scene_name in SCENES

    @property
    def animation_factor(self) -> float:
        """Multiplier for animation time (settings' animation speed)."""
        return self.settings.animation_factor

    def open_pause(self) -> None:
        """Push the pause menu over the top scene (if it is pausable and not already paused)."""
        top = self.manager.top()
        if top is not None and top.pausable:
            self.manager.push(self.make_scene("pause"))

    def go_to_menu(self) -> None:
        """Drop every scene and show the main menu."""
        self.manager.reset(self.make_scene("menu"))

    def start_game(self, game: str, **setup: Any) -> Scene:
        """Replace the whole stack with the play scene of ``game`` (setup kwargs passed on:
        seats, colors, seed, names, speed)."""
        info = GAMES_BY_NAME[game]
        setup.setdefault("speed", self.animation_factor)
        scene = self.make_scene(info.scene, **setup)
        self.manager.reset(scene)
        return scene

    def open_tutorial(self, game: str) -> bool:
        """Replace the whole stack with ``game``'s tutorial (the scene ``"tutorial"``). False when
        it cannot be built (no tutorial, a broken file: one line logged, nothing changed)."""
        try:
            scene = self.make_scene("tutorial", game=game)
        except (LookupError, ValueError) as exc:  # game.tutorial.TutorialError is a ValueError
            log.error("tutorial %s: %s", game, exc)
            return False
        self.manager.reset(scene)
        return True

    def set_language(self, lang: str | None) -> str:
        """Switch every text to ``lang`` (``"en"``, ``"es"``, ``"ja"``; None: the system's) at once
        and remember the choice in the settings: each scene on the stack that builds its texts once
        is rebuilt (:meth:`Scene.language_changed`). Returns the language in use (English with a
        logged line if the catalog cannot be loaded)."""
        before = i18n.language()
        code = i18n.set_language(lang)
        if i18n.load_problem():
            log.warning("%s", i18n.load_problem())
        self.settings["language"] = lang if lang in i18n.LANGUAGES else None
        self.settings.save()
        pygame.display.set_caption(TITLE)
        if code != before:
            self.assets.language_changed()
            for scene in self.manager.stack:
                new = scene.language_changed()
                if new is not None:
                    self.manager.swap(scene, new)
            self.tidy_due = True
        return code

    def quit(self) -> None:
        self.running = False

    # -- frame ------------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> bool:
        """Handle one raw pygame event (window pixels). Returns True if something consumed it."""
        et = event.type
        if et == pygame.QUIT:
            self.running = False
            return True
        if et in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            surf = pygame.display.get_surface()
            if surf is not None:
                self.screen = self._keep_minimum(surf)
                self._on_resize(self.screen.get_size())
            return True
        if et == pygame.WINDOWLEAVE:
            # the pointer left the window: clear hover states via a motion far outside
            event = pygame.event.Event(pygame.MOUSEMOTION, pos=(-100000, -100000), rel=(0, 0), buttons=(0, 0, 0))
            return self.manager.handle_event(event)
        if et == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_F11:
            self.toggle_fullscreen()
            return True
        if not _well_formed(event):
            return False  # a malformed (synthetic) mouse event: ignore it
        try:
            ev = convert_event(event, self.viewport)
        except (TypeError, ValueError, IndexError, AttributeError):
            return False
        consumed = self.manager.handle_event(ev)
        if not consumed and et == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_ESCAPE:
            top = self.manager.top()
            if top is not None and top.pausable:
                self.open_pause()
                return True
        return consumed

    def draw(self) -> None:
        """Draw the visible scenes onto the window surface (:class:`scenes.shell.painter.Painter`),
        then the notice bar. No state change but the painter's picture and counts."""
        shown = self.painter.paint(self.screen, self.manager.visible_scenes())
        self.scene_shown = self.scene_shown or shown
        self.cover_frames += not shown
        boxes.new_layer(self)
        self.notice_bar.draw(self.screen, self)

    AUDIO_START_MAX_FRAMES = 30

    def _start_audio(self) -> None:
        """Open the mixer once the first frame is on screen (called after the flip): as soon as
        nothing animates (a slow audio device never stutters the menu's fade-in), at the latest
        ``AUDIO_START_MAX_FRAMES`` frames later. A sound played before that starts it at once."""
        self._audio_wait += 1
        if self._audio_wait > self.AUDIO_START_MAX_FRAMES or not self.manager.busy():
            self._audio_pending = False
            self.sound.start()

    def frame(self, dt_ms: float, events: Sequence[pygame.event.Event], draw: bool = True) -> None:
        """One frame: dispatch ``events``, update by ``dt_ms``, then (``draw``) draw, flip, UI dump."""
        for ev in events:
            self.process_event(ev)
            if not self.running:
                return
        self.manager.update(dt_ms)
        self.notice_bar.update(dt_ms, self.manager.top())
        if not self.running or self.manager.top() is None:
            return
        if not draw:
            return self._tidy_when_idle()
        self.draw()
        pygame.display.flip()
        self.frames += 1
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
            if self.quit_after_first_frame:
                # said the moment the frame is shown (the start benchmarks time this line's arrival)
                startclock.mark("frame")
                print(f"tatami: first frame after {1000 * (self.first_frame_at - self._t0):.0f} ms", flush=True)
        if self.quit_after_first_frame and self.scene_shown and self.running:
            # the first frame may be the opening fade's cover alone: the scene is drawn at the next
            self.running = False
            startclock.mark("drawn")
            print(f"tatami: scene drawn after {1000 * (time.perf_counter() - self._t0):.0f} ms", flush=True)
            print(startclock.steps_line(self.assets.load_ms), flush=True)
        if self.uidump is not None:
            self.uidump.update(self.manager.top(), self.viewport)
        if self._audio_pending and self.running:
            self._start_audio()  # the frame is shown: never delays it (--quit-after-first-frame: never)
        self._tidy_when_idle()

    def _tidy_when_idle(self) -> None:
        """When the scene at the bottom of the stack changed (a new game, back to the menu) its
        predecessor and caches are garbage; once nothing moves (so the ~25 ms it takes never
        stalls an animation) :func:`scenes.shell.heap.tidy` collects them and gives their memory back."""
        bottom = id(self.manager.stack[0]) if self.manager.stack else 0
        if bottom != self._bottom_id:
            self.tidy_due = self.tidy_due or self._bottom_id != 0  # not for the first scene
            self._bottom_id = bottom
        if self.tidy_due and not self.manager.busy():
            self.tidy_due = False
            heap.tidy()

    def pump(self, dt_ms: float = 1000 / 60, draw: bool = True) -> None:
        """One :meth:`frame` with the queued events and a fixed ``dt_ms`` (tests / self-test)."""
        self.frame(dt_ms, pygame.event.get(), draw)

    def run(self) -> int:
        """The interactive loop; returns the exit code."""
        self.clock.tick()
        idle_frames = 0
        while self.running and self.manager.top() is not None:
            if self.frames > 0 and not self.manager.busy() and not pygame.event.peek():
                # idle: block until input (or the timeout); nothing animates, so no CPU is spent
                ev = pygame.event.wait(self.IDLE_WAIT_MS)
                events = [ev] if ev.type != pygame.NOEVENT else []
                events += pygame.event.get()
                if not events:
                    idle_frames += 1
                    if idle_frames * self.IDLE_WAIT_MS < self.IDLE_REDRAW_MS:
                        continue  # nothing happened: skip the frame entirely
                idle_frames = 0
            else:
                events = pygame.event.get()
            # the frame-rate cap waits out the rest of 1/FPS since the last tick: not until the
            # scene has been drawn (it would delay the start by a whole frame, ~17 ms; the first
            # frame may be the opening fade's cover alone)
            dt = min(float(self.clock.tick(self.FPS if self.scene_shown else 0)), self.MAX_DT_MS)
            self.frame(dt, events)
        return self.exit_code

    def shutdown(self) -> None:
        """Save settings (window size / fullscreen) and close the window."""
        if not self.fullscreen:
            self.settings["window_size"] = list(self.windowed_size)
        self.settings["fullscreen"] = bool(self.fullscreen)
        self.settings.save()
        for scene in reversed(self.manager.stack):
            try:
                scene.exit()
            except Exception:  # pragma: no cover - never block quitting
                log.exception("error while closing scene %s", scene.name)
        self.manager.clear()
        if self.turn_watch is not None:
            self.turn_watch.stop()
            self.turn_watch = None
        pygame.display.quit()
        self.sound.close()
        widgets.bind_app(None, only=self)


def _well_formed(event: pygame.event.Event) -> bool:
    """Mouse events must carry a numeric 2-tuple ``pos`` (and ``button`` for presses)."""
    et = event.type
    if et not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
        return True
    pos = getattr(event, "pos", None)
    try:
        if pos is None or len(pos) != 2:
            return False
        float(pos[0]), float(pos[1])
    except (TypeError, ValueError):
        return False
    if et != pygame.MOUSEMOTION and not isinstance(getattr(event, "button", None), int):
        return False
    return True
