"""The README and docs print what they say: every shown output is the real one.

An example of output in README.md or docs/*.md is marked by an HTML comment (invisible
on GitHub) on the line before its fenced block, naming the command that prints it::

    <!-- doc-example: cd docs/examples && scala40 replay game.s40 -->
    ```
    game.s40:19:1: T004 Anna does not hold KH; Anna holds no K, and AH in hearts
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

Every other command the docs show, those that write files included (``convert -o``,
``fmt``, ``simulate --out``, ``rules > house.toml``, a CI workflow's ``run:`` steps), is
run too, in a temporary folder, and its result checked: its exit status, what it printed
in a machine format and every file it wrote (tests/doc_commands.py says what a command
shown is and how it runs, tests/doc_results.py what is checked).
"""

from __future__ import annotations

import difflib
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from doc_commands import (
    SKIPS,
    Session,
    Shown,
    run_command,
    shown_commands,
    skipped_parts,
    untagged_commands,
)
from doc_commands import stage as stage_folder
from doc_results import check_file, check_printed, check_status, snapshot, written

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


def _example(example: Example) -> object:
    """An example whose command reviews a game is slow (the expert weighs every
    decision: a minute)."""
    slow = "scala40 review" in example.commands
    return pytest.param(example, id=example.name, marks=[pytest.mark.slow] if slow else [])


@pytest.mark.parametrize("example", [_example(e) for e in EXAMPLES])
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


# --- every command shown, run in a temporary folder ---------------------------------------

SHOWN = shown_commands()


def _params(shown_blocks: list[Shown]) -> list[object]:
    """A block whose commands take seconds is slow; of the others, one in three runs in
    the fast selection (each runs its command lines, tenths of a second); CI runs all."""
    params, quick = [], 0
    for shown in shown_blocks:
        fast = not shown.is_slow() and quick % 3 == 0
        quick += not shown.is_slow()
        params.append(pytest.param(shown, id=shown.name,
                                   marks=() if fast else pytest.mark.slow))
    return params


@pytest.mark.parametrize("shown", _params(SHOWN))
def test_every_command_shown_runs_and_does_what_it_says(shown: Shown,
                                                       tmp_path: Path) -> None:
    """The commands of a block in order, in one folder (see tests/doc_commands.py):
    each exits as documented, prints valid output, writes valid files."""
    reasons = [reason for command in shown.commands for reason in skipped_parts(command)]
    if all(reasons):
        pytest.skip("; ".join(sorted(set(reasons))))
    if any("--dask" in command for command in shown.commands):
        pytest.importorskip("distributed", reason="the dask extra is not installed")
    session = Session(stage_folder(tmp_path))
    for command in shown.commands:
        if all(skipped_parts(command)):
            continue
        before, start = snapshot(tmp_path), len(session.ran)
        run_command(command, session)
        assert len(session.ran) > start, f"{shown.name}: `{command}` ran nothing"
        for ran in session.ran[start:]:
            check_status(ran.words, ran.status, ran.shown, ran.is_scala40)
            if ran.is_scala40:
                check_printed(ran.words, ran.stdout)
        for path in written(before, snapshot(tmp_path), tmp_path):
            check_file(path)


def test_commands_are_found_in_every_kind_of_place() -> None:
    """Shell blocks, workflow steps and code spans: a change to the finder that loses
    one of them would silently run nothing."""
    commands = [command for shown in SHOWN for command in shown.commands]
    assert "scala40 convert game.jsonl -o game.s40" in " ".join(
        " ".join(command.split()) for command in commands)  # issue 24
    assert any(command.startswith("scala40 replay --format sarif") for command in commands)
    assert "scala40 explain T004" in commands
    assert {shown.doc.name for shown in SHOWN} >= {"README.md", "events-json.md", "ci.md"}
    assert all(reason for _, reason in SKIPS)


def test_no_command_hides_in_an_untagged_block() -> None:
    """An untagged block of commands would not be run: it must be tagged ``sh``."""
    assert not untagged_commands(), untagged_commands()


def test_the_checks_catch_what_a_wrong_doc_command_does(tmp_path: Path) -> None:
    """A usage error, a silent exit 1, a log written with problems, a file of no known
    kind: each fails the doc test (the checks are not vacuous)."""
    with pytest.raises(AssertionError, match="usage error"):
        check_status(["scala40", "replay"], 2, "Error: ...", True)
    with pytest.raises(AssertionError, match="without showing a problem"):
        check_status(["scala40", "replay", "x.s40"], 1, "1 file, 1 game", True)
    check_status(["scala40", "replay", "x.s40"], 1, "x.s40:3:1: T004 ...", True)
    illegal = tmp_path / "illegal.s40"
    illegal.write_bytes((ROOT / "fixtures" / "illegal" / "T004-not-in-hand-meld.s40")
                        .read_bytes())
    with pytest.raises(AssertionError, match="violations"):
        check_file(illegal)
    (tmp_path / "notes.txt").write_text("x", encoding="utf-8")
    with pytest.raises(AssertionError, match="add a check"):
        check_file(tmp_path / "notes.txt")
    before = snapshot(tmp_path)
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "game-0001.s40").write_text("x", encoding="utf-8")
    assert written(before, snapshot(tmp_path), tmp_path) == [tmp_path / "out"]


def test_a_documented_command_in_a_temporary_folder(tmp_path: Path) -> None:
    """The runner itself: a pipe, a redirection, a file checked (issue 24's command)."""
    session = Session(stage_folder(tmp_path))
    run_command("scala40 convert game.s40 -o game.jsonl && cat game.jsonl | "
                "scala40 convert --input-format jsonl - > again.s40", session)
    assert [ran.status for ran in session.ran] == [0, 0, 0]
    check_file(tmp_path / "again.s40")
    assert (tmp_path / "again.s40").read_bytes() == session.ran[-1].stdout
