"""The command line is a thin layer (issue 11): declarations in ``cli/main.py``, each
command's work in its own module, the shared options declared once, one road for the
inputs (``audit/road.py``, see tests/test_road.py), one output writer
(``cli/output.py``), formats from the registry.

Each layout test reads the source, so that the next change keeps the shape: the old
``cli.py`` of 759 lines, with four declarations of ``--rules``/``--set``, three ways
of reading inputs and formats picked by ``if report_format == "json"``, fails every one.
"""

from __future__ import annotations

import ast
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from scala40cli.cli import choices, inputs, output
from scala40cli.cli.main import main
from scala40cli.model.results import FileResult
from scala40cli.model.violations import Code

ROOT = Path(__file__).resolve().parent.parent
CLI = ROOT / "scala40cli" / "cli"
MODULES = sorted(CLI.glob("*.py"))
LEGAL = ROOT / "fixtures" / "legal" / "two-players.s40"


def tree_of(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


@pytest.mark.parametrize("module", MODULES, ids=lambda path: path.name)
def test_no_module_of_the_command_line_is_over_400_lines(module: Path) -> None:
    assert len(module.read_text(encoding="utf-8").splitlines()) <= 400


def _commands(module: ast.Module) -> list[ast.FunctionDef]:
    """The functions of ``main.py`` declared as commands (``@main.command(...)``)."""
    def is_command(decorator: ast.expr) -> bool:
        call = decorator.func if isinstance(decorator, ast.Call) else decorator
        return isinstance(call, ast.Attribute) and call.attr == "command"

    return [node for node in module.body if isinstance(node, ast.FunctionDef)
            and any(map(is_command, node.decorator_list))]


def test_every_command_body_is_a_call_to_its_own_module() -> None:
    commands = _commands(tree_of(CLI / "main.py"))
    assert {command.name for command in commands} == {
        "replay", "explain", "rules", "fmt", "report_command", "simulate_command",
        "convert_command", "show", "view", "play", "arena_command", "review",
        "standings"}
    for command in commands:
        body = command.body[1:]  # after the docstring
        assert ast.get_docstring(command), command.name
        assert len(body) == 2, command.name
        loading = body[0]  # imported when it runs, the collector held off meanwhile
        assert isinstance(loading, ast.With), command.name
        assert ast.unparse(loading.items[0].context_expr) == "loading()", command.name
        assert [type(node) for node in loading.body] == [ast.ImportFrom], command.name
        assert isinstance(body[1], ast.Expr) and isinstance(body[1].value, ast.Call)


def test_main_imports_nothing_but_click_and_the_light_modules() -> None:
    imported = {node.module for node in ast.walk(tree_of(CLI / "main.py"))
                if isinstance(node, ast.ImportFrom) and node.col_offset == 0}
    assert imported == {"__future__", "typing", "scala40cli.version", "scala40cli.cli.choices",
                        "scala40cli.cli.group", "scala40cli.cli.options",
                        "scala40cli.cli.status", "scala40cli.cli.stopping"}


#: Every format name of a registry: the command line never compares a value with one.
FORMAT_NAMES = {*choices.REPLAY_FORMATS, *choices.COMPARISON_FORMATS,
                *choices.SCORE_REPORT_FORMATS, *choices.RULES_FORMATS, *choices.SHOW_FORMATS,
                *choices.ARENA_FORMATS, *choices.REVIEW_FORMATS,
                *choices.STANDINGS_FORMATS}


@pytest.mark.parametrize("module", MODULES, ids=lambda path: path.name)
def test_the_command_line_never_branches_on_a_format_name(module: Path) -> None:
    for node in ast.walk(tree_of(module)):
        if isinstance(node, ast.Compare):
            constants = {part.value for part in (node.left, *node.comparators)
                         if isinstance(part, ast.Constant)}
            assert not constants & FORMAT_NAMES, (module.name, node.lineno)


#: What writes a file: only output.py may (rewrite.py's unnamed temporary files are
#: never a user's file).
WRITERS = {"os.replace", "os.rename", "os.fdopen", "os.open", "tempfile.mkstemp",
           ".write_text", ".write_bytes"}


def _called(node: ast.Call) -> str:
    """``os.replace`` for ``os.replace(...)``, ``.write_text`` for ``path.write_text(...)``."""
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        owner = node.func.value
        if isinstance(owner, ast.Name) and owner.id in ("os", "tempfile"):
            return f"{owner.id}.{node.func.attr}"
        return f".{node.func.attr}"
    return ""


@pytest.mark.parametrize("module", [m for m in MODULES if m.name != "output.py"],
                         ids=lambda path: path.name)
def test_every_file_written_goes_through_output(module: Path) -> None:
    for node in ast.walk(tree_of(module)):
        if not isinstance(node, ast.Call):
            continue
        assert _called(node) not in WRITERS, (module.name, node.lineno)
        if _called(node) == "open":
            modes = [arg.value for arg in node.args[1:2] if isinstance(arg, ast.Constant)]
            assert not any(set("wax") & set(str(mode)) for mode in modes), node.lineno

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
    assert lines == ["--format", "--exit-zero", "--require-complete", "--max-annotations",
                     "-q", "-j", "-o",
                     "--rules", "--set", "--compare", "--input-format", "--select",
                     "--ignore", "--color", "--lang", "--dask", "--config", "-h"]


SHARED = {"--rules", "--set", "--format", "--output", "--jobs", "--select", "--ignore",
          "--color", "--quiet", "--input-format", "--lang"}


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


# --- one input pipeline -----------------------------------------------------------------


def test_gather_expands_folders_for_replay_and_takes_names_as_given_for_fmt(
        tmp_path: Path) -> None:
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "b.s40").write_bytes(LEGAL.read_bytes())
    (tmp_path / "logs" / "a.s40").write_bytes(LEGAL.read_bytes())
    folder = str(tmp_path / "logs")
    expanded = inputs.gather([folder, "-"])
    assert [name for name, _ in expanded] == [f"{folder}/a.s40", f"{folder}/b.s40",
                                              inputs.STDIN_NAME]
    assert expanded[-1][1] is None
    assert inputs.gather([folder, "-"], expand=False) == [(folder, folder),
                                                          (inputs.STDIN_NAME, None)]


