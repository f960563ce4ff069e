"""tools/bench_compare.py (two versions benchmarked side by side) and tools/bench_stats.py (its
statistics and Markdown): the statistics on fixed samples, the tables, a revision exported into a
temporary folder, a failing run's message, ``dev.py bench --compare`` and one cheap run of the
command line (start-up only, one round, one run). No test asserts a measured time or ratio."""
from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import bench_compare  # noqa: E402  (tools/bench_compare.py)
import bench_stats as st  # noqa: E402  (tools/bench_stats.py)

NOISY_A = [10.2, 9.8, 10.5, 11.0, 9.9]
NOISY_B = [10.9, 10.1, 12.3, 10.4, 11.8]


# -- statistics ----------------------------------------------------------------------------------

def test_identical_sides_give_ratio_one_and_a_ci_of_one():
    row = st.compare("menu", "median_ms", "ms", [2.0] * 5, [2.0] * 5)
    assert row["ratio"] == 1.0 and row["ci"] == [1.0, 1.0] and row["verdict"] == "same"
    assert row["a_spread"] == row["b_spread"] == [2.0, 2.0]


def test_the_same_noisy_samples_on_both_sides_give_ratio_one_and_same():
    row = st.compare("menu", "p99_ms", "ms", NOISY_A, list(NOISY_A))
    assert row["ratio"] == 1.0
    assert row["ci"][0] <= 1.0 <= row["ci"][1]
    assert row["verdict"] == "same"


def test_a_side_twice_as_slow_is_slower_and_half_as_slow_faster():
    slow = st.compare("menu", "median_ms", "ms", NOISY_A, [2 * x for x in NOISY_A])
    assert slow["ratio"] == pytest.approx(2.0)
    assert slow["ci"][0] > 1.05 and slow["verdict"] == "slower"
    assert slow["a"] == pytest.approx(10.2) and slow["b"] == pytest.approx(20.4)
    assert slow["a_spread"] == [9.8, 11.0]
    fast = st.compare("menu", "median_ms", "ms", NOISY_A, [x / 2 for x in NOISY_A])
    assert fast["ratio"] == pytest.approx(0.5) and fast["ci"][1] < 0.95 and fast["verdict"] == "faster"


@pytest.mark.parametrize("a, b", [(NOISY_A, NOISY_B), (NOISY_B, NOISY_A), ([1.0, 3.0], [2.0, 2.5]),
                                  ([5.0], [6.0]), ([1.0, 1.2, 5.0, 1.1], [1.3, 1.0, 1.4, 4.0])])
def test_the_ci_contains_the_ratio_and_is_reproducible(a, b):
    row = st.compare("x", "p99_ms", "ms", a, b)
    assert row["ci"][0] <= row["ratio"] <= row["ci"][1]
    assert st.bootstrap_ratio_ci(a, b) == st.bootstrap_ratio_ci(a, b)  # a fixed seed


def test_the_verdict_rules():
    assert st.verdict([1.06, 1.5]) == "slower"
    assert st.verdict([1.05, 1.5]) == "same"  # the low end must be above 1.05
    assert st.verdict([0.5, 0.94]) == "faster"
    assert st.verdict([0.5, 0.95]) == "same"  # the high end must be below 0.95
    assert st.verdict([0.9, 1.1]) == "same"
    assert st.verdict(None) == "n/a"


def test_a_measure_on_one_side_only_or_at_zero_has_no_ratio():
    assert st.compare("new", "p99_ms", "ms", None, [1.0])["verdict"] == "only B"
    assert st.compare("gone", "p99_ms", "ms", [1.0], [])["verdict"] == "only A"
    zero = st.compare("empty", "median_ms", "ms", [0.0, 0.0], [1.0, 1.0])
    assert zero["ratio"] is None and zero["ci"] is None and zero["verdict"] == "n/a"


# -- rows and tables -----------------------------------------------------------------------------

def _frames(scenes: dict[str, float]) -> dict:
    return {"size": [1280, 720], "scenes": {name: {"frames": 100, "median_ms": v, "p99_ms": 2 * v, "max_ms": 3 * v}
                                            for name, v in scenes.items()}}


