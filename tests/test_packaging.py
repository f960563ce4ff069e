"""The PyInstaller bundle (build.spec) builds, carries assets/ and passes the app's --selftest.

The bundle is built once per session into pytest's tmp dir, so the checkout stays clean, and each
language's self-test is run once (the ``bundle`` and ``frozen_selftest`` fixtures, tests/shared_runs.py);
deselect with -m "not packaging".
"""
from pathlib import Path

import pytest

from shared_runs import files_under, output_of

pytestmark = [pytest.mark.packaging, pytest.mark.xdist_group("bundle")]

ROOT = Path(__file__).resolve().parents[1]


def test_bundle_carries_the_whole_assets_folder(bundle):
    # PyInstaller >= 6 puts data under the contents directory "_internal" (sys._MEIPASS).
    assert files_under(bundle / "_internal" / "assets") == files_under(ROOT / "assets")


def test_bundle_carries_zeroconf_as_python_not_its_compiled_twins(bundle, frozen_selftest):
    """LAN discovery (game/net/discovery.py) imports zeroconf lazily. The bundle carries its Python
    modules in the archive and leaves out their Cython twins (build.spec: 3.3 MB of the folder, issue
    34), and the frozen app imports every part it uses (the self-test says which it ran)."""
    compiled = [p.name for p in (bundle / "_internal").rglob("*") if p.suffix in (".so", ".pyd")
                and "zeroconf" in p.parts]
    assert compiled == []
    run = frozen_selftest("en")
    assert "LAN discovery: zeroconf " in run.proc.stdout and "(Python)" in run.proc.stdout, output_of(run.proc)


def test_bundle_leaves_out_test_tools_and_the_desktops_own_libraries(bundle):
    """What made the folder grow past 1.15x the minimal app's (issue 34): pytest (a dependency's own
    tests imported it) with pkg_resources, whose runtime hook ran at every start; websockets'
    command line with readline; a copy of the desktop's X11 library."""
    from PyInstaller.archive.readers import CArchiveReader

    files = {p.name.split(".")[0] for p in (bundle / "_internal").rglob("*")}
    assert not files & {"psutil", "readline", "libreadline", "libX11"}
    exe = next(p for p in bundle.iterdir() if p.is_file() and p.stem == "Tatami")
    archived = {name.split(".")[0] for name in CArchiveReader(str(exe)).open_embedded_archive("PYZ.pyz").toc}
    assert "zeroconf" in archived and "scenes" in archived
    assert not archived & {"pytest", "_pytest", "pkg_resources", "setuptools", "psutil", "psycopg", "psycopg_pool"}


def test_frozen_app_passes_selftest_without_writing_into_its_folder(frozen_selftest):
    # The frozen app must find its own assets (sys._MEIPASS) and its platformdirs data dir: the
    # run drops the test overrides and points the user dirs at a scratch home (shared_runs).
    run = frozen_selftest("en")
    assert run.proc.returncode == 0, f"--selftest exited {run.proc.returncode}\n{output_of(run.proc)}"
    assert "PASS" in run.proc.stdout, output_of(run.proc)
    assert run.after == run.before, "the frozen app wrote files into its bundle folder"


@pytest.mark.parametrize("lang", ["es", "ja"])
def test_frozen_app_passes_selftest_in_spanish_and_japanese(bundle, frozen_selftest, lang):
    """The bundle carries the compiled catalogs (game/locale/<lang>/LC_MESSAGES/tatami.mo) and runs
    the whole walk in them, every text fitting (issue 12)."""
    assert (bundle / "_internal" / "game" / "locale" / lang / "LC_MESSAGES" / "tatami.mo").is_file()
    run = frozen_selftest(lang)
    assert run.proc.returncode == 0, f"--selftest exited {run.proc.returncode}\n{output_of(run.proc)}"
    assert f"language: {lang}" in run.proc.stdout
    assert run.after == run.before, "the frozen app wrote files into its bundle folder"
