"""The two sides tools/bench_compare.py compares: a revision of this repository exported into a
folder of its own, the working tree, or another checkout (:func:`resolve_side`). Standard library
only.
"""
from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: Where revisions are exported (one folder per full sha, reused).
EXPORTS = os.path.join(ROOT, "build", "bench-compare")


class CompareError(Exception):
    """A side's run or build failed, or a side could not be found: one line (then maybe a tail)."""


def say(msg: str) -> None:
    print(f"bench_compare: {msg}", file=sys.stderr, flush=True)


def git(args: list[str], repo: str = ROOT) -> str:
    """``git ARGS`` in ``repo``: its stdout, stripped; CompareError when it fails."""
    proc = subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True, errors="replace")
    if proc.returncode != 0:
        raise CompareError(f"`git {shlex.join(args)}` exited {proc.returncode}: {proc.stderr.strip()}")
    return proc.stdout.strip()


@dataclass
class Side:
    """One of the two versions: ``label`` "A" or "B", ``spec`` as given, ``path`` the checkout's
    folder, ``kind`` "revision" (exported), "tree" (the working tree) or "dir", ``sha`` (full, for a
    revision and the tree's HEAD), ``describe`` (one line for the report), ``supports`` (the parts
    and options its command line knows), ``data_dir`` (its scratch TATAMI_DATA_DIR)."""

    label: str
    spec: str
    path: str
    kind: str
    sha: str | None = None
    describe: str = ""
    supports: dict[str, bool] = field(default_factory=dict)
    data_dir: str = ""

    @property
    def who(self) -> str:
        return f"side {self.label} ({self.spec})"


def export_revision(sha: str, export_root: str = EXPORTS, repo: str = ROOT) -> str:
    """The folder ``export_root/<sha>`` holding revision ``sha`` of ``repo`` (``git archive``,
    extracted with tarfile; reused when already there), its catalogs compiled. Returns its path."""
    dest = os.path.join(export_root, sha)
    if os.path.isdir(os.path.join(dest, "scenes")):
        return dest
    os.makedirs(export_root, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix=f".{sha[:12]}-", dir=export_root)
    say(f"exporting {sha[:12]} into {dest}")
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(["git", "archive", "--format=tar", sha], cwd=repo, stdout=subprocess.PIPE,
                                stderr=err)
        try:
            assert proc.stdout is not None
            with tarfile.open(fileobj=proc.stdout, mode="r|") as tar:
                if hasattr(tarfile, "data_filter"):
                    tar.extractall(tmp, filter="data")
                else:  # pragma: no cover (Python < 3.11.4)
                    tar.extractall(tmp)
        finally:
            if proc.stdout is not None:
                proc.stdout.close()
            rc = proc.wait()
        err.seek(0)
        message = err.read().decode("utf-8", "replace").strip()
    if rc != 0 or not os.path.isdir(os.path.join(tmp, "scenes")):
        shutil.rmtree(tmp, ignore_errors=True)
        raise CompareError(f"`git archive {sha}` exited {rc} or made no scenes/: {message}")
    i18n = os.path.join(tmp, "tools", "i18n.py")
    if os.path.exists(i18n):  # the .mo files are not committed; the working tree has them
        done = subprocess.run([sys.executable, i18n, "compile"], cwd=tmp, capture_output=True, text=True)
        if done.returncode != 0:
            say(f"{sha[:12]}: compiling its catalogs failed (exit {done.returncode}); going on without")
    shutil.rmtree(dest, ignore_errors=True)  # a half-made one from an interrupted run
    os.rename(tmp, dest)
    return dest


def resolve_side(label: str, spec: str, export_root: str = EXPORTS, repo: str = ROOT) -> Side:
    """The :class:`Side` named by ``spec``: ``.`` or ``repo`` itself (the working tree), another
    folder holding ``scenes/``, or a revision of ``repo`` (exported by :func:`export_revision`)."""
    if spec == "." or (os.path.isdir(spec) and os.path.realpath(spec) == os.path.realpath(repo)):
        head = git(["log", "-1", "--format=%h %s"], repo)
        dirty = git(["status", "--porcelain", "--untracked-files=no"], repo)
        return Side(label, spec, repo, "tree", git(["rev-parse", "HEAD"], repo),
                    f"the working tree {repo} (HEAD `{head}`{', with uncommitted changes' if dirty else ''})")
    if os.path.isdir(spec):
        path = os.path.abspath(spec)
        if not os.path.isdir(os.path.join(path, "scenes")):
            raise CompareError(f"side {label}: {path} holds no checkout (no scenes/ in it)")
        return Side(label, spec, path, "dir", None, f"the checkout {path}")
    proc = subprocess.run(["git", "rev-parse", "--verify", "--quiet", spec + "^{commit}"], cwd=repo,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise CompareError(f"side {label}: {spec!r} is neither a folder holding a checkout (scenes/) "
                           f"nor a revision of {repo}")
    sha = proc.stdout.strip()
    path = export_revision(sha, export_root, repo)
    return Side(label, spec, path, "revision", sha, f"`{git(['log', '-1', '--format=%h %s', sha], repo)}` ({path})")


__all__ = ["EXPORTS", "CompareError", "Side", "export_revision", "git", "resolve_side", "say"]
