"""mypy runs in the test command: no type errors in the checked packages (issue 9, section 5).

mypy reads its settings from ``[tool.mypy]`` in pyproject.toml (Python 3.11, no blanket
``ignore_errors``; ``game`` also checks the bodies of unannotated functions). It runs as a
subprocess of the interpreter running the tests (the venv's python), from the repository root.
mypy is a dev dependency: when it is missing the tests fail (they do not skip).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

#: Both runs share mypy's cache folder (.mypy_cache): under pytest-xdist they run on one worker.
pytestmark = pytest.mark.xdist_group("mypy")

ROOT = Path(__file__).resolve().parent.parent

#: Packages (paths relative to the repository root) that must type-check with no error. The rest of
#: scenes/ is not clean yet; add a package here once it is (e.g. "scenes/kit").
CHECKED = ["game", "scenes"]


def run_mypy(targets: list[str]) -> subprocess.CompletedProcess[str]:
    """Run ``python -m mypy`` on ``targets`` (paths relative to the repository root).

    Returns the finished process (``returncode`` 0 = no error; 1 = type errors; 2 = mypy could
    not run, e.g. a bad configuration or a missing path), stdout and stderr as text."""
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--no-color-output", "--no-error-summary", *targets],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )


def test_checked_packages_have_no_type_errors():
    missing = [t for t in CHECKED if not (ROOT / t).exists()]
    assert not missing, f"CHECKED names paths that do not exist: {missing}"
    result = run_mypy(CHECKED)
    errors = [line for line in result.stdout.splitlines() if ": error:" in line]
    assert result.returncode == 0 and not errors, (
        f"mypy {' '.join(CHECKED)}: exit status {result.returncode}, {len(errors)} error(s)\n"
        f"{result.stdout}{result.stderr}"
    )


def test_mypy_reports_a_type_error(tmp_path):
    """The check can fail: mypy with this configuration flags a wrong type (guards against a
    configuration that silences everything)."""
    bad = tmp_path / "bad_module.py"
    bad.write_text('def half(n: int) -> int:\n    return n / 2\n')
    result = run_mypy([str(bad)])
    assert result.returncode == 1 and "bad_module.py:2: error:" in result.stdout, result.stdout + result.stderr
