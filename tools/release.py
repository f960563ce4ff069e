#!/usr/bin/env python3
"""Names and makes Tatami's release archives: the ONE place that does, so the GitHub workflow
(.github/workflows/release.yml) and the Linux-under-Wine build never drift apart.

Standard library only (Python >= 3.11: tomllib). As a script::

    python tools/release.py version
        prints the version from pyproject.toml ([project] version), e.g. ``0.1.0``
    python tools/release.py name --system windows|macos|linux
        prints the archive's file name for that version, e.g. ``Tatami-0.1.0-windows-x64.zip``
    python tools/release.py archive --system windows|macos|linux [--dist dist] [--out dist]
        makes the archive from the bundle in --dist and prints its path (in --out)

Errors (a missing bundle, an unknown system, a bad pyproject.toml, a bad command line): one line
on stderr, exit code 2.

The archives, for version V (see :func:`archive_name` and :func:`make_archive`):

* ``Tatami-V-windows-x64.zip``: the folder ``<dist>/Tatami/`` (PyInstaller's one-folder bundle,
  ``Tatami.exe`` inside) as entries under ``Tatami/``.
* ``Tatami-V-macos.zip``: ``<dist>/Tatami.app`` as entries under ``Tatami.app/`` (made by
  ``ditto -c -k --keepParent`` on macOS, as Apple's notary service expects; elsewhere by zipfile
  with the same layout, file modes and symlinks kept).
* ``Tatami-V-linux-x86_64.tar.gz``: ``<dist>/Tatami/`` under ``Tatami/``, plus, in that top
  folder, ``tatami.desktop`` (freedesktop launcher, from packaging/linux/tatami.desktop),
  ``tatami.png`` (the 256x256 icon, assets/icon/tatami.png) and ``install.sh``
  (packaging/linux/install.sh: puts the launcher and icon into ~/.local/share for the user).

All archives keep the Unix file modes (the executables' x bits), list their entries in a fixed
order (sorted by path) and the tar.gz has no owner names and a zero gzip time stamp, so the same
bundle gives the same bytes.
"""
from __future__ import annotations

import argparse
import gzip
import os
import re
import shutil
import stat
import subprocess
import sys
import tarfile
import time
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"
#: The Linux launcher template (Exec=Tatami; install.sh makes Exec absolute when it installs it).
DESKTOP_FILE = ROOT / "packaging" / "linux" / "tatami.desktop"
#: The per-user installer shipped in the Linux archive.
INSTALL_SH = ROOT / "packaging" / "linux" / "install.sh"
#: The 256x256 PNG icon, shipped as Tatami/tatami.png in the Linux archive (Icon=tatami).
ICON_PNG = ROOT / "assets" / "icon" / "tatami.png"

#: The systems a release is built for, as the ``--system`` names.
SYSTEMS = ("windows", "macos", "linux")
#: system -> (archive name suffix after the version, the bundle inside ``dist``, its executable
#: relative to the bundle)
_LAYOUT = {
    "windows": ("-windows-x64.zip", "Tatami", "Tatami.exe"),
    "macos": ("-macos.zip", "Tatami.app", "Contents/MacOS/Tatami"),
    "linux": ("-linux-x86_64.tar.gz", "Tatami", "Tatami"),
}
_VERSION_RE = re.compile(r"[0-9A-Za-z][0-9A-Za-z.+_-]*")


class ReleaseError(Exception):
    """A release archive can't be named or made; ``str(error)`` is one line for the user."""


def version(pyproject: Path = PYPROJECT) -> str:
    """The project's version, ``[project] version`` of ``pyproject`` (default: the repo's
    pyproject.toml), e.g. ``"0.1.0"``.

    Raises ReleaseError when the file can't be read or parsed, or has no usable static version."""
    try:
        with open(pyproject, "rb") as f:
            data = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise ReleaseError(f"can't read the version from {pyproject}: {e}") from e
    value = data.get("project", {}).get("version")
    if not isinstance(value, str) or not _VERSION_RE.fullmatch(value):
        raise ReleaseError(f"{pyproject} has no usable [project] version (found {value!r})")
    return value


_project_version = version  # make_archive's ``version`` argument hides the function


def _check_system(system: str) -> None:
    if system not in _LAYOUT:
        raise ReleaseError(f"unknown system {system!r}: use one of {', '.join(SYSTEMS)}")