def test_the_frames_table_has_a_row_for_every_scene_and_measure():
    a = [_frames({"menu": 1.0, "setup": 2.0, "kaito_play": 3.0}), _frames({"menu": 1.1, "setup": 2.1, "kaito_play": 3.2})]
    b = [_frames({"menu": 1.0, "setup": 4.0, "replay_kaito": 5.0}), _frames({"menu": 1.2, "setup": 4.2, "replay_kaito": 5.1})]
    rows = st.frame_rows(a, b)
    assert [(r["name"], r["measure"]) for r in rows] == [
        (s, m) for s in ("menu", "setup", "kaito_play", "replay_kaito") for m in ("median_ms", "p99_ms")]
    table = st.render_table(rows)
    lines = table.splitlines()
    assert len(lines) == 2 + len(rows)
    for scene in ("menu", "setup", "kaito_play", "replay_kaito"):
        assert sum(line.startswith(f"| {scene} |") for line in lines) == 2
    setup = next(r for r in rows if r["name"] == "setup" and r["measure"] == "median_ms")
    assert setup["a_rounds"] == [2.0, 2.1] and setup["b_rounds"] == [4.0, 4.2]
    assert "only A" in table and "only B" in table
    assert st.summary(rows).startswith("2 slower, 0 faster")


def test_pacing_and_start_rows():
    def pacing(v: float) -> dict:
        game = {"median_s": v, "p90_s": 2 * v, "max_s": 3 * v}
        return {"pacing": {"watched": {"kaito": game, "sushi": game}, "skipped": {"kaito": game}}}

    rows = st.pacing_rows([pacing(1.0)], [pacing(1.5)])
    assert [(r["name"], r["measure"]) for r in rows] == [
        ("kaito watched", "median_s"), ("kaito watched", "p90_s"), ("sushi watched", "median_s"),
        ("sushi watched", "p90_s"), ("kaito skipped", "median_s"), ("kaito skipped", "p90_s")]
    assert all(r["ratio"] == pytest.approx(1.5) for r in rows)
    start = st.start_rows({"source": {"A": [[0.3, 0.5, 0.4]], "B": [[0.6, 0.8, 0.7]]},
                           "source_first": {"A": [[0.2, 0.3, 0.1]], "B": [[0.4, 0.5, 0.3]]}})
    assert [(r["name"], r["measure"]) for r in start] == [("start from source", "first_frame_s"),
                                                        ("start from source", "exit_s")]
    assert start[0]["a"] == 0.2 and start[0]["b"] == 0.4 and start[1]["a"] == 0.4 and start[1]["b"] == 0.7
    # a side that never said when its first frame was shown (an older revision): no such row
    older = st.start_rows({"source": {"A": [[0.3]], "B": [[0.6]]}, "source_first": {"A": [[None]], "B": [[0.5]]}})
    assert [r["measure"] for r in older] == ["exit_s"]
    sizes = st.render_sizes({"A": {"mib": 60.0, "ratio_to_minimal": 1.2}, "minimal": {"mib": 50.0, "ratio_to_minimal": 1.0}})
    assert "| A | 60.0 | 1.20 |" in sizes


# -- sides, runs and the command line -----------------------------------------------------------

@pytest.fixture(scope="module")
def exports(tmp_path_factory):
    """One export folder for this module's tests (HEAD is exported once)."""
    return tmp_path_factory.mktemp("bench-compare")


def test_a_revision_is_exported_into_the_given_folder_and_reused(exports):
    sha = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    side = bench_compare.resolve_side("A", "HEAD", export_root=str(exports))
    assert side.kind == "revision" and side.sha == sha
    assert Path(side.path) == exports / sha and (exports / sha / "scenes" / "__main__.py").is_file()
    marker = exports / sha / "kept.txt"
    marker.write_text("kept")
    assert bench_compare.resolve_side("B", sha[:10], export_root=str(exports)).path == side.path
    assert marker.exists()  # reused, not exported again
    tree = bench_compare.resolve_side("B", ".", export_root=str(exports))
    assert tree.kind == "tree" and Path(tree.path) == ROOT
    with pytest.raises(bench_compare.CompareError, match="neither a folder"):
        bench_compare.resolve_side("A", "no-such-revision-xyz", export_root=str(exports))


def test_a_failing_run_says_which_side_command_exit_code_and_stderr(tmp_path):
    cmd = [sys.executable, "-c", "import sys; sys.stderr.write('first\\nboom\\n'); sys.exit(3)"]
    with pytest.raises(bench_compare.CompareError) as info:
        bench_compare.run_checked("side B (.)", cmd, str(tmp_path), {}, 30)
    first, *tail = str(info.value).splitlines()
    assert first.startswith("side B (.): `python -c") and "exited 3" in first
    assert tail[-1].endswith("boom")


