"""The commands shown in README.md and docs/*.md, found and run as a reader would run them.

A *command shown* is:

- every line of a fenced block tagged ``sh``, ``shell``, ``bash`` or ``console`` (a
  ``$`` prompt and a ``# comment`` are dropped, a line ending in ``\\`` goes on);
- every ``run:`` step of a fenced ``yaml`` block (a workflow to copy);
- every code span of the prose that is a whole ``scala40`` command, such as
  ``scala40 explain T004``: one that gives its command every argument it requires (a
  span that names a command or an option, ``scala40 replay`` or ``scala40 replay
  --format json``, is no command).

A *synopsis* is no command: a line or span that holds ``...``, ``[`` or a placeholder in
capitals (``FILE``, ``PRESET|FILE``, ``KEY=VALUE``). An untagged block is a synopsis when
one of its lines is: a block of ``scala40`` lines that are all commands must say ``sh``,
or they would never be run (:func:`untagged_commands`).

The commands of one block run in order, in one temporary folder (:func:`stage`) that
holds the repository's ``fixtures/``, ``docs/examples/``, ``examples/`` and ``tools/``,
``game.s40`` (a clean game) and ``logs/`` (a folder of clean games), so that each command finds what
the docs assume. ``A && B``, ``A | B`` and ``A > FILE`` are understood; the programs are
``scala40`` (run in-process), ``cat``, ``head``, ``cd`` and ``python`` (a script of the
repository, run by this interpreter); ``>>`` appends, and ``$GITHUB_STEP_SUMMARY`` (the
only variable the docs use) names a file of the folder (:data:`VARIABLES`). What cannot
run here is listed in :data:`SKIPS`, each with its reason.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from click.testing import CliRunner

from scala40cli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

_FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```", re.MULTILINE | re.DOTALL)
_SHELL_TAGS = frozenset({"sh", "shell", "bash", "console"})
_SPAN = re.compile(r"(?<!`)`(scala40 [^`]+)`(?!`)")
_RUN_STEP = re.compile(r"^\s*(?:-\s+)?run:\s*(.+)$", re.MULTILINE)
#: A placeholder word of a synopsis: capitals (``FILE``, ``KEY=VALUE``, ``PRESET|FILE``).
_PLACEHOLDER = re.compile(r"(?:^|[\s=|/])[A-Z][A-Z_]+(?=$|[\s=|/.,\]])")

#: Commands that cannot run in a test, by a pattern of the command, and why.
SKIPS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), reason) for pattern, reason in (
        (r"\bpip install\b", "installs packages: needs the network"),
        (r"^\S*python3? -m venv\b", "creates a virtual environment (the install above it)"),
        (r"^\S*python3? -m pytest\b", "the test suite itself"),
        (r"--dask (?!processes\b)|s3://", "needs a Dask cluster and an object store"),
        (r"^\S*python3? bench/", "a benchmark: bench/ measures speed, tests do not"),
        (r"\bpip wheel\b", "builds the compiled wheel: minutes of mypyc, done by .ci/run"),
        (r"^(?:\.venv/bin/)?scala40 play\b(?!.*--help)", "starts a server and waits for "
         "the browser (tests/test_play_whole_match.py plays a match through it)"),
        (r"\bscala40 arena\b(?!.*--help)(?!.*--games[ =](?:[1-9]|1\d|20)\b)",
         "an arena of more than 20 matches is a measurement, minutes of CPU: docs/arena.md "
         "shows its output (tests/test_arena.py plays short runs, the SPRT's included)"),
    ))
#: A ``simulate`` of more matches than this is a slow test (the speed notes show some).
SLOW_GAMES = 20


@dataclass(frozen=True)
class Shown:
    """The commands of one block (or one code span), in order, and where they are."""

    doc: Path
    line: int
    commands: tuple[str, ...]

    @property
    def name(self) -> str:
        return f"{self.doc.relative_to(ROOT)}:{self.line}"

    def is_slow(self) -> bool:
        """Many simulated matches, a Dask cluster started, a review (the expert weighs
        every decision) or matches the expert plays (seconds of CPU each, a minute at a
        larger budget): more than a few seconds."""
        return any(_games(command) > SLOW_GAMES or "--dask" in command
                   or re.search(r"\bscala40 review\b(?!.*--help)", command) is not None
                   or re.search(r"\bscala40 (simulate|arena)\b(?!.*--help).*\bexpert\b",
                                command) is not None
                   for command in self.commands)


def _games(command: str) -> int:
    found = re.search(r"\bsimulate\b.*--games[ =](\d+)", command)
    return int(found.group(1)) if found else 0


def is_synopsis(text: str) -> bool:
    """A command's shape rather than a command: ``...``, ``[``, or a placeholder."""
    return "..." in text or "[" in text or bool(_PLACEHOLDER.search(text))


