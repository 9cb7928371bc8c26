"""What users of linters expect: an inline comment accepting a known violation,
--select/--ignore with prefixes, [tool.scala40] in pyproject.toml found upwards,
--config, SCALA40_* environment variables, and colour on a terminal only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from conftest import ReportCheck

from scala40cli.audit.ignores import Selection, inline_ignores, parse_codes
from scala40cli.audit.pipeline import audit_bytes
from scala40cli.cli.config import Config, ConfigError, find_config, load_config
from scala40cli.cli.main import main
from scala40cli.reporting.color import use_color
from scala40cli.reporting.events_jsonl import s40_to_jsonl

ROOT = Path(__file__).resolve().parent.parent
T004 = ROOT / "fixtures" / "illegal" / "T004-not-in-hand-discard.s40"
T004_LINE = 20
LEGAL = ROOT / "fixtures" / "legal" / "two-players.s40"


def run(*args: str, env: dict[str, str] | None = None, stdin: bytes | None = None) -> Result:
    return CliRunner().invoke(main, list(args), env=env, input=stdin,
                              catch_exceptions=False)


def with_comment(comment: str, line: int = T004_LINE) -> bytes:
    lines = T004.read_text(encoding="utf-8").split("\n")
    lines[line - 1] += " " + comment
    return "\n".join(lines).encode("utf-8")


def codes(data: bytes) -> tuple[list[str], list[tuple[str, str]]]:
    (game,) = audit_bytes(data, "t.s40").games
    return ([str(v.code) for v in game.violations],
            [(str(i.problem.code), i.by) for i in game.ignored])


# --- inline comments ---------------------------------------------------------------------


def test_the_fixture_has_its_violation_where_the_tests_expect() -> None:
    assert codes(T004.read_bytes()) == (["T004"], [])
    assert audit_bytes(T004.read_bytes(), "t").games[0].violations[0].line == T004_LINE


@pytest.mark.parametrize("comment", ["; scala40: ignore T004", "# scala40: ignore T004",
                                     ";scala40:ignore t004", "; SCALA40: IGNORE T",
                                     "; scala40: ignore S001, T004", "; scala40: ignore",
                                     "; the club agreed -- scala40: ignore T00"])
def test_an_inline_comment_accepts_the_violation_of_its_line(comment: str) -> None:
    assert codes(with_comment(comment)) == ([], [("T004", "comment")])


@pytest.mark.parametrize("comment", ["; scala40: ignore S001", "; scala40: ignore T005",
                                     "; ignore T004", "; scala40 ignore T004"])
def test_a_comment_for_another_code_or_not_ours_accepts_nothing(comment: str) -> None:
    assert codes(with_comment(comment)) == (["T004"], [])


def test_a_comment_on_another_line_accepts_nothing() -> None:
    assert codes(with_comment("; scala40: ignore T004", T004_LINE + 1)) == (["T004"], [])


def test_inline_ignores_reads_codes_and_lines() -> None:
    text = "a ; scala40: ignore T004 S\nb\nc # scala40: ignore\n"
    assert inline_ignores(text, first_line=10) == {10: frozenset({"T004", "S"}), 12: None}
    assert inline_ignores("no comment here\n") == {}


def test_ignored_violations_are_listed_in_json_and_do_not_count(check_report: ReportCheck,
                                                                tmp_path: Path) -> None:
    log = tmp_path / "known.s40"
    log.write_bytes(with_comment("; scala40: ignore T004"))
    result = run("replay", "--format", "json", str(log))
    assert result.exit_code == 0, result.stdout
    report = check_report(json.loads(result.stdout))
    assert report["summary"]["violations"] == 0
    (game,) = report["files"][0]["games"]
    assert game["ok"] and game["violations"] == []
    assert [(i["code"], i["line"], i["by"]) for i in game["ignored"]] == [
        ("T004", T004_LINE, "comment")]
    lines = run("replay", "--format", "jsonl", str(log)).stdout.splitlines()
    assert json.loads(lines[0])["game"]["ignored"][0]["code"] == "T004"


def test_a_json_lines_event_comment_accepts_its_violation_too() -> None:
    jsonl = s40_to_jsonl(T004.read_bytes())
    assert isinstance(jsonl, str)
    lines = jsonl.splitlines()
    number = next(i for i, line in enumerate(lines) if '"KH"' in line and "discard" in line)
    lines[number] = json.dumps({**json.loads(lines[number]),
                                "comment": "; scala40: ignore T004"})
    (game,) = audit_bytes("\n".join(lines).encode(), "t.jsonl").games
    assert not game.violations and game.ignored[0].problem.line == number + 1


# --- --select and --ignore ---------------------------------------------------------------


def test_select_and_ignore_with_prefixes() -> None:
    assert Selection(select=("T",)).reports("T004")
    assert not Selection(select=("T00",)).reports("T010")
    assert not Selection(ignore=("T004",)).reports("T004")
    assert Selection(select=("T",), ignore=("T004",)).reports("T005")
    assert parse_codes("t004, S  M00", "--ignore") == ("T004", "S", "M00")


@pytest.mark.parametrize("value", ["X1", "F003", "F", "T4", "not-in-hand"])
def test_a_code_that_names_no_game_violation_is_a_usage_error(value: str) -> None:
    result = run("replay", "--ignore", value, str(T004))
    assert result.exit_code == 2 and "--ignore" in result.stderr


@pytest.mark.parametrize(("args", "status", "reported"), [
    (("--ignore", "T004"), 0, []), (("--ignore", "T"), 0, []),
    (("--select", "S,M"), 0, []), (("--select", "T"), 1, ["T004"]),
    (("--select", "T", "--ignore", "T00"), 0, []), ((), 1, ["T004"]),
])
def test_the_command_line_selection_decides_the_report_and_the_status(
        args: tuple[str, ...], status: int, reported: list[str],
        check_report: ReportCheck) -> None:
    result = run("replay", "--format", "json", *args, str(T004))
    assert result.exit_code == status
    (game,) = check_report(json.loads(result.stdout))["files"][0]["games"]
    assert [v["code"] for v in game["violations"]] == reported
    assert [(i["code"], i["by"]) for i in game["ignored"]] == (
        [] if reported else [("T004", "option")])


def test_file_errors_are_never_ignored() -> None:
    broken = ROOT / "fixtures" / "illegal" / "F003-syntax-error.s40"
    result = run("replay", "--select", "T", "--ignore", "G", str(broken))
    assert result.exit_code == 1 and "F003" in result.stdout


def test_the_selection_applies_to_compare_too() -> None:
    result = run("replay", "--compare", "classic,scala50", "--format", "json",
                 "--ignore", "T004", str(T004))
    assert result.exit_code == 0
    assert json.loads(result.stdout)["summary"]["violations"] == 0


# --- configuration -----------------------------------------------------------------------


def project(tmp_path: Path, table: str, *, git: bool = True) -> Path:
    """A repository with a pyproject.toml holding ``table`` and a log in logs/."""
    if git:
        (tmp_path / ".git").mkdir()
    (tmp_path / "pyproject.toml").write_text(f"[project]\nname = 'x'\n\n{table}\n",
                                             encoding="utf-8")
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "t004.s40").write_bytes(T004.read_bytes())
    return tmp_path


def test_the_configuration_is_found_upwards_and_the_command_line_wins(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = project(tmp_path, '[tool.scala40]\nformat = "json"\nignore = ["T004"]')
    monkeypatch.chdir(root / "logs")
    assert find_config() == root / "pyproject.toml"
    from_file = run("replay", "t004.s40")
    assert from_file.exit_code == 0
    assert json.loads(from_file.stdout)["files"][0]["games"][0]["ignored"][0]["by"] == "option"
    from_command = run("replay", "--format", "text", "--ignore", "S001", "t004.s40")
    assert from_command.exit_code == 1 and "T004" in from_command.stdout
    from_env = run("replay", "t004.s40", env={"SCALA40_FORMAT": "github",
                                             "SCALA40_IGNORE": "S"})
    assert from_env.stdout.startswith("::error") and from_env.exit_code == 1
    both = run("replay", "--format", "text", "t004.s40", env={"SCALA40_FORMAT": "github"})
    assert not both.stdout.startswith("::error")


def test_the_search_stops_at_the_repository_root(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.scala40]\nformat = "json"\n',
                                             encoding="utf-8")
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    monkeypatch.chdir(repo)
    assert find_config() is None
    assert load_config() == Config()
    monkeypatch.chdir(tmp_path)
    assert find_config() == tmp_path / "pyproject.toml"


def test_config_option_and_envvar_name_the_file(tmp_path: Path) -> None:
    settings = tmp_path / "scala40.toml"
    settings.write_text('select = ["S"]\n', encoding="utf-8")
    for args, env in ((("--config", str(settings)), None),
                      ((), {"SCALA40_CONFIG": str(settings)})):
        result = run("replay", "--format", "json", *args, str(T004), env=env)
        assert result.exit_code == 0, result.stderr
    missing = run("replay", "--config", str(tmp_path / "none.toml"), str(T004))
    assert missing.exit_code == 2 and "cannot read" in missing.stderr


def test_rules_set_jobs_and_exclude_from_the_configuration(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           check_report: ReportCheck) -> None:
    root = project(tmp_path, '[tool.scala40]\nrules = "house.toml"\nset = { ace_penalty = 1 }\n'
                             'format = "json"\njobs = 2\nexclude = ["drafts", "*.tmp.s40"]')
    (root / "house.toml").write_text('preset = "scala50"\n', encoding="utf-8")
    (root / "logs" / "legal.tmp.s40").write_bytes(LEGAL.read_bytes())
    (root / "drafts").mkdir()
    (root / "drafts" / "d.s40").write_bytes(LEGAL.read_bytes())
    monkeypatch.chdir(root)
    report = check_report(json.loads(run("replay", ".").stdout))
    assert [f["path"] for f in report["files"]] == ["./logs/t004.s40"]
    game = report["files"][0]["games"][0]
    assert (game["rules"]["opening_points"], game["rules"]["ace_penalty"]) == ("50", "1")
    assert game["rule_sources"]["ace_penalty"] == "--set"
    named = check_report(json.loads(run("replay", "drafts/d.s40").stdout))
    assert [f["path"] for f in named["files"]] == ["drafts/d.s40"]  # named: always read
    wins = json.loads(run("replay", "--rules", "classic", "--set", "ace_penalty=11",
                          "logs/t004.s40").stdout)["files"][0]["games"][0]["rules"]
    assert (wins["opening_points"], wins["ace_penalty"]) == ("40", "11")


@pytest.mark.parametrize(("table", "words"), [
    ('[tool.scala40]\nformats = "json"', "unknown key 'formats'"),
    ('[tool.scala40]\njobs = 0', "jobs in [tool.scala40]"),
    ('[tool.scala40]\ncolor = "sometimes"', "color in"),
    ('[tool.scala40]\nignore = ["X9"]', "--ignore in"),
    ('[tool.scala40]\nformat = "pdf"', "format 'pdf'"),
    ('[tool.scala40]\nset = { opening_points = "lots" }', "opening_points"),
    ('[tool.scala40\n', None),
])
def test_a_bad_configuration_is_a_usage_error_naming_the_file(
        tmp_path: Path, table: str, words: str | None) -> None:
    root = project(tmp_path, table)
    result = run("replay", "--config", str(root / "pyproject.toml"), str(T004))
    assert result.exit_code == 2
    assert str(root / "pyproject.toml") in result.stderr or "opening_points" in result.stderr
    if words is not None:
        assert words in result.stderr


def test_a_pyproject_without_our_table_is_an_error_only_when_named(tmp_path: Path) -> None:
    root = project(tmp_path, "[tool.ruff]\nline-length = 100")
    with pytest.raises(ConfigError, match=r"no \[tool.scala40\] table"):
        load_config(root / "pyproject.toml")
    assert find_config(root / "logs") is None


# --- colour ------------------------------------------------------------------------------


class _Tty:
    def __init__(self, tty: bool) -> None:
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.mark.parametrize(("choice", "tty", "env", "expected"), [
    ("auto", True, {}, True), ("auto", False, {}, False),
    ("auto", True, {"NO_COLOR": "1"}, False), ("auto", False, {"FORCE_COLOR": "1"}, True),
    ("auto", True, {"NO_COLOR": ""}, True), ("always", False, {"NO_COLOR": "1"}, True),
    ("never", True, {"FORCE_COLOR": "1"}, False),
])
def test_when_the_text_report_is_coloured(choice: str, tty: bool, env: dict[str, str],
                                          expected: bool) -> None:
    assert use_color(choice, _Tty(tty), env) is expected  # type: ignore[arg-type]
    assert use_color(choice, None, env) is (expected and (choice == "always"
                                                          or "FORCE_COLOR" in env))


def test_colour_marks_codes_and_the_counts_and_never_passes_a_log_escape(
        tmp_path: Path) -> None:
    plain = run("replay", "--color", "never", str(T004)).stdout
    coloured = run("replay", "--color", "always", str(T004)).stdout
    assert "\x1b[" not in plain and "\x1b[31mT004\x1b[0m" in coloured
    assert coloured.rstrip("\n").endswith("\x1b[0m")
    assert run("replay", str(T004), env={"FORCE_COLOR": "1"}).stdout == coloured
    assert run("replay", str(T004), env={"SCALA40_COLOR": "always"}).stdout == coloured
    assert "\x1b[" not in run("replay", str(T004), env={"NO_COLOR": "1"}).stdout
    hostile = tmp_path / "h.s40"
    hostile.write_text('[Players "A\x1b[2J" "B"]\nhand 1\n', encoding="utf-8")
    out = run("replay", "--color", "always", str(hostile)).stdout
    assert "\x1b[2J" not in out and "\\x1b[2J" in out
    assert "\x1b[" not in run("replay", "--format", "json", "--color", "always",
                              str(T004)).stdout


def test_the_text_report_says_what_was_accepted(tmp_path: Path) -> None:
    log = tmp_path / "known.s40"
    log.write_bytes(with_comment("; scala40: ignore T004"))
    text = run("replay", str(log)).stdout
    assert "No violations.\n  1 violation accepted as known (T004), not counted." in text
    assert "T004" not in run("replay", str(LEGAL)).stdout


def test_an_acceptance_inside_a_quoted_name_is_not_a_comment() -> None:
    text = '[Players "A; scala40: ignore" "B"]\nhand 1 ; scala40: ignore G006\n'
    assert inline_ignores(text) == {2: frozenset({"G006"})}