def archive_name(system: str, version: str) -> str:
    """The release archive's file name (no folder) for ``system`` (``"windows"``, ``"macos"`` or
    ``"linux"``) and ``version``: ``Tatami-<version>-windows-x64.zip``,
    ``Tatami-<version>-macos.zip`` or ``Tatami-<version>-linux-x86_64.tar.gz``.

    Raises ReleaseError for an unknown system or a version that is empty or could not be part of
    a file name (only letters, digits and ``. + _ -``, starting with a letter or digit)."""
    _check_system(system)
    if not isinstance(version, str) or not _VERSION_RE.fullmatch(version):
        raise ReleaseError(f"bad version {version!r}: letters, digits and . + _ - only")
    return f"Tatami-{version}{_LAYOUT[system][0]}"


def _bundle(system: str, dist: Path) -> Path:
    """The bundle folder for ``system`` in ``dist``, checked to hold its executable."""
    _, folder, exe = _LAYOUT[system]
    bundle = Path(dist) / folder
    if not bundle.is_dir():
        raise ReleaseError(f"{bundle} is missing: build the {system} bundle first "
                           f"(python dev.py build), or pass --dist")
    if not (bundle / exe).is_file():
        raise ReleaseError(f"{bundle / exe} is missing: {bundle} is not a whole {system} bundle")
    return bundle


def _tree(top: Path, follow_symlinks: bool) -> list[Path]:
    """``top`` and everything under it, sorted by path components (a folder before its contents).
    Symlinked folders are walked into only when ``follow_symlinks``."""
    paths = [top]
    for folder, dirs, files in os.walk(top, followlinks=follow_symlinks):
        base = Path(folder)
        paths.extend(base / name for name in dirs + files)
    return sorted(paths, key=lambda p: p.relative_to(top).parts)


def _zip_tree(top: Path, out: Path, follow_symlinks: bool) -> None:
    """Zip ``top`` to ``out`` with entries under ``top.name + "/"``, deflated, in _tree's order.

    Each entry carries its Unix mode (made on a Unix system, unzip and Archive Utility restore
    the x bits). A symlink is stored as a link (mode S_IFLNK, the target as its data) unless
    ``follow_symlinks``, when the file it points to is stored instead."""
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in _tree(top, follow_symlinks):
            arcname = Path(top.name, path.relative_to(top)).as_posix()
            if path.is_symlink() and not follow_symlinks:
                st = path.lstat()
                info = zipfile.ZipInfo(arcname, _zip_time(st.st_mtime))
                info.create_system = 3  # Unix: the mode below is meaningful
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
                info.compress_type = zipfile.ZIP_STORED
                zf.writestr(info, os.readlink(path))
                continue
            if not path.exists():
                raise ReleaseError(f"{path} is a broken symlink")
            info = zipfile.ZipInfo.from_file(path, arcname, strict_timestamps=False)
            if path.is_dir():
                info.compress_type = zipfile.ZIP_STORED
                zf.writestr(info, b"")
            else:
                info.compress_type = zipfile.ZIP_DEFLATED
                with open(path, "rb") as src, zf.open(info, "w") as dst:
                    shutil.copyfileobj(src, dst, 1 << 20)


def _zip_time(mtime: float) -> tuple[int, int, int, int, int, int]:
    """A zip entry's date_time for ``mtime``, clamped to the format's 1980-2107 range."""
    t = time.localtime(max(mtime, 315532800))[:6]  # 1980-01-01
    return (min(t[0], 2107), t[1], t[2], t[3], t[4], t[5])


def _tar_member(info: tarfile.TarInfo) -> tarfile.TarInfo:
    """Drop the builder's user and group from a tar member (a user who extracts gets his own)."""
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    return info