def test_a_bundle_is_reused_or_built_by_its_rules_and_sized(tmp_path, monkeypatch):
    built = []
    monkeypatch.setattr(bench_compare, "pyinstaller", lambda who, spec, cwd, dist, work, exe: built.append(spec) or exe)
    source = tmp_path / "co" / "scenes" / "x.py"
    source.parent.mkdir(parents=True)
    source.write_text("")
    exe = tmp_path / "co" / "dist" / "Tatami" / ("Tatami" + bench_compare.EXE_SUFFIX)
    exe.parent.mkdir(parents=True)
    exe.write_bytes(b"x" * 3000)
    os.utime(source, (1.5e9, 1.5e9))
    os.utime(exe, (1e9, 1e9))  # older than its sources
    revision = bench_compare.Side("A", "abc", str(tmp_path / "co"), "revision")
    assert bench_compare.ensure_bundle(revision) == str(exe) and built == []  # a revision's never changes
    folder = bench_compare.Side("B", str(tmp_path / "co"), str(tmp_path / "co"), "dir")
    assert bench_compare.ensure_bundle(folder) == str(exe) and built == ["build.spec"]
    os.utime(exe, (2e9, 2e9))
    bench_compare.ensure_bundle(folder)
    assert built == ["build.spec"]  # newer than its sources: reused
    minimal = tmp_path / "minimal" / "minimal"
    minimal.parent.mkdir()
    minimal.write_bytes(b"x" * 1000)
    sizes = bench_compare.sizes_of({"A": str(exe), "minimal": str(minimal)})
    assert sizes["A"]["bytes"] == 3000 and sizes["A"]["ratio_to_minimal"] == 3.0
    assert sizes["minimal"]["ratio_to_minimal"] == 1.0


def test_dev_py_bench_compare_runs_the_tool_against_the_working_tree(monkeypatch):
    spec = importlib.util.spec_from_file_location("dev_for_bench_compare", ROOT / "dev.py")
    dev = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(dev)
    calls = []
    monkeypatch.setattr(dev, "call", lambda cmd, env=None: calls.append(list(cmd)) or 0)
    assert dev.cmd_bench("py", ["--compare", "abc123", "--rounds", "2"]) == 0
    assert calls == [["py", str(Path("tools") / "bench_compare.py"), "abc123", ".", "--rounds", "2"]]
    assert dev.cmd_bench("py", ["--compare"]) == 2 and len(calls) == 1
    assert dev.cmd_bench("py", ["--runs", "3"]) == 0  # plain bench: the frame bench, then bench_startup
    assert calls[1] == ["py", "-m", "scenes", "--bench"] and calls[2][1:] == [str(Path("tools") / "bench_startup.py"), "--runs", "3"]


def test_the_modules_stay_under_500_lines():
    for name in ("bench_compare.py", "bench_stats.py", "bench_sides.py"):
        assert len((ROOT / "tools" / name).read_text(encoding="utf-8").splitlines()) < 500, name


def test_one_cheap_run_of_the_command_line(exports, tmp_path):
    out = tmp_path / "cmp.json"
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "bench_compare.py"), "HEAD", ".", "--parts", "start",
                           "--rounds", "1", "--runs", "1", "--json", str(out), "--export-dir", str(exports)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "| start from source | exit_s |" in proc.stdout and "| start from source | first_frame_s |" in proc.stdout and "- command: `tools/bench_compare.py HEAD ." in proc.stdout
    doc = json.loads(out.read_text())
    assert doc["parts"] == ["start"] and doc["unavailable"] == {} and doc["order"] == [["A", "B"]]
    assert doc["sides"]["A"]["kind"] == "revision" and doc["sides"]["B"]["kind"] == "tree"
    for label in ("A", "B"):
        runs = doc["samples"]["start"]["source"][label]
        assert len(runs) == 1 and len(runs[0]) == 1 and isinstance(runs[0][0], float)
    first, row = doc["rows"]["start"]
    assert first["measure"] == "first_frame_s" and row["measure"] == "exit_s"
    assert row["name"] == "start from source" and row["unit"] == "s"
    assert set(row) >= {"a", "b", "ratio", "ci", "a_spread", "b_spread", "verdict", "a_rounds", "b_rounds"}
    assert row["verdict"] in ("slower", "faster", "same")
    assert {"platform", "cpus", "python"} <= set(doc["machine"]) and doc["date"]
