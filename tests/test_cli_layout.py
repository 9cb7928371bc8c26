"""The command line is a thin layer (issue 11): the options several commands share are
declared once, as decorators (``cli/options.py``), so that ``--rules`` or ``--output``
is the same option, in the same words, wherever it appears.
"""

from __future__ import annotations

import ast
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from scala40cli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent

# --- the shared options: one declaration ------------------------------------------------


def _options() -> dict[str, list[tuple[str, click.Option]]]:
    """Every option of every command, by its first flag."""
    found: dict[str, list[tuple[str, click.Option]]] = {}
    for name, command in main.commands.items():
        for parameter in command.params:
            if isinstance(parameter, click.Option):
                found.setdefault(parameter.opts[0], []).append((name, parameter))
    return found


@pytest.mark.parametrize("flag", ["--rules", "--set", "--output", "--jobs", "--format",
                                  "--input-format"])
def test_a_shared_option_is_the_same_option_in_every_command(flag: str) -> None:
    declared = _options()[flag]
    assert len(declared) >= 2

    def shape(option: click.Option) -> tuple[object, ...]:
        return (tuple(option.opts), tuple(option.secondary_opts), option.multiple, option.metavar,
                type(option.type), option.is_flag)

    assert len({shape(option) for _, option in declared}) == 1, declared


def test_replay_and_report_take_the_rules_and_jobs_in_the_same_words() -> None:
    replay, report = main.commands["replay"], main.commands["report"]
    for flag in ("--rules", "--set", "--jobs", "--output"):
        [ours] = [p for p in replay.params if flag in p.opts]
        [theirs] = [p for p in report.params if flag in p.opts]
        assert isinstance(ours, click.Option) and isinstance(theirs, click.Option)
        assert ours.help == theirs.help


def test_the_help_of_every_command_lists_its_options_in_order() -> None:
    shown = CliRunner().invoke(main, ["replay", "--help"]).output.partition("Options:")[2]
    lines = [line.split()[0].rstrip(",") for line in shown.splitlines()
             if line.startswith("  -")]
    assert lines == ["--format", "--exit-zero", "--max-annotations", "-q", "-j", "-o",
                     "--rules", "--set", "--compare", "--input-format", "--select",
                     "--ignore", "--color", "--dask", "--config", "-h"]


SHARED = {"--rules", "--set", "--format", "--output", "--jobs", "--select", "--ignore",
          "--color", "--quiet", "--input-format"}


@pytest.mark.parametrize("module", sorted((ROOT / "scala40cli").rglob("*.py")),
                         ids=lambda path: str(path.relative_to(ROOT)))
def test_a_shared_option_is_declared_only_in_options(module: Path) -> None:
    if module.name == "options.py":
        return
    tree = ast.parse(module.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "option" and node.args
                and isinstance(node.args[0], ast.Constant)):
            assert node.args[0].value not in SHARED, (module.name, node.lineno)
