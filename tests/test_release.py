"""The release: .github/workflows/release.yml (checked by actionlint), tools/release.py (the archives'
names and contents, on small fake bundles), build.spec's macOS BUNDLE block and the README's
download section, which must name the same archives."""
import ast
import configparser
import os
import plistlib
import shutil
import stat
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
sys.path.insert(0, str(ROOT / "tools"))
import release  # noqa: E402  (tools/release.py)

posix_only = pytest.mark.skipif(os.name == "nt", reason="Unix file modes, symlinks and sh: not on Windows")


def _actionlint():
    """The actionlint binary of the test tools (next to this Python, or on PATH), or None."""
    here = Path(sys.executable).parent
    for name in ("actionlint", "actionlint.exe"):
        if (here / name).is_file():
            return str(here / name)
    return shutil.which("actionlint")


# -- the workflow -----------------------------------------------------------------------------------

def test_workflow_passes_actionlint():
    binary = _actionlint()
    if binary is None:
        pytest.fail("actionlint not found next to " + sys.executable + " nor on PATH: install the test "
                    "tools (python3 dev.py test does; pyproject.toml's test extra brings actionlint)")
    done = subprocess.run([binary, "-no-color", str(WORKFLOW.relative_to(ROOT))], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    shellcheck = "with shellcheck" if shutil.which("shellcheck") else "without shellcheck (not on PATH)"
    assert done.returncode == 0, f"actionlint {shellcheck} exit {done.returncode}:\n{done.stdout}{done.stderr}"


def test_workflow_leaves_the_archives_to_release_py():
    text = WORKFLOW.read_text(encoding="utf-8")
    # no archive name written out in the workflow: tools/release.py names and makes them
    assert "Tatami-" not in text
    assert "python tools/release.py archive --system ${{ matrix.system }}" in text
    for system in release.SYSTEMS:
        assert f"system: {system}\n" in text
    assert "for system in windows macos linux" in text  # the release job attaches all three


# -- names ------------------------------------------------------------------------------------------

def test_version_is_pyprojects():
    with open(ROOT / "pyproject.toml", "rb") as f:
        assert release.version() == tomllib.load(f)["project"]["version"]


def test_version_errors(tmp_path):
    (tmp_path / "none.toml").write_text('[project]\nname = "x"\ndynamic = ["version"]\n')
    (tmp_path / "bad.toml").write_text("[project\n")
    for path in (tmp_path / "none.toml", tmp_path / "bad.toml", tmp_path / "missing.toml"):
        with pytest.raises(release.ReleaseError) as err:
            release.version(path)
        assert "\n" not in str(err.value) and str(path) in str(err.value)


def test_archive_names():
    assert release.archive_name("windows", "1.2.3") == "Tatami-1.2.3-windows-x64.zip"
    assert release.archive_name("macos", "1.2.3") == "Tatami-1.2.3-macos.zip"
    assert release.archive_name("linux", "1.2.3") == "Tatami-1.2.3-linux-x86_64.tar.gz"
    with pytest.raises(release.ReleaseError, match="unknown system 'bsd'"):
        release.archive_name("bsd", "1.2.3")
    for bad in ("", "1.2/3", "1 2", "../1"):
        with pytest.raises(release.ReleaseError, match="bad version"):
            release.archive_name("linux", bad)


# -- archives of fake bundles -----------------------------------------------------------------------

def _file(path: Path, data: bytes, mode: int = 0o644) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    os.chmod(path, mode)
    return path


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


def _fake_onefolder(dist: Path, exe: str) -> Path:
    top = dist / "Tatami"
    _file(top / exe, b"MZ fake executable", 0o755)
    _file(top / "_internal" / "python311.dll", b"\x00" * 5000)
    _file(top / "_internal" / "assets" / "icon" / "tatami.png", b"png bytes")
    _file(top / "_internal" / "game" / "locale" / "ja" / "LC_MESSAGES" / "tatami.mo", "日本語".encode())
    (top / "_internal" / "empty").mkdir()
    return top


def test_windows_zip(tmp_path):
    top = _fake_onefolder(tmp_path / "dist", "Tatami.exe")
    out = release.make_archive("windows", tmp_path / "dist", tmp_path / "out", version="1.2.3")
    assert out == tmp_path / "out" / "Tatami-1.2.3-windows-x64.zip"
    with zipfile.ZipFile(out) as zf:
        infos = zf.infolist()
        names = [i.filename for i in infos]
        assert all(n.startswith("Tatami/") for n in names), names
        files = {p.relative_to(top.parent).as_posix() for p in top.rglob("*") if p.is_file()}
        dirs = {p.relative_to(top.parent).as_posix() + "/" for p in top.rglob("*") if p.is_dir()}
        assert set(names) == files | dirs | {"Tatami/"}
        # a fixed order: a folder first, then what it holds, by name
        assert names == sorted(names, key=lambda n: n.rstrip("/").split("/"))
        for info in infos:
            source = tmp_path / "dist" / info.filename
            if info.is_dir():
                continue
            assert info.compress_type == zipfile.ZIP_DEFLATED
            assert zf.read(info) == source.read_bytes()
            assert (info.external_attr >> 16) & 0o7777 == _mode(source), info.filename
    if os.name != "nt":
        assert _mode(top / "Tatami.exe") == 0o755  # so the check above saw an exec bit kept
    # the same bundle makes the same bytes, and an old archive is replaced
    first = out.read_bytes()
    assert release.make_archive("windows", tmp_path / "dist", tmp_path / "out", "1.2.3").read_bytes() == first
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["Tatami-1.2.3-windows-x64.zip"]


@posix_only
def test_windows_zip_stores_what_a_symlink_points_to(tmp_path):
    top = _fake_onefolder(tmp_path / "dist", "Tatami.exe")
    os.symlink("python311.dll", top / "_internal" / "python3.dll")
    out = release.make_archive("windows", tmp_path / "dist", tmp_path, version="1")
    with zipfile.ZipFile(out) as zf:
        info = zf.getinfo("Tatami/_internal/python3.dll")
        assert stat.S_ISREG(info.external_attr >> 16) and zf.read(info) == b"\x00" * 5000


@posix_only
def test_macos_zip_keeps_modes_and_symlinks(tmp_path):
    app = tmp_path / "dist" / "Tatami.app"
    _file(app / "Contents" / "MacOS" / "Tatami", b"\xcf\xfa\xed\xfe fake", 0o755)
    _file(app / "Contents" / "Info.plist", b"<plist/>")
    _file(app / "Contents" / "Resources" / "tatami.icns", b"icns")
    (app / "Contents" / "Frameworks").mkdir()
    os.symlink("../Resources/tatami.icns", app / "Contents" / "Frameworks" / "tatami.icns")
    out = release.make_archive("macos", tmp_path / "dist", tmp_path / "out", version="2.0")
    assert out.name == "Tatami-2.0-macos.zip"
    with zipfile.ZipFile(out) as zf:
        names = [n for n in zf.namelist() if not n.startswith("__MACOSX/")]
        assert all(n.startswith("Tatami.app/") for n in names), names
        exe = zf.getinfo("Tatami.app/Contents/MacOS/Tatami")
        assert (exe.external_attr >> 16) & 0o777 == 0o755
        assert zf.read(exe) == b"\xcf\xfa\xed\xfe fake"
        link = zf.getinfo("Tatami.app/Contents/Frameworks/tatami.icns")
        assert stat.S_ISLNK(link.external_attr >> 16)
        assert zf.read(link) == b"../Resources/tatami.icns"
    if shutil.which("unzip"):  # and an unzip puts it back as it was
        subprocess.run(["unzip", "-q", str(out), "-d", str(tmp_path / "x")], check=True)
        assert _mode(tmp_path / "x" / "Tatami.app" / "Contents" / "MacOS" / "Tatami") == 0o755
        back = tmp_path / "x" / "Tatami.app" / "Contents" / "Frameworks" / "tatami.icns"
        assert back.is_symlink() and back.read_bytes() == b"icns"


def _linux_archive(tmp_path):
    top = _fake_onefolder(tmp_path / "dist", "Tatami")
    return top, release.make_archive("linux", tmp_path / "dist", tmp_path / "out", version="0.9.1")


def test_linux_tar_holds_the_bundle_launcher_icon_and_installer(tmp_path):
    top, out = _linux_archive(tmp_path)
    assert out == tmp_path / "out" / "Tatami-0.9.1-linux-x86_64.tar.gz"
    with tarfile.open(out, "r:gz") as tar:
        members = tar.getmembers()
        names = [m.name for m in members]
        assert names[0] == "Tatami" and all(n.startswith("Tatami/") for n in names[1:]), names
        assert names == sorted(names, key=lambda n: n.split("/"))
        bundle = {p.relative_to(top.parent).as_posix() for p in top.rglob("*")}
        assert set(names) == bundle | {"Tatami", "Tatami/tatami.desktop", "Tatami/tatami.png",
                                       "Tatami/install.sh"}
        assert all(m.uname == "" and m.uid == 0 for m in members)
        exe = tar.getmember("Tatami/Tatami")
        assert exe.mode == _mode(top / "Tatami") and tar.extractfile(exe).read() == b"MZ fake executable"
        assert tar.getmember("Tatami/install.sh").mode == 0o755
        assert tar.getmember("Tatami/tatami.png").mode == 0o644
        icon = tar.extractfile("Tatami/tatami.png").read()
        assert icon == (ROOT / "assets" / "icon" / "tatami.png").read_bytes()
        assert icon.startswith(b"\x89PNG\r\n\x1a\n")
        desktop = tar.extractfile("Tatami/tatami.desktop").read().decode("utf-8")
    if os.name != "nt":
        assert exe.mode == 0o755
    entry = _desktop_entry(desktop)
    assert entry["Type"] == "Application" and entry["Name"] == "Tatami"
    assert entry["Exec"] == "Tatami" and entry["Icon"] == "tatami" and entry["Terminal"] == "false"
    assert entry["Categories"] == "Game;BoardGame;"
    assert {"Comment", "Comment[es]", "Comment[ja]"} <= set(entry)
    # the same bundle makes the same bytes (no time stamp in the gzip header, fixed order)
    first = out.read_bytes()
    assert first[4:8] == b"\x00\x00\x00\x00"
    assert release.make_archive("linux", tmp_path / "dist", tmp_path / "out", "0.9.1").read_bytes() == first


def _desktop_entry(text: str) -> dict:
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str  # keys are case-sensitive in desktop entries
    parser.read_string(text)
    assert parser.sections() == ["Desktop Entry"]
    return dict(parser["Desktop Entry"])


def test_linux_tar_refuses_a_bundle_that_already_has_the_launcher(tmp_path):
    top = _fake_onefolder(tmp_path / "dist", "Tatami")
    _file(top / "tatami.desktop", b"")
    with pytest.raises(release.ReleaseError, match="in the way"):
        release.make_archive("linux", tmp_path / "dist", tmp_path, "1")


@posix_only
def test_install_sh_adds_and_removes_the_launcher(tmp_path):
    _, out = _linux_archive(tmp_path)
    where = tmp_path / "my games"  # a space in the path
    with tarfile.open(out, "r:gz") as tar:
        tar.extractall(where, filter="tar")
    home = tmp_path / "home"
    env = {k: v for k, v in os.environ.items() if k != "XDG_DATA_HOME"} | {"HOME": str(home)}
    done = subprocess.run(["sh", str(where / "Tatami" / "install.sh")], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    installed = home / ".local" / "share" / "applications" / "tatami.desktop"
    entry = _desktop_entry(installed.read_text(encoding="utf-8"))
    assert entry["Exec"] == f'"{where}/Tatami/Tatami"' and entry["TryExec"] == f"{where}/Tatami/Tatami"
    assert entry["Name"] == "Tatami" and entry["Icon"] == "tatami"
    icon = home / ".local" / "share" / "icons" / "hicolor" / "256x256" / "apps" / "tatami.png"
    assert icon.read_bytes() == (ROOT / "assets" / "icon" / "tatami.png").read_bytes()
    done = subprocess.run(["sh", str(where / "Tatami" / "install.sh"), "--uninstall"], env=env,
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0 and not installed.exists() and not icon.exists()


def test_missing_or_incomplete_bundle_is_a_one_line_error(tmp_path):
    for system, folder in (("windows", "Tatami"), ("linux", "Tatami"), ("macos", "Tatami.app")):
        with pytest.raises(release.ReleaseError) as err:
            release.make_archive(system, tmp_path / "dist", tmp_path, "1")
        message = str(err.value)
        assert "\n" not in message and str(tmp_path / "dist" / folder) in message and "missing" in message
    (tmp_path / "dist" / "Tatami" / "_internal").mkdir(parents=True)  # no executable in it
    with pytest.raises(release.ReleaseError, match="Tatami.exe is missing"):
        release.make_archive("windows", tmp_path / "dist", tmp_path, "1")
    assert not list(tmp_path.glob("Tatami-*"))


def test_archive_inside_the_bundle_is_refused(tmp_path):
    top = _fake_onefolder(tmp_path / "dist", "Tatami")
    with pytest.raises(release.ReleaseError, match="inside the bundle"):
        release.make_archive("linux", tmp_path / "dist", top / "_internal", "1")


# -- the command line -------------------------------------------------------------------------------

def _cli(*args, cwd=ROOT):
    return subprocess.run([sys.executable, str(ROOT / "tools" / "release.py"), *args], cwd=cwd,
                          capture_output=True, text=True, timeout=60)


def test_cli_version_name_and_archive(tmp_path):
    done = _cli("version")
    assert done.returncode == 0 and done.stdout == release.version() + "\n"
    done = _cli("name", "--system", "macos")
    assert done.returncode == 0 and done.stdout == release.archive_name("macos", release.version()) + "\n"
    _fake_onefolder(tmp_path / "dist", "Tatami")
    done = _cli("archive", "--system", "linux", cwd=tmp_path)  # --dist and --out default to dist
    assert done.returncode == 0, done.stderr
    path = tmp_path / done.stdout.strip()
    assert path == tmp_path / "dist" / release.archive_name("linux", release.version())
    assert tarfile.is_tarfile(path)


@pytest.mark.parametrize("args", [
    ("archive", "--system", "windows", "--dist", "nowhere"),
    ("archive", "--system", "bsd"),
    ("archive",),
    ("frobnicate",),
    (),
])
def test_cli_errors_are_one_line_and_exit_2(tmp_path, args):
    done = _cli(*args, cwd=tmp_path)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stdout == "" and done.stderr.count("\n") == 1 and done.stderr.startswith("release.py: ")


# -- build.spec's macOS bundle ----------------------------------------------------------------------

def test_build_spec_macos_bundle():
    """The spec's last block (``if is_darwin:``), run with a stand-in BUNDLE: the Info.plist."""
    tree = ast.parse((ROOT / "build.spec").read_text(encoding="utf-8"))
    block = tree.body[-1]
    assert isinstance(block, ast.If) and ast.unparse(block.test) == "is_darwin"
    calls = []
    env = {"os": os, "ROOT": str(ROOT), "coll": object(), "icon": "ICON",
           "BUNDLE": lambda *a, **kw: calls.append((a, kw))}
    exec(compile(ast.Module(block.body, type_ignores=[]), "build.spec", "exec"), env)
    (args, kw), = calls
    plist = kw["info_plist"]
    assert kw["name"] == "Tatami.app" and kw["icon"] == "ICON"
    assert kw["bundle_identifier"] == "io.github.tatami.Tatami"
    assert kw["version"] == plist["CFBundleShortVersionString"] == release.version()
    assert plist["CFBundleName"] == plist["CFBundleDisplayName"] == "Tatami"
    assert plist["NSHighResolutionCapable"] is True and plist["NSRequiresAquaSystemAppearance"] is False
    assert plist["CFBundleDevelopmentRegion"] == "en" and plist["CFBundleLocalizations"] == ["en", "es", "ja"]
    assert plist["LSMinimumSystemVersion"]
    plistlib.loads(plistlib.dumps(plist))  # every value is one a plist can hold
    assert (ROOT / "assets" / "icon" / "tatami.icns").is_file()


# -- the README -------------------------------------------------------------------------------------

def test_readme_download_section_names_the_archives():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## Download and play")
    assert start < text.index("## Run it, test it")
    section = text[start:text.index("\n## ", start + 1)]
    for system in release.SYSTEMS:
        assert release.archive_name(system, "0").replace("-0-", "-<version>-") in section, system
    for words in ("More info", "Run anyway", "Open", "install.sh", "Tatami/Tatami"):
        assert words in section
