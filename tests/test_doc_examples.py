"""The README and docs print what they say: every shown output is the real one.

An example of output in README.md or docs/*.md is marked by an HTML comment (invisible
on GitHub) on the line before its fenced block, naming the command that prints it::

    <!-- doc-example: cd docs/examples && scala40 replay game.s40 -->
    ```
    game.s40:19:1: T004 Anna does not hold KH; Anna holds no K, but AH
    ...
    ```

- ``doc-example:`` the block is the whole output (standard output and error, as a
  terminal shows them), but for trailing spaces and blank lines at the end;
- ``doc-example excerpt:`` the block's lines are lines of the output, in the order
  shown (other lines may come between them);
- in both, a shown line ending in ``...`` stands for every line that starts with what
  comes before the ``...`` (``known keys: ...``).

The command is ``scala40 ARGS``, run from the top of the repository, or from a folder
with ``cd DIR && scala40 ARGS``; ``A | B`` gives the output of A to B; several commands
joined by `` ;; `` show their outputs one after the other. A change to a shown output
fails here with a diff of what the docs say against what the command prints: update the
docs (or the command) so they agree.
"""

from __future__ import annotations

import difflib
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from scala40cli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

_MARKER = re.compile(r"^<!-- doc-example( excerpt)?: (.+?) -->\n```[^\n]*\n(.*?)^```",
                     re.MULTILINE | re.DOTALL)
_FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
#: Lines that only scala40 prints: a problem (``game.s40:19:1: T004 ...``), a usage
#: error, the summary line, a score sheet's rules, header and total lines, a GitHub
#: annotation.
_OUTPUT_LINE = re.compile(r"^(?:\S+:\d+:\d+: [A-Z]\d{3} |Error: |\d+ files?, \d+ games?"
                          r"|  Rules: |  Hand  |  Total  |::(?:error|warning|notice) )",
                          re.MULTILINE)


@dataclass(frozen=True)
class Example:
    """One marked example: where it is, its commands, the text shown."""

    doc: Path
    line: int
    excerpt: bool
    commands: str
    shown: str

    @property
    def name(self) -> str:
        return f"{self.doc.relative_to(ROOT)}:{self.line}"


def examples() -> list[Example]:
    found = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for match in _MARKER.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.append(Example(doc, line, bool(match.group(1)), match.group(2),
                                 match.group(3)))
    return found


def run_one(command: str, given: str | None) -> str:
    """The output of one ``[cd DIR &&] scala40 ARGS`` (stdout and stderr as shown)."""
    folder = ROOT
    if command.startswith("cd "):
        place, _, command = command[3:].partition(" && ")
        folder = ROOT / place.strip()
    words = shlex.split(command)
    assert words[0] == "scala40", f"a doc example runs scala40, not {words[0]!r}"
    runner = CliRunner()
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        result = runner.invoke(main, words[1:], input=given, catch_exceptions=False)
    return result.output


def output_of(commands: str) -> str:
    outputs = []
    for command in commands.split(" ;; "):
        given = None
        for stage in command.split(" | "):
            given = run_one(stage.strip(), given)
        assert given is not None
        outputs.append(given)
    return "".join(outputs)


def _lines(text: str) -> list[str]:
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _matches(shown: str, printed: str) -> bool:
    if shown.endswith("..."):
        return printed.startswith(shown[:-3])
    return shown == printed


def _whole_output_agrees(shown: list[str], printed: list[str]) -> bool:
    return len(shown) == len(printed) and all(map(_matches, shown, printed))


def _excerpt_agrees(shown: list[str], printed: list[str]) -> bool:
    lines = iter(printed)
    return all(any(_matches(line, candidate) for candidate in lines) for line in shown)


EXAMPLES = examples()


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.name for e in EXAMPLES])
def test_a_doc_example_prints_what_the_doc_shows(example: Example) -> None:
    shown, printed = _lines(example.shown), _lines(output_of(example.commands))
    agrees = _excerpt_agrees if example.excerpt else _whole_output_agrees
    if not agrees(shown, printed):
        diff = "\n".join(difflib.unified_diff(
            shown, printed, f"{example.name} (what the doc shows)",
            f"{example.commands} (what it prints)", lineterm=""))
        kind = "lines of the output" if example.excerpt else "the whole output"
        pytest.fail(f"{example.name} shows {kind} of `{example.commands}`, but the "
                    f"command prints something else:\n{diff}")


def test_the_known_examples_are_checked() -> None:
    """The tour's text report, the syntax error of the format guide and the rules
    messages are among the examples (a marker lost in an edit would skip them)."""
    names = {e.name.split(":")[0] for e in EXAMPLES}
    assert {"README.md", "docs/log-format.md", "docs/rules.md"} <= names
    assert any("meld 4D 5D XX" in e.shown for e in EXAMPLES)


def test_every_block_that_shows_output_is_checked() -> None:
    """A fenced block holding lines only scala40 prints must carry a marker."""
    unmarked = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        marked = {m.start(3) for m in _MARKER.finditer(text)}
        for block in _FENCE.finditer(text):
            if block.start(1) not in marked and _OUTPUT_LINE.search(block.group(1)):
                line = text.count("\n", 0, block.start()) + 1
                unmarked.append(f"{doc.relative_to(ROOT)}:{line}")
    assert not unmarked, ("output shown without a <!-- doc-example: ... --> marker: "
                          + ", ".join(unmarked))


@pytest.mark.parametrize(("shown", "printed", "whole", "excerpt"), [
    ("a\nb\n", "a\nb\n\n", True, True),
    ("a\nb", "a\nx\nb", False, True),
    ("b\na", "a\nb", False, False),
    ("keys: ...", "keys: x, y", True, True),
    ("a  \n", "a", True, True),
])
def test_how_shown_and_printed_text_are_compared(shown: str, printed: str, whole: bool,
                                                 excerpt: bool) -> None:
    assert _whole_output_agrees(_lines(shown), _lines(printed)) is whole
    assert _excerpt_agrees(_lines(shown), _lines(printed)) is excerpt
