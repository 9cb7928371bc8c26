"""docs/commands.md's synopsis names every command and every option, as ``--help`` does.

The page promises "every command and option"; the synopsis at its top is where a reader
looks an option up. A command or an option added without it (``scala40 play``,
``simulate --budget``), or a choice left out of a list of values (``--level ... expert``),
fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from scala40cli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
_BLOCK = re.compile(r"## Inputs and outputs\n\n```\n(.*?)```", re.DOTALL)
_OPTION = re.compile(r"(?<![\w-])(--?[a-zA-Z][\w-]*)(?:[ =]([a-z0-9-]+(?:\|[a-z0-9-]+)+))?")


def synopsis() -> dict[str, dict[str, str | None]]:
    """Each command of the synopsis: its options, each with the ``a|b|c`` values shown."""
    block = _BLOCK.search((ROOT / "docs" / "commands.md").read_text(encoding="utf-8"))
    assert block is not None, "docs/commands.md has lost its synopsis"
    commands: dict[str, dict[str, str | None]] = {}
    current: dict[str, str | None] = {}
    for line in block.group(1).splitlines():
        start = re.match(r"scala40 ([a-z]*)", line)  # ``scala40 --version``: no command
        if start:
            current = commands.setdefault(start.group(1), {})
        for option, values in _OPTION.findall(line):
            current[option] = values or None
    return commands


def _options(command: click.Command) -> dict[str, click.Option]:
    return {name: param for param in command.params
            if isinstance(param, click.Option) and not param.hidden
            for name in (*param.opts, *param.secondary_opts) if name.startswith("--")}


SYNOPSIS = synopsis()
assert isinstance(main, click.Group)


@pytest.mark.parametrize("name", sorted(main.commands))
def test_the_synopsis_names_every_option_of_every_command(name: str) -> None:
    assert name in SYNOPSIS, f"docs/commands.md's synopsis has no `scala40 {name}`"
    options = _options(main.commands[name])
    shown = {option for option in SYNOPSIS[name] if option.startswith("--")} - {"--help"}
    assert sorted(set(options) - shown) == [], f"options of {name} the synopsis leaves out"
    assert sorted(shown - set(options)) == [], f"options the synopsis gives {name} wrongly"


@pytest.mark.parametrize("name", sorted(main.commands))
def test_the_values_the_synopsis_lists_are_the_choices(name: str) -> None:
    options = _options(main.commands[name])
    for option, values in SYNOPSIS.get(name, {}).items():
        kind = options[option].type if option in options else None
        if values and isinstance(kind, click.Choice):
            assert sorted(values.split("|")) == sorted(map(str, kind.choices)), (
                f"{name} {option}: the synopsis says {values}")


def test_the_check_reads_the_values_and_sees_a_missing_command() -> None:
    assert SYNOPSIS["replay"]["--format"] == "text|json|jsonl|github|sarif|junit"
    assert SYNOPSIS["play"]["--level"] == "easy|normal|hard|expert"
    assert set(SYNOPSIS) == {"", *main.commands} and SYNOPSIS[""] == {"--version": None}
