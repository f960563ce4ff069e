"""A small JSON file kept in the per-user data folder, read and written the same way by the statistics
(:mod:`scenes.shell.stats`) and the recent games (:mod:`scenes.shell.history`).

Reading never raises: a missing file is "empty"; an unreadable, oversized or corrupt file, or one of
another version, is set aside as ``<name>.bad`` (:func:`set_aside`) with a :class:`LoadProblem` for
the screens' one-line notice. Writes are atomic (``write_text_atomic``); a failing write is logged
once. Never imports pygame.
"""
from __future__ import annotations

import json
import logging
import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.i18n import N_
from scenes.shell.settings import write_text_atomic

log = logging.getLogger("tatami.store")


@dataclass(frozen=True)
class LoadProblem:
    """Why the last read of a file (an autosave, the statistics, the recent games) found nothing
    usable although a file was there.

    Attributes:
        reason: short phrase for the UI, e.g. ``"the file is corrupt"`` (an English catalog text,
            ``N_``: the screens translate it where they show it).
        detail: the precise cause (exception text) for the log.
        moved_to: where the bad file was set aside (``<name>.bad``), or None if moving
            it failed too.
    """

    reason: str
    detail: str
    moved_to: Path | None



def set_aside(path: Path, what: str, reason: str, detail: str, copy: bool = False,
              quiet: bool = False, logger: logging.Logger = log) -> LoadProblem:
    """Move (or, with ``copy``, copy) the unusable file ``path`` to ``<name>.bad`` and log one line
    to ``logger`` (unless ``quiet``) naming ``what`` it is ("statistics", "autosave").

    Returns:
        The :class:`LoadProblem` (``moved_to`` None if the move failed too)."""
    bad = path.with_name(path.name + ".bad")
    moved: Path | None = bad
    try:
        if copy:
            shutil.copyfile(path, bad)
        else:
            os.replace(path, bad)
    except OSError:
        moved = None
    detail = " ".join(detail.splitlines())  # one log line
    if not quiet:
        where = f"; {'copied' if copy else 'moved'} aside to {moved}" if moved else ""
        logger.warning("%s: cannot load %s: %s%s", what, path, detail, where)
    return LoadProblem(reason, detail, moved)


class JsonStore:
    """One versioned JSON document at ``path`` (a subclass names ``WHAT`` for the log, ``VERSION``
    and ``MAX_BYTES``). ``problem`` is the last read's :class:`LoadProblem` or None; ``writes``
    counts successful writes."""

    WHAT = "data"
    VERSION = 1
    MAX_BYTES = 16 * 1024 * 1024
    #: the logger of the store's one-line messages
    LOG = log

    def __init__(self, path: Path):
        self.path = path
        self.problem: LoadProblem | None = None
        self.writes = 0
        self._write_failed = False

    @property
    def bad_path(self) -> Path:
        """Where an unusable file is put: ``<name>.bad`` beside it."""
        return self.path.with_name(self.path.name + ".bad")

    def read_doc(self) -> dict | None:
        """The file's document (a dict of :attr:`VERSION`), or None: missing (no problem) or
        unusable (set aside, :attr:`problem` set). Never raises."""
        self.problem = None
        try:
            with open(self.path, "rb") as f:
                raw = f.read(self.MAX_BYTES + 1)
        except FileNotFoundError:
            return None
        except OSError as e:
            self._set_aside(N_("the file cannot be read"), f"cannot read {self.path}: {e}")
            return None
        try:
            if len(raw) > self.MAX_BYTES:
                raise ValueError(f"larger than {self.MAX_BYTES} bytes")
            doc = json.loads(raw.decode("utf-8"))
            if not isinstance(doc, dict) or doc.get("version") != self.VERSION:
                raise ValueError(f"not a {self.WHAT} file of version {self.VERSION}")
        except (ValueError, UnicodeDecodeError) as e:
            self._set_aside(N_("the file is corrupt"), f"{type(e).__name__}: {e}")
            return None
        return doc

    def _set_aside(self, reason: str, detail: str, copy: bool = False) -> None:
        self.problem = set_aside(self.path, self.WHAT, reason, detail, copy=copy, logger=self.LOG)

    def write_doc(self, doc: dict, **dumps: Any) -> bool:
        """Write ``doc`` atomically (``json.dumps`` keywords ``dumps``); False (logged once) when
        it cannot be written."""
        try:
            write_text_atomic(self.path, json.dumps(doc, ensure_ascii=False, **dumps))
        except (OSError, TypeError, ValueError) as e:
            if not self._write_failed:
                self._write_failed = True
                self.LOG.warning("%s: cannot write %s: %s", self.WHAT, self.path, e)
            return False
        self.writes += 1
        return True


__all__ = ["JsonStore", "LoadProblem", "set_aside"]