def is_whole(command: str) -> bool:
    """Does ``scala40 ...`` give its command every argument it requires (by the
    command's own definition), or ask for ``--version``?"""
    words = _split(_tokens(command), "|")[0][1:]
    if words == ["--version"]:
        return True
    if not words or words[0] not in main.commands:
        return False
    command_line = main.commands[words[0]]
    # Under the group's context, as a real run: a context of its own would give the
    # command click's default help option names, which click then keeps.
    parent = main.make_context("scala40", words[:1], resilient_parsing=True)
    context = command_line.make_context(words[0], words[1:], parent=parent,
                                        resilient_parsing=True)
    return all(context.params.get(param.name) not in (None, ())
               for param in command_line.params if param.required)


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _shell_lines(body: str) -> list[str]:
    """The command lines of a shell block: continuations joined, prompts, comments and
    blank lines dropped."""
    joined = re.sub(r"\\\n\s*", " ", body)
    lines = []
    for raw in joined.splitlines():
        line = raw.strip().removeprefix("$ ")
        words = shlex.split(line, comments=True)
        if words:
            lines.append(line)
    return lines


def shown_commands() -> list[Shown]:
    """Every command shown in the docs (see the module docstring), a block at a time."""
    found: list[Shown] = []
    spans: set[str] = set()  # a span shown again (``scala40 rules``) is run once
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        fenced = [(m.start(), m.end()) for m in _FENCE.finditer(text)]
        for block in _FENCE.finditer(text):
            tag, body = block.group(1).strip(), block.group(2)
            if tag in _SHELL_TAGS:
                commands = tuple(_shell_lines(body))
            elif tag == "yaml":
                commands = tuple(step.strip() for step in _RUN_STEP.findall(body))
            else:
                continue
            if commands:
                found.append(Shown(doc, _line_of(text, block.start()), commands))
        for span in _SPAN.finditer(text):
            command = " ".join(span.group(1).split())
            inside_block = any(start <= span.start() < end for start, end in fenced)
            if inside_block or command in spans or is_synopsis(command) or \
                    not is_whole(command):
                continue
            spans.add(command)
            found.append(Shown(doc, _line_of(text, span.start()), (command,)))
    return found


def untagged_commands() -> list[str]:
    """``doc:line`` of each line starting with ``scala40`` in a block that is not tagged
    as shell and is no synopsis: a command that would never be run."""
    found = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for block in _FENCE.finditer(text):
            lines = [line for line in block.group(2).splitlines()
                     if line.startswith("scala40 ")]
            if block.group(1).strip() in (*_SHELL_TAGS, "yaml") or any(map(is_synopsis,
                                                                           lines)):
                continue
            found += [f"{doc.relative_to(ROOT)}:{_line_of(text, block.start())}: {line}"
                      for line in lines]
    return found


# --- the folder the commands run in ---------------------------------------------------------


def stage(folder: Path) -> Path:
    """A folder with what the docs' commands expect to find (see the module docstring)."""
    for part in ("fixtures", "docs/examples", "examples", "tools"):
        shutil.copytree(ROOT / part, folder / part)
    legal = ROOT / "fixtures" / "legal"
    shutil.copyfile(legal / "two-players.s40", folder / "game.s40")
    (folder / "logs").mkdir()
    for name in ("two-players.s40", "five-players.s40"):
        shutil.copyfile(legal / name, folder / "logs" / name)
    return folder


# --- running a command line -----------------------------------------------------------------


@dataclass
class Ran:
    """One program of a command line, as run: its words, exit status and output."""

    words: list[str]
    status: int
    stdout: bytes
    stderr: str

    @property
    def is_scala40(self) -> bool:
        return _is_scala40(self.words)

    @property
    def shown(self) -> str:
        return self.stdout.decode("utf-8", "replace") + self.stderr