def test_an_argument_that_names_nothing_is_its_file_error(tmp_path: Path) -> None:
    [(name, result)] = inputs.gather([str(tmp_path / "*.s40")])
    assert isinstance(result, FileResult)
    assert [problem.code for problem in result.errors] == [Code.UNREADABLE_FILE]
    assert inputs.read_input((name, result)) is result


def test_read_input_gives_the_bytes_or_why_not(tmp_path: Path) -> None:
    [source] = inputs.gather([str(LEGAL)], expand=False)
    assert inputs.read_input(source) == LEGAL.read_bytes()
    [folder] = inputs.gather([str(tmp_path)], expand=False)
    failed = inputs.read_input(folder)
    assert isinstance(failed, FileResult)
    assert failed.errors[0].message == "cannot read the file: Is a directory"


def test_input_paths_are_found_only_when_asked_for(tmp_path: Path) -> None:
    found = inputs.input_paths([str(tmp_path / "missing"), "-", str(LEGAL)])
    assert not isinstance(found, list)
    assert list(found) == [str(tmp_path / "missing"), str(LEGAL)]


# --- one output writer --------------------------------------------------------------------


def test_a_report_goes_to_standard_output_or_whole_to_its_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert output.write_report("-", lambda stream: stream.write("to stdout")) == 9
    assert capsys.readouterr().out == "to stdout"
    target = tmp_path / "report.txt"
    output.emit("whole\n", str(target))
    assert target.read_text(encoding="utf-8") == "whole\n"


def test_an_output_over_an_input_is_a_usage_error_about_output(tmp_path: Path) -> None:
    with pytest.raises(click.BadParameter) as raised:
        output.check_output(str(LEGAL), [str(LEGAL)])
    assert raised.value.param_hint == "'--output'"
    output.check_output(None, iter(()))  # standard output: nothing to check
    with pytest.raises(click.BadParameter, match="it is a folder"):
        output.write_report(str(tmp_path), lambda stream: stream.write("x"))


def test_standard_output_is_whose_terminal_is_asked() -> None:
    assert output.stdout_of("-") is output.stdout_of(None) is not None
    assert output.stdout_of("report.txt") is None
    assert not output.names_a_file("-") and output.names_a_file("r.json")
