"""``tatami --selftest --layout``: the layout check over the whole matrix (issue 21 §1).

Every walk of :mod:`scenes.devtools.layoutstates` (every scene and the states that change what is
on screen) runs in each language (en, es, ja, the pseudo language) at each window size (1280x720,
800x450 and 1920x1080) on the real ``App``, headless. At each state the frame on screen is drawn
once more with a :class:`~scenes.kit.boxes.BoxRecorder` attached and checked by
:func:`scenes.devtools.layoutcheck.check_frame`; what it finds is printed (one line each) and
counted. With an output folder, a contact sheet per scene is written: ``<scene>.png``, one row per
language and size, the states side by side, each finding outlined in red on its state.

:func:`run_matrix` is what the test suite's fast subset and ``--selftest --layout`` call.
"""
from __future__ import annotations

import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

import pygame

from game import environ, i18n
from scenes.devtools.driver import Driver, SelfTestFailure
from scenes.devtools.layoutcheck import Finding, check_frame
from scenes.devtools.layoutstates import WALKS, SceneWalk, settle
from scenes.kit.boxes import BoxRecorder

LANGS: tuple[str, ...] = ("en", "es", "ja", i18n.PSEUDO)
SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (800, 450), (1920, 1080))
#: Walks update their frames without drawing them (:class:`Driver`'s ``lean``): a state checked is
#: drawn as it is captured, the frames between are never seen.
LEAN = True
#: A contact sheet's thumbnail width (px); its height follows the window's shape.
THUMB_W = 480


@dataclass
class Shot:
    """One checked state: ``scene`` (the sheet), ``state``, ``lang``, ``size`` (window px), the
    ``findings`` and, for the contact sheet, a thumbnail of the frame with them outlined."""

    scene: str
    state: str
    lang: str
    size: tuple[int, int]
    findings: list[Finding]
    thumb: pygame.Surface | None = None


@dataclass
class LayoutReport:
    """Every shot of a run, and the walks that could not finish (``errors``: one line each)."""

    shots: list[Shot] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @property
    def findings(self) -> list[tuple[Shot, Finding]]:
        """Every finding with the shot it was found in."""
        return [(s, f) for s in self.shots for f in s.findings]

    def ok(self) -> bool:
        """True when nothing was found and every walk finished."""
        return not self.errors and not self.findings


def _elements(app: Any) -> list[tuple[str, str, pygame.Rect]]:
    top = app.manager.top()
    return [(el.id, el.kind, app.viewport.to_window(pygame.Rect(el.rect))) for el in top.ui_elements()]


def capture(app: Any, rec: BoxRecorder, lang: str) -> tuple[list[Finding], pygame.Surface]:
    """Draw the frame on screen once more with ``rec`` attached and check it; returns the
    findings and the frame (a copy of the window surface)."""
    app.assets.boxes = rec
    rec.clear()
    try:
        app.screen.fill((0, 0, 0))
        for i, scene in enumerate(app.manager.visible_scenes()):
            if i:
                rec.layer += 1
            scene.draw(app.screen)
        element_layer = rec.layer
        rec.layer += 1
        app.notice_bar.draw(app.screen, app)
    finally:
        app.assets.boxes = None
    window = app.screen.get_rect()
    typed = getattr(app.manager.top(), "typed_texts", None)  # data shown as typed (online: codes, names)
    findings = check_frame(rec, window, lang, _elements(app), element_layer, names=typed() if typed else ())
    return findings, app.screen.copy()


def _outlined(frame: pygame.Surface, findings: Sequence[Finding]) -> pygame.Surface:
    img = frame.copy()
    for f in findings:
        if f.rect is not None:
            pygame.draw.rect(img, (255, 0, 0), pygame.Rect(f.rect).inflate(4, 4), 2)
    return img


def _thumb(frame: pygame.Surface, findings: Sequence[Finding]) -> pygame.Surface:
    img = _outlined(frame, findings)
    w, h = img.get_size()
    return pygame.transform.smoothscale(img, (THUMB_W, max(1, round(h * THUMB_W / w))))


