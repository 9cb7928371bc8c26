"""The docs stand alone: every rule a report cites is explained in a page that ships.

Every violation code names the rule it enforces in words and links to the page and
anchor that explain it (``docs/decisions.md`` for the referee's decisions); ``scala40
explain`` prints both; no tracked file cites a specification that is not part of the
project.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from scala40cli.cli.doc_sections import find_section
from scala40cli.cli.main import main
from scala40cli.model.violations import RULEBOOK, Code

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

#: Names of the project's private specification, which users cannot open. Built from
#: pieces so that this file does not find itself.
UNSHIPPED = ("shared" + "/spec", "shared" + "/seeds", "rules" + "-matrix", "referee" + "-decisions")


def _anchors(page: Path) -> set[str]:
    """The anchors of a Markdown page: explicit ``<a id>`` and GitHub's heading ids."""
    text = page.read_text(encoding="utf-8")
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', text))
    for heading in re.findall(r"^#+ (.+)$", text, re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        anchors.add(slug)
    return anchors


def _resolves(base: Path, target: str) -> bool:
    page, _, anchor = target.partition("#")
    path = (base / page) if page else base
    if not path.is_file():
        return False
    return not anchor or path.suffix != ".md" or anchor in _anchors(path)


def test_no_tracked_file_cites_the_unshipped_specification() -> None:
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    offenders = []
    for name in listed.decode().split("\0"):
        path = ROOT / name
        if not name or not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        offenders += [f"{name}: {word}" for word in UNSHIPPED if word in text]
    assert offenders == []


def test_the_decisions_page_has_a_stable_anchor_for_every_decision() -> None:
    anchors = _anchors(DOCS / "decisions.md")
    assert {f"d{number}" for number in range(1, 29)} <= anchors
    assert "where-each-problem-is-reported" in anchors
    assert "where-scala40-decides-on-its-own" in anchors


@pytest.mark.parametrize("code", list(Code), ids=str)
def test_every_code_links_to_the_page_that_explains_its_rule(code: Code) -> None:
    entry = RULEBOOK[code]
    assert entry.see, f"{code} has no link to the rule behind it"
    assert _resolves(DOCS, entry.see), f"{code}: {entry.see} does not resolve"


@pytest.mark.parametrize("code", list(Code), ids=str)
def test_every_code_says_its_rule_in_words(code: Code) -> None:
    source = RULEBOOK[code].source
    assert len(source.split()) >= 5, f"{code}: {source!r} is not a rule in words"
    assert not re.search(r"\bdecisions? \d", source, re.I)
    assert "matrix" not in source


def test_every_link_between_the_docs_resolves() -> None:
    broken = []
    for page in sorted(DOCS.glob("*.md")):
        for target in re.findall(r"\]\(([^)\s]+)\)", page.read_text(encoding="utf-8")):
            if "://" in target:
                continue
            base = page.parent
            if target.startswith("#"):
                target = page.name + target
            if not _resolves(base, target):
                broken.append(f"{page.name}: {target}")
    assert broken == []


@pytest.mark.parametrize(
    ("code", "rule", "see", "quoted"),
    [
        ("G006", "A game that stops in the middle of a hand",
         "From the referee's decisions, D22. A game that stops in the middle of a hand:",
         "the unfinished hand scores nothing"),
        ("T004", "only the cards in their hand",
         "From the referee's decisions, D27. A log is a record of what happened:",
         "Only what\ncannot happen, such as playing a card the player does not hold"),
        ("S004", "top card of the discard pile", "From the rules, The classic rules:",
         "Fixed for every variant: two 52-card decks plus jokers"),
        ("S007", "take_before_opening=only_to_open",
         "From the referee's decisions, D12. Taking the discard before opening:",
         "the taken card must be inside one of the melds of the opening"),
        ("C006", "one player, who scores 0", "From the log format, A paper score sheet:",
         "its penalties are the declared ones"),
    ],
)
def test_explain_prints_the_rule_in_words_and_the_docs_that_explain_it(
    code: str, rule: str, see: str, quoted: str
) -> None:
    """Issue 33: the words of the docs, quoted from the pages the package ships, never a
    link to a file a pip install lacks."""
    result = CliRunner().invoke(main, ["explain", code], catch_exceptions=False)
    assert result.exit_code == 0
    assert rule in result.output
    assert see in result.output.splitlines()
    assert quoted in result.output
    assert "docs/" not in result.output and "](" not in result.output
    assert "Rule: rules" not in result.output
    assert not re.search(r"decision \d", result.output)


@pytest.mark.parametrize("code", list(Code), ids=str)
def test_explain_quotes_the_section_of_every_code(code: Code) -> None:
    section = find_section(RULEBOOK[code].see)
    assert section is not None and section.paragraphs, code
