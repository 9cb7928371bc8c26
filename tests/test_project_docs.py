"""The documents that must not drift: docs/violations.md, the README's commands, .ci/run."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

from helpers import load_script

ROOT = Path(__file__).resolve().parent.parent

#: The README's two commands for a fresh machine, as the issue asks for them.
INSTALL_AND_REPLAY = (
    "python3 -m venv .venv && .venv/bin/pip install . && "
    ".venv/bin/scala40 replay fixtures/legal/two-players.s40"
)
INSTALL_AND_TEST = (
    "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/python -m pytest -q"
)


def _generator() -> ModuleType:
    return load_script(ROOT / "tools" / "gen_violations_doc.py")


def test_violations_doc_is_up_to_date() -> None:
    page = (ROOT / "docs" / "violations.md").read_text(encoding="utf-8")
    assert page == _generator().render(), "run: python tools/gen_violations_doc.py"


def test_readme_has_the_two_fresh_machine_commands() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert INSTALL_AND_REPLAY in readme
    assert INSTALL_AND_TEST in readme


def test_ci_runs_the_readme_test_command() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert INSTALL_AND_TEST in script
    assert "mypy --strict scala40cli" in script
    assert "ruff check ." in script


def test_readme_links_and_example_exist() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = [*re.findall(r"\]\(([^)#:]+)\)", readme), "fixtures/legal/two-players.s40"]
    missing = [target for target in targets if not (ROOT / target).exists()]
    assert not missing, f"README names files that do not exist: {missing}"


def test_every_docs_link_leads_to_a_file() -> None:
    """The docs link each other and the repository's files relative to their folder
    (what the README moved into docs/ links with ``../``)."""
    missing = [f"{doc.name}: {target}" for doc in sorted((ROOT / "docs").glob("*.md"))
               for target in re.findall(r"\]\(([^)#:]+)\)", doc.read_text(encoding="utf-8"))
               if not (doc.parent / target).exists()]
    assert not missing, f"docs link to files that do not exist: {missing}"


#: What the README keeps for a user, each in a section of its own or a paragraph: the
#: two commands, the tour's outputs, the exit statuses, where the docs are, the speed
#: and how to develop; the rest is in docs/ (issue 25).
README_SECTIONS = ("## Try it on a fresh machine", "## A short tour", "## Exit status",
                   "## Documentation", "## Speed", "## Development")


def test_the_readme_is_what_a_user_needs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert [section for section in README_SECTIONS if section in readme] == list(README_SECTIONS)
    assert readme.index(INSTALL_AND_REPLAY) < readme.index(INSTALL_AND_TEST) < readme.index(
        "## A short tour"), "the two commands for a fresh machine come first"
    assert len(readme.splitlines()) <= 250, "the README is for users: details go to docs/"
    linked = set(re.findall(r"\]\((docs/[^)#:]+\.md)\)", readme))
    every_doc = {f"docs/{doc.name}" for doc in (ROOT / "docs").glob("*.md")}
    assert every_doc <= linked, f"docs the README does not lead to: {every_doc - linked}"
