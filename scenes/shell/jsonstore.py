"""A small JSON file kept in the per-user data folder, read and written the same way by the statistics
(:mod:`scenes.shell.stats`) and the recent games (:mod:`scenes.shell.history`).

Reading goes through the one validation step (:mod:`game.safejson`) and never raises: a missing file
is "empty"; an unreadable, oversized, non-regular or corrupt file, or one of an older or unknown
version, is set aside as ``<name>.bad`` (:func:`set_aside`; an earlier ``.bad`` is never
overwritten) with a :class:`LoadProblem` for the screens' one-line notice; a file of a newer
version (a newer Tatami's) is kept untouched and never written. Changes are made under a lock with
the file re-read first (:meth:`JsonStore.update`), so two windows never drop each other's data.
Writes are atomic (``write_text_atomic``); a failing write is logged once and told on screen
(:mod:`scenes.shell.notices`). Never imports pygame.
"""
from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import shutil
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

from game import safejson
from game.i18n import N_, _
from scenes.shell import notices

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



def write_text_atomic(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` via a temp file in the same folder and ``os.replace``,
    creating the folder if needed, so a reader never sees a half-written file.

    Raises:
        OSError: the folder or file cannot be written (the temp file is removed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=".tmp", dir=str(path.parent))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def newer_version(doc: Any, ours: int) -> int | None:
    """The ``"version"`` of the JSON object ``doc`` when it is above ``ours`` (a newer Tatami's
    file: kept untouched, never written), else None."""
    version = doc.get("version") if isinstance(doc, dict) else None
    if isinstance(version, int) and not isinstance(version, bool) and version > ours:
        return version
    return None


def free_bad_path(path: Path) -> Path:
    """Where to put the unusable ``path``: ``<name>.bad``, or ``<name>.bad.2``, ``.bad.3``... when
    that is taken (an earlier bad file is never overwritten)."""
    bad = path.with_name(path.name + ".bad")
    n = 2
    while bad.exists() and n < 1000:
        bad = path.with_name(f"{path.name}.bad.{n}")
        n += 1
    return bad


def set_aside(path: Path, what: str, reason: str, detail: str, copy: bool = False,
              quiet: bool = False, logger: logging.Logger = log, notify: bool = False) -> LoadProblem:
    """Move (or, with ``copy``, copy) the unusable file ``path`` to ``<name>.bad`` (never over an
    earlier one: :func:`free_bad_path`) and log one line to ``logger`` (unless ``quiet``) naming
    ``what`` it is ("statistics", "autosave"); with ``notify``, also a notice on screen
    (:mod:`scenes.shell.notices`) that says truthfully whether the file was moved.

    Returns:
        The :class:`LoadProblem` (``moved_to`` None if the move failed too)."""
    moved: Path | None = None
    why_not = ""
    try:
        moved = bad = free_bad_path(path)
        if not stat.S_ISREG(os.stat(path).st_mode):  # a folder, a pipe, a device: never moved
            raise OSError(errno.EINVAL, "not a regular file")
        if copy:
            shutil.copyfile(path, bad)
        else:
            os.replace(path, bad)
    except OSError as e:
        how = "copied" if copy else "moved"
        moved, why_not = None, f"; it cannot be {how} aside ({e.strerror or e}): left as it is"
    detail = " ".join(detail.splitlines())  # one log line
    if not quiet:
        where = f"; {'copied' if copy else 'moved'} aside to {moved}" if moved else why_not
        logger.warning("%s: cannot load %s: %s%s", what, path, detail, where)
    if notify:
        if moved is not None:
            notices.report(notices.SET_ASIDE, what=notices.what(what), reason=reason, file=moved.name)
        else:
            notices.report(notices.LEFT_IN_PLACE, what=notices.what(what), reason=reason)
    return LoadProblem(reason, detail, moved)


#: Seconds a store waits for another Tatami window's write before giving up on its own.
LOCK_TIMEOUT_S = 10.0


@contextlib.contextmanager
def locked(path: Path, timeout: float = LOCK_TIMEOUT_S) -> Iterator[None]:
    """One writer at a time for ``path`` across processes (two Tatami windows on one data folder):
    holds ``<name>.lock`` beside it (:mod:`filelock`) for the block, creating the folder if needed.

    Raises:
        OSError: the lock file cannot be made (a read-only folder) or another process kept it
            for ``timeout`` s (``filelock.Timeout`` is an OSError here: ``TimeoutError``)."""
    import filelock

    path.parent.mkdir(parents=True, exist_ok=True)
    lock = filelock.FileLock(str(path.with_name(path.name + ".lock")), timeout=timeout)
    try:
        lock.acquire()
    except filelock.Timeout as e:
        raise TimeoutError(f"{path} is locked by another Tatami window: {e}") from None
    try:
        yield
    finally:
        lock.release()


class JsonStore:
    """One versioned JSON document at ``path`` (a subclass names ``WHAT`` for the log, ``VERSION``
    and ``MAX_BYTES``). ``problem`` is the last read's :class:`LoadProblem` or None; ``writes``
    counts successful writes; ``newer`` is True when the file holds a version above ``VERSION`` (a
    newer Tatami's): it is kept untouched and never written.

    Changes go through :meth:`update` (lock, re-read, change, write), so two windows on one data
    folder add to each other's data instead of overwriting it."""

    WHAT = "data"
    VERSION = 1
    MAX_BYTES = 16 * 1024 * 1024
    #: the logger of the store's one-line messages
    LOG = log
    #: The screens' one line about an unusable file (English catalog texts, whole sentences): a
    #: newer Tatami's, and one set aside (``{reason}``); a store that leaves them empty says its
    #: own (:meth:`notice`).
    NEWER_NOTICE = ""
    SET_ASIDE_NOTICE = ""

    def __init__(self, path: Path):
        self.path = path
        self.problem: LoadProblem | None = None
        self.writes = 0
        self.newer = False
        #: whether the last :meth:`update` wrote its change
        self.last_saved = False
        self._write_failed = False

    @property
    def bad_path(self) -> Path:
        """Where an unusable file is put first: ``<name>.bad`` beside it."""
        return self.path.with_name(self.path.name + ".bad")

    def read_doc(self) -> dict | None:
        """The file's document (a dict of :attr:`VERSION`), or None: missing (no problem),
        unusable (set aside, :attr:`problem` set) or newer (:attr:`newer`, kept; :attr:`problem`
        set). Never raises."""
        self.problem = None
        self.newer = False
        try:
            doc = safejson.read_json(self.path, self.MAX_BYTES)
        except FileNotFoundError:
            return None
        except safejson.JsonFileError as e:
            self._set_aside(e.reason, str(e))
            return None
        version = newer_version(doc, self.VERSION)
        if version is not None:
            self.newer = True
            self.problem = LoadProblem(N_("the file is from a newer Tatami"), f"version {version}", None)
            self.LOG.warning("%s: %s is of version %s (newer than %s): kept unchanged, not written", self.WHAT,
                             self.path, version, self.VERSION)
            notices.report(notices.NEWER, file=self.path.name, what=notices.what(self.WHAT))
            return None
        if not isinstance(doc, dict) or doc.get("version") != self.VERSION:
            self._set_aside(N_("the file is corrupt"), f"ValueError: not a {self.WHAT} file of version {self.VERSION}")
            return None
        return doc

    def _set_aside(self, reason: str, detail: str, copy: bool = False) -> None:
        self.problem = set_aside(self.path, self.WHAT, reason, detail, copy=copy, logger=self.LOG)

    def update(self, change: Callable[[], Any]) -> Any:
        """Lock the file, re-read it (:meth:`load`), apply ``change()`` to the fresh data and write
        it (:meth:`save`); returns ``change``'s answer. When the lock cannot be had, ``change``
        applies to the data in memory and the write is reported as failed (logged once, a notice).
        Never raises on I/O."""
        try:
            with locked(self.path):
                self.load()
                out = change()
                self.last_saved = self.save()
                return out
        except OSError as e:
            self._write_error(str(e))
            self.last_saved = False
            return change()

    def loaded(self) -> None:
        """Read the file if it was not read yet (a store's first use of its data); nothing here."""

    def notice(self) -> str:
        """One line for the screens when the file was unusable (:data:`NEWER_NOTICE`,
        :data:`SET_ASIDE_NOTICE`, in the language in use), else ``""``."""
        self.loaded()
        if self.problem is None:
            return ""
        if self.newer:
            return _(self.NEWER_NOTICE)
        return _(self.SET_ASIDE_NOTICE).format(reason=_(self.problem.reason))

    def load(self) -> None:  # pragma: no cover - every store defines it
        """(Re)read the file into memory."""
        raise NotImplementedError

    def save(self) -> bool:  # pragma: no cover - every store defines it
        """Write the data in memory."""
        raise NotImplementedError

    def _write_error(self, detail: str) -> None:
        if not self._write_failed:
            self._write_failed = True
            self.LOG.warning("%s: cannot write %s: %s", self.WHAT, self.path, detail)
            notices.report(notices.CANNOT_WRITE, what=notices.what(self.WHAT), folder=str(self.path.parent))

    def write_doc(self, doc: dict, **dumps: Any) -> bool:
        """Write ``doc`` atomically (``json.dumps`` keywords ``dumps``); False (logged once, a
        notice) when it cannot be written, and False without trying when the file is a newer
        Tatami's (:attr:`newer`)."""
        if self.newer:
            return False
        try:
            write_text_atomic(self.path, json.dumps(doc, ensure_ascii=False, **dumps))
        except (OSError, TypeError, ValueError) as e:
            self._write_error(str(e))
            return False
        self.writes += 1
        return True


__all__ = ["JsonStore", "LOCK_TIMEOUT_S", "LoadProblem", "free_bad_path", "locked", "newer_version", "set_aside",
           "write_text_atomic"]
