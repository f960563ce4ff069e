"""The suite's groups are honoured (issue 32 §1): under ``--dist loadgroup`` every test marked
``xdist_group(name)`` goes to one worker, which is what lets a group share a session fixture (the
bundle, the Windows exe, the self-test: tests/shared_runs.py). pytest-xdist marks such a test by
adding ``@name`` to its node id; a pytest where that is lost (9.2 with xdist 3.8) would run each
shared build once per worker, the Windows builds at the same time on one Wine prefix."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.xdist_group("probe")


@pytest.mark.parametrize("k", range(3))
def test_a_grouped_test_runs_on_its_groups_worker(request, k):
    if getattr(request.config, "workerinput", None) is None:
        pytest.skip("runs under pytest-xdist only (dev.py test starts its workers)")
    if not getattr(request.config.option, "loadgroup", False):
        pytest.skip("the workers were not started with --dist loadgroup")
    assert request.node.nodeid.endswith("@probe"), request.node.nodeid