def _tar_linux(bundle: Path, out: Path) -> None:
    """The Linux tar.gz: ``bundle`` under ``Tatami/`` plus the launcher, icon and install.sh."""
    extras = {"tatami.desktop": (DESKTOP_FILE, 0o644), "tatami.png": (ICON_PNG, 0o644),
              "install.sh": (INSTALL_SH, 0o755)}
    for name, (source, _) in extras.items():
        if not source.is_file():
            raise ReleaseError(f"{source} is missing (it goes into the archive as Tatami/{name})")
        if (bundle / name).exists() or (bundle / name).is_symlink():
            raise ReleaseError(f"{bundle / name} is in the way of the archive's own {name}")
    members: list[tuple[Path, Path, int | None]] = [
        (Path("Tatami", p.relative_to(bundle)), p, None) for p in _tree(bundle, False)]
    members += [(Path("Tatami", name), source, mode) for name, (source, mode) in extras.items()]
    members.sort(key=lambda m: m[0].parts)

    def with_mode(mode: int | None):
        def member(info: tarfile.TarInfo) -> tarfile.TarInfo:
            if mode is not None:
                info.mode = mode
            return _tar_member(info)
        return member

    with open(out, "wb") as raw, \
            gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as gz, \
            tarfile.open(fileobj=gz, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for arcname, source, mode in members:
            tar.add(source, arcname.as_posix(), recursive=False, filter=with_mode(mode))


def make_archive(system: str, dist: Path, out: Path, version: str | None = None) -> Path:
    """Make ``system``'s release archive from the bundle in ``dist`` and return its path,
    ``out / archive_name(system, version)`` (``out`` is created if needed; an archive already
    there is replaced).

    ``system``: ``"windows"`` zips ``dist/Tatami/`` (must hold ``Tatami.exe``), ``"macos"`` zips
    ``dist/Tatami.app`` (must hold ``Contents/MacOS/Tatami``; ``ditto`` when it exists, else
    zipfile keeping modes and symlinks), ``"linux"`` tars and gzips ``dist/Tatami/`` (must hold
    ``Tatami``) with ``tatami.desktop``, ``tatami.png`` and ``install.sh`` added to ``Tatami/``.
    See the module doc for the layouts. ``version``: default :func:`version`.

    Raises ReleaseError (one-line message) for an unknown system, a missing or incomplete bundle,
    an ``out`` inside the bundle, a failing ``ditto`` or a file that can't be read or written."""
    _check_system(system)
    name = archive_name(system, version if version is not None else _project_version())
    bundle = _bundle(system, Path(dist))
    out = Path(out)
    if out.resolve().is_relative_to(bundle.resolve()):
        raise ReleaseError(f"--out {out} is inside the bundle {bundle}: put the archive elsewhere")
    archive = out / name
    partial = archive.with_name(archive.name + ".part")  # renamed to ``archive`` once whole
    try:
        out.mkdir(parents=True, exist_ok=True)
        archive.unlink(missing_ok=True)
        partial.unlink(missing_ok=True)
        if system == "linux":
            _tar_linux(bundle, partial)
        elif system == "macos" and shutil.which("ditto"):
            done = subprocess.run(["ditto", "-c", "-k", "--keepParent", str(bundle), str(partial)],
                                  capture_output=True, text=True)
            if done.returncode != 0:
                last = (done.stderr.strip().splitlines() or ["no message"])[-1]
                raise ReleaseError(f"ditto failed ({done.returncode}): {last}")
        else:
            # Windows users get no symlinks: store what they point to. The macOS fallback keeps
            # them (the .app's Frameworks links), like ditto.
            _zip_tree(bundle, partial, follow_symlinks=(system == "windows"))
        partial.replace(archive)
    except OSError as e:
        raise ReleaseError(f"can't make {archive}: {e}") from e
    finally:
        partial.unlink(missing_ok=True)
    return archive


class _Parser(argparse.ArgumentParser):
    """argparse whose usage errors are one line on stderr, exit 2."""

    def error(self, message: str):
        self.exit(2, f"release.py: {message}\n")


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module doc); returns the exit code (0, or 2 on an error)."""
    parser = _Parser(prog="release.py", description="Name and make Tatami's release archives.")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("version", help="print the version from pyproject.toml")
    name = commands.add_parser("name", help="print the archive's file name")
    name.add_argument("--system", required=True, choices=SYSTEMS)
    archive = commands.add_parser("archive", help="make the archive and print its path")
    archive.add_argument("--system", required=True, choices=SYSTEMS)
    archive.add_argument("--dist", type=Path, default=Path("dist"),
                         help="the folder holding the bundle (default: dist)")
    archive.add_argument("--out", type=Path, default=Path("dist"),
                         help="where to write the archive (default: dist)")
    args = parser.parse_args(argv)
    try:
        if args.command == "version":
            print(version())
        elif args.command == "name":
            print(archive_name(args.system, version()))
        else:
            print(make_archive(args.system, args.dist, args.out))
    except ReleaseError as e:
        print(f"release.py: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