def run_matrix(walks: Sequence[SceneWalk] = WALKS, langs: Sequence[str] = LANGS,
               sizes: Sequence[tuple[int, int]] = SIZES, fast: bool = False, thumbs: bool = False,
               log: Callable[[str], None] = print, timeout_s: float = 1800.0,
               frames: Path | None = None) -> LayoutReport:
    """Run ``walks`` in every language of ``langs`` at every window size of ``sizes``; with
    ``fast`` only the states each walk names as fast are checked (the walk still runs to them).
    ``thumbs`` keeps a thumbnail of each state (for :func:`write_sheets`); ``frames``: a folder
    where the whole frame of each state with a finding is written (findings outlined). Uses a temporary data
    folder (never the player's). Never raises for a walk that fails: it is in ``errors``."""
    from scenes.shell.app import App
    from scenes.shell.history import HistoryStore
    from scenes.shell.saveslots import SaveSlots
    from scenes.shell.settings import Settings
    from scenes.shell.stats import StatsStore
    from scenes.profile.achieved import AchievementStore
    from scenes.profile.ratings import RatingStore
    from scenes.shell.catalog import open_room_stores

    report = LayoutReport()
    deadline = time.monotonic() + timeout_s
    old_data = os.environ.get(environ.DATA_DIR)
    try:
        for lang in langs:
            for size in sizes:
                with tempfile.TemporaryDirectory() as tmp:
                    os.environ[environ.DATA_DIR] = tmp
                    app = App(size=size, settings=Settings(Path(tmp) / "settings.json", autoload=False),
                              uidump=False, language=lang)
                    app.saves, app.stats, app.history = SaveSlots(), StatsStore(), HistoryStore()
                    app.ratings, app.achievements = RatingStore(), AchievementStore()
                    open_room_stores(app)
                    try:
                        _run_walks(app, walks, lang, size, fast, thumbs, report, log, deadline, frames)
                    finally:
                        app.shutdown()
    finally:
        if old_data is None:
            os.environ.pop(environ.DATA_DIR, None)
        else:
            os.environ[environ.DATA_DIR] = old_data
        i18n.set_language("en")
    return report


def _run_walks(app: Any, walks: Sequence[SceneWalk], lang: str, size: tuple[int, int], fast: bool, thumbs: bool,
               report: LayoutReport, log: Callable[[str], None], deadline: float, frames: Path | None) -> None:
    rec = BoxRecorder()
    tag = f"{lang} {size[0]}x{size[1]}"
    for walk in walks:
        if fast and not walk.fast:
            continue
        d = Driver(app, deadline, log=lambda _msg: None, lean=LEAN)  # only the states checked are drawn
        app.manager.reset(app.make_scene("menu"))
        settle(d)
        d.move((1, 1))
        wanted = set(walk.fast) if fast else None
        try:
            for state in walk.walk(d):
                if wanted is not None and state not in wanted:
                    continue
                if "tooltip" not in state:  # a tooltip's state keeps the pointer where its walk put it
                    d.move((1, 1))  # the pointer rests in a corner: no hover, no tooltip
                settle(d)
                d.drawn()  # drawn once as the player sees it (caches made), then captured
                findings, frame = capture(app, rec, lang)
                report.shots.append(Shot(walk.scene, state, lang, size, findings,
                                         _thumb(frame, findings) if thumbs else None))
                for f in findings:
                    log(f"layout: {walk.scene}/{state} [{tag}] {f.line()}")
                if findings and frames is not None:
                    frames.mkdir(parents=True, exist_ok=True)
                    pygame.image.save(_outlined(frame, findings),
                                      str(frames / f"{walk.scene}-{state}-{lang}-{size[0]}x{size[1]}.png"))
                if wanted is not None:
                    wanted.discard(state)
                    if not wanted:
                        break
            if wanted:
                report.errors.append(f"{walk.scene} [{tag}]: never reached {sorted(wanted)}")
        except SelfTestFailure as exc:
            report.errors.append(f"{walk.scene} [{tag}]: {exc}")
            log(f"layout: {walk.scene} [{tag}]: walk failed: {exc}")


