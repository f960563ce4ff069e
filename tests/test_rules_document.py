"""The project carries its own rules document (issue 21, defect 15): README links docs/RULES.md,
which a clone has, never a file outside the repository; docs/RULES.md is kept in step with the
rules the tests follow (../shared/RULES.md, beside the repository in CI and development)."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "RULES.md"


def test_readme_links_the_projects_own_rules():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "](docs/RULES.md)" in readme
    assert "../shared" not in readme
    for target in re.findall(r"\]\(([^)#]+)\)", readme):
        if not re.match(r"[a-z]+:|\.\./\.\./", target):  # web links and GitHub's relative pages
            assert (ROOT / target).exists(), f"README links {target}, which a clone does not have"


def test_the_rules_document_is_in_step_with_the_one_the_tests_follow():
    ours = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    for section in ("KAITO", "Sushi", "Kanji", "record"):
        assert section in ours
    assert SHARED.is_file(), "the shared rules (../shared/RULES.md) are beside the repository in CI"
    assert ours == SHARED.read_text(encoding="utf-8"), "docs/RULES.md differs from ../shared/RULES.md: copy it"