@dataclass
class Session:
    """Where a block's commands run: the folder (``cd`` moves it), and what ran."""

    folder: Path
    ran: list[Ran] = field(default_factory=list)


def skip_reason(command: str) -> str | None:
    for pattern, reason in SKIPS:
        if pattern.search(command):
            return reason
    return None


def skipped_parts(command: str) -> list[str]:
    """The reasons why parts of a command line (``A && B``) are not run, one a part;
    an empty string for a part that runs."""
    return [skip_reason(" ".join(part)) or "" for part in _split(_tokens(command), "&&")]


def _is_scala40(words: list[str]) -> bool:
    if not words:
        return False
    if Path(words[0]).name == "scala40":
        return True
    return Path(words[0]).name.startswith("python") and words[1:3] == ["-m", "scala40cli"]


#: The variables the docs' commands use, and what they stand for in the folder.
VARIABLES = {"GITHUB_STEP_SUMMARY": "step-summary.md"}


def _tokens(command: str) -> list[str]:
    """The words of a command line, ``|``, ``&&``, ``>`` and ``>>`` apart, variables
    replaced."""
    lexer = shlex.shlex(command, posix=True, punctuation_chars="|&>;")
    lexer.whitespace_split = True
    lexer.commenters = "#"
    return [re.sub(r"\$\{?(\w+)\}?", lambda found: VARIABLES[found.group(1)], word)
            for word in lexer]


def _split(tokens: list[str], separator: str) -> list[list[str]]:
    parts: list[list[str]] = [[]]
    for token in tokens:
        if token == separator:
            parts.append([])
        else:
            parts[-1].append(token)
    return parts


def run_command(command: str, session: Session) -> None:
    """Run one command line (``A && B``, ``A | B > FILE``), stopping at a failure as a
    shell does; each program run is added to ``session.ran``."""
    for part in _split(_tokens(command), "&&"):
        reason = skip_reason(" ".join(part))
        if reason is not None:
            continue
        if part[0] == "cd":
            session.folder = session.folder / part[1]
            continue
        *stages, last = _split(part, "|")
        target, mode = None, "wb"
        for redirect in (">", ">>"):
            if redirect in last:
                at = last.index(redirect)
                last, target = last[:at], last[at + 1]
                mode = "ab" if redirect == ">>" else "wb"
        given: bytes | None = None
        for words in [*stages, last]:
            ran = _run_program(words, given, session.folder)
            session.ran.append(ran)
            given = ran.stdout
        if target is not None and given is not None:
            with open(session.folder / target, mode) as written:
                written.write(given)
        if session.ran[-1].status != 0:
            return


def _expand(words: list[str], folder: Path) -> list[str]:
    """The words as a shell passes them: a pattern (``logs/*.s40``) that matches files
    becomes their sorted names, one that matches none stays as written."""
    expanded: list[str] = []
    for word in words:
        matches = sorted(folder.glob(word)) if any(c in word for c in "*?") else []
        expanded += [str(m.relative_to(folder)) for m in matches] or [word]
    return expanded


def _run_program(words: list[str], given: bytes | None, folder: Path) -> Ran:
    words = _expand(words, folder)
    if _is_scala40(words):
        args = words[1:] if Path(words[0]).name == "scala40" else words[3:]
        with pytest.MonkeyPatch.context() as patch:
            patch.chdir(folder)
            for name in ("NO_COLOR", "FORCE_COLOR"):
                patch.delenv(name, raising=False)
            result = CliRunner().invoke(main, args, input=given, catch_exceptions=False)
        return Ran(words, result.exit_code, result.stdout_bytes, result.stderr)
    if words[0] == "head":
        lines = (given or b"").splitlines(keepends=True)
        return Ran(words, 0, b"".join(lines[:10]), "")
    if words[0] == "cat":
        data = b"".join((folder / name).read_bytes() for name in words[1:])
        return Ran(words, 0, data if words[1:] else given or b"", "")
    if Path(words[0]).name.startswith("python"):
        done = subprocess.run([sys.executable, *words[1:]], input=given or b"", cwd=folder,
                              capture_output=True, check=False,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
        return Ran(words, done.returncode, done.stdout, done.stderr.decode("utf-8", "replace"))
    raise AssertionError(f"a doc command runs {words[0]!r}: teach tests/doc_commands.py to "
                         "run it, or list it in SKIPS with the reason")