def write_sheets(report: LayoutReport, out: Path) -> list[Path]:
    """One contact sheet per scene in the folder ``out``: a row per language and size (labelled),
    the states side by side (labelled, with their number of findings). Returns the files."""
    out.mkdir(parents=True, exist_ok=True)
    pygame.font.init()
    font = pygame.font.Font(None, 22)
    written = []
    scenes: dict[str, list[Shot]] = {}
    for shot in report.shots:
        if shot.thumb is not None:
            scenes.setdefault(shot.scene, []).append(shot)
    for scene, shots in scenes.items():
        states = list(dict.fromkeys(s.state for s in shots))
        rows = list(dict.fromkeys((s.lang, s.size) for s in shots))
        row_h = {r: max(s.thumb.get_height() for s in shots if (s.lang, s.size) == r and s.thumb) for r in rows}
        label_w, head = 130, 26
        sheet = pygame.Surface((label_w + len(states) * (THUMB_W + 8), head + sum(h + 8 for h in row_h.values())))
        sheet.fill((250, 250, 250))
        for k, st in enumerate(states):
            sheet.blit(font.render(st, True, (0, 0, 0)), (label_w + k * (THUMB_W + 8), 4))
        y = head
        for row in rows:
            sheet.blit(font.render(f"{row[0]} {row[1][0]}x{row[1][1]}", True, (0, 0, 0)), (4, y + 4))
            for shot in shots:
                if (shot.lang, shot.size) != row or shot.thumb is None:
                    continue
                x = label_w + states.index(shot.state) * (THUMB_W + 8)
                sheet.blit(shot.thumb, (x, y))
                if shot.findings:
                    sheet.blit(font.render(str(len(shot.findings)), True, (255, 255, 255), (200, 0, 0)), (x + 4, y + 4))
            y += row_h[row] + 8
        path = out / f"{scene}.png"
        pygame.image.save(sheet, str(path))
        written.append(path)
    return written


def _one_language(lang: str, fast: bool, thumbs: bool, frames: str | None) -> tuple[list[tuple], list[str], list[str]]:
    """The matrix of one language in a process of its own: ``(shots, errors, log lines)``, each
    shot's thumbnail as ``(bytes, size)`` (surfaces do not cross processes)."""
    lines: list[str] = []
    report = run_matrix(langs=(lang,), fast=fast, thumbs=thumbs, log=lines.append,
                        frames=Path(frames) if frames else None)
    shots = [(s.scene, s.state, s.lang, s.size, s.findings,
              (pygame.image.tobytes(s.thumb, "RGB"), s.thumb.get_size()) if s.thumb is not None else None)
             for s in report.shots]
    return shots, report.errors, lines


def run_parallel(langs: Sequence[str] = LANGS, fast: bool = False, thumbs: bool = False, frames: Path | None = None,
                 log: Callable[[str], None] = print, workers: int | None = None) -> LayoutReport:
    """:func:`run_matrix`, one language per process (``workers``: at most this many at once,
    default the number of CPUs), the reports joined in ``langs`` order."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    report = LayoutReport()
    ctx = multiprocessing.get_context("spawn")  # a fresh interpreter: no display or mixer inherited
    with ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1, mp_context=ctx) as pool:
        futures = [pool.submit(_one_language, lang, fast, thumbs, str(frames) if frames else None) for lang in langs]
        for fut in futures:
            shots, errors, lines = fut.result()
            for line in lines:
                log(line)
            for scene, state, lang, size, findings, thumb in shots:
                surf = pygame.image.frombytes(thumb[0], thumb[1], "RGB") if thumb is not None else None
                report.shots.append(Shot(scene, state, lang, tuple(size), findings, surf))
            report.errors.extend(errors)
    return report


def run_layout(out: Any = None, sheets: str | None = None, fast: bool = False) -> int:
    """``tatami --selftest --layout``: the whole matrix, a process per language; contact sheets
    in the folder ``sheets`` when given. Prints each finding and a
    summary; 0 when nothing was found, else 1."""
    import sys

    stream = out if out is not None else sys.stdout

    def log(msg: str) -> None:
        print(msg, file=stream, flush=True)

    start = time.monotonic()
    folder = sheets
    report = run_parallel(fast=fast, thumbs=bool(folder), log=log,
                          frames=Path(folder) / "findings" if folder else None)
    if folder:
        for path in write_sheets(report, Path(folder)):
            log(f"layout: contact sheet {path}")
    for err in report.errors:
        log(f"layout: FAILED walk: {err}")
    n = len(report.findings)
    log(f"layout: {len(report.shots)} states checked ({len(LANGS)} languages x {len(SIZES)} sizes), "
        f"{n} finding(s), {len(report.errors)} walk(s) failed, {time.monotonic() - start:.0f} s")
    return 0 if report.ok() else 1


__all__ = ["LANGS", "SIZES", "LayoutReport", "Shot", "capture", "run_layout", "run_matrix", "run_parallel",
           "write_sheets"]
