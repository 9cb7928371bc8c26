"""The GitHub Actions files work when copied: action.yml and the workflows of docs/ci.md
validate against the published schemas (vendored in tests/data/github-actions), and the
action's script runs ``scala40 replay`` with its inputs as data, never as code."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft7Validator

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = Path(__file__).resolve().parent / "data" / "github-actions"
ACTION = ROOT / "action.yml"
CI_DOC = ROOT / "docs" / "ci.md"
ILLEGAL = ROOT / "fixtures" / "illegal" / "T004-not-in-hand-meld.s40"


class _Loader(yaml.SafeLoader):
    """YAML as GitHub reads it: ``on``, ``yes``, ``no`` and ``off`` are strings (YAML
    1.1 makes them booleans, and a workflow's ``on:`` key would become True)."""


_Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Loader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|false)$"),
                              list("tf"))


def load_yaml(text: str) -> Any:
    return yaml.load(text, Loader=_Loader)  # a SafeLoader: no object is built


def validator(name: str) -> Draft7Validator:
    import json

    schema = json.loads((SCHEMAS / name).read_text(encoding="utf-8"))
    Draft7Validator.check_schema(schema)
    return Draft7Validator(schema)


def doc_workflows() -> list[dict[str, Any]]:
    """Every YAML block of docs/ci.md that is a workflow (it has ``jobs``)."""
    blocks = re.findall(r"```yaml\n(.*?)```", CI_DOC.read_text(encoding="utf-8"), re.DOTALL)
    loaded = [load_yaml(block) for block in blocks]
    return [item for item in loaded if isinstance(item, dict) and "jobs" in item]


def all_steps(workflow: dict[str, Any]) -> list[dict[str, Any]]:
    return [step for job in workflow["jobs"].values() for step in job["steps"]]


# --- action.yml -------------------------------------------------------------------------


def test_action_validates_against_the_github_action_schema() -> None:
    action = load_yaml(ACTION.read_text(encoding="utf-8"))
    errors = sorted(validator("github-action.json").iter_errors(action), key=str)
    assert not errors, [error.message for error in errors]
    assert action["runs"]["using"] == "composite"
    assert {"paths", "format", "rules", "set", "exit-zero", "max-annotations"} <= set(
        action["inputs"])
    assert action["inputs"]["max-annotations"]["default"] == "10"


def test_action_scripts_take_inputs_only_through_the_environment() -> None:
    """``${{ inputs.x }}`` inside ``run:`` is pasted into the script before bash reads
    it: an input holding ``"; rm -rf ~`` would run. Only ``env:`` may expand it."""
    action = load_yaml(ACTION.read_text(encoding="utf-8"))
    steps = action["runs"]["steps"]
    passed = set()
    for step in steps:
        assert "${{" not in step.get("run", ""), step["name"]
        for value in step.get("env", {}).values():
            passed.update(re.findall(r"\$\{\{ inputs\.([\w-]+) \}\}", value))
    assert passed == set(action["inputs"])
    assert any('"$GITHUB_ACTION_PATH"' in step.get("run", "") for step in steps)


def _replay_script(name: str = "Replay the game logs") -> tuple[str, dict[str, str]]:
    action = load_yaml(ACTION.read_text(encoding="utf-8"))
    step = next(s for s in action["runs"]["steps"] if s["name"] == name)
    defaults = {name: spec.get("default", "") for name, spec in action["inputs"].items()}
    env = {}
    for key, value in step["env"].items():
        name = re.fullmatch(r"\$\{\{ inputs\.([\w-]+) \}\}", value)
        assert name is not None
        env[key] = defaults[name[1]]
    return step["run"], env


def run_action(tmp_path: Path, step: str = "Replay the game logs",
               **inputs: str) -> subprocess.CompletedProcess[str]:
    """A step of the action (by default the replay), run by bash as the runner would,
    with this test's scala40 in place of the one the install step makes."""
    if shutil.which("bash") is None:
        pytest.skip("bash is not installed")
    script, env = _replay_script(step)
    bin_dir = tmp_path / "runner" / "scala40-venv" / "bin"
    bin_dir.mkdir(parents=True, exist_ok=True)
    scala40 = bin_dir / "scala40"
    scala40.write_text(f"#!/bin/sh\nexec {sys.executable} -m scala40cli \"$@\"\n",
                       encoding="utf-8")
    scala40.chmod(0o755)
    env.update({f"SCALA40_{key.upper()}": value for key, value in inputs.items()})
    env.update(RUNNER_TEMP=str(tmp_path / "runner"), PATH=os.environ.get("PATH", ""),
               PYTHONPATH=str(ROOT), GITHUB_STEP_SUMMARY=str(tmp_path / "summary.md"))
    return subprocess.run(["bash", "-e", "-c", script], cwd=tmp_path, env=env,
                          capture_output=True, text=True, check=False)


@pytest.mark.slow
def test_action_replays_the_paths_with_its_inputs(tmp_path: Path) -> None:
    logs = tmp_path / "logs dir"
    logs.mkdir()
    shutil.copy(ILLEGAL, logs / "a.s40")
    result = run_action(tmp_path, paths="  logs dir/  \n\n", max_annotations="1")
    assert result.returncode == 1, result.stderr
    assert result.stdout.count("::error file=logs dir/a.s40,line=18,col=1,title=T004") == 1
    assert result.stdout.splitlines()[-1].startswith("1 file, 1 game, 1 with violations")

    clean = run_action(tmp_path, paths="logs dir", exit_zero="true", format="text",
                       quiet="true", set="opening_points=40\n")
    assert clean.returncode == 0, clean.stderr
    assert ":18:1: T004 " in clean.stdout and "Players:" not in clean.stdout


@pytest.mark.slow
def test_action_inputs_are_data_not_shell_code(tmp_path: Path) -> None:
    witness = tmp_path / "pwned"
    hostile = f'$(touch {witness})\n`touch {witness}`\n"; touch {witness}; echo "'
    result = run_action(tmp_path, paths=hostile, rules="", set=f"x=$(touch {witness})")
    assert not witness.exists()
    assert result.returncode == 2  # --set x=...: an unknown rule key
    assert "unknown rule key" in result.stderr
    result = run_action(tmp_path, paths=hostile)
    assert not witness.exists()
    assert result.returncode == 1  # the names are files that do not exist: F001
    assert result.stdout.count("title=F001") == 3


STANDINGS = "Write the standings"


@pytest.mark.slow
def test_action_writes_the_standings_to_the_summary_and_a_page(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    shutil.copy(ROOT / "fixtures" / "legal" / "two-players.s40", logs / "a.s40")
    shutil.copy(ILLEGAL, logs / "b.s40")
    action = load_yaml(ACTION.read_text(encoding="utf-8"))
    step = next(s for s in action["runs"]["steps"] if s["name"] == STANDINGS)
    # after a replay that failed on the illegal log, and only when asked for
    assert step["if"] == "${{ !cancelled() && inputs.standings != '' }}"
    result = run_action(tmp_path, STANDINGS, paths="logs",
                        standings="summary\n\n  site/table one.html  \n")
    assert result.returncode == 0, result.stderr
    summary = (tmp_path / "summary.md").read_text(encoding="utf-8")
    assert summary.startswith("## Standings") and "| 1 | " in summary
    assert "`logs/b.s40:3`: game 1, violations: T004 at line 18" in summary
    page = (tmp_path / "site" / "table one.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<svg" in page


def test_action_standings_are_data_not_shell_code(tmp_path: Path) -> None:
    witness = tmp_path / "pwned"
    result = run_action(tmp_path, STANDINGS, paths="missing.s40",
                        standings=f"$(touch {witness})/x.json\n`touch {witness}`")
    assert not witness.exists()
    assert result.returncode == 1  # the log is missing: F001, listed in the table
    assert (tmp_path / f"$(touch {witness})" / "x.json").is_file()


# --- the workflows of docs/ci.md --------------------------------------------------------


def test_doc_workflows_validate_against_the_github_workflow_schema() -> None:
    workflows = doc_workflows()
    assert len(workflows) == 3
    check = validator("github-workflow.json")
    for workflow in workflows:
        errors = sorted(check.iter_errors(workflow), key=str)
        assert not errors, [error.message for error in errors]


@pytest.mark.parametrize("number", [0, 1])
def test_doc_workflow_uploads_sarif_even_after_a_failing_step(number: int) -> None:
    workflow = doc_workflows()[number]
    assert workflow["permissions"] == {"contents": "read", "security-events": "write"}
    steps = all_steps(workflow)
    upload = next(s for s in steps if s.get("uses", "").startswith(
        "github/codeql-action/upload-sarif@"))
    sarif = next(s for s in steps if "sarif" in s.get("run", "") + str(s.get("with", {}))
                 and s is not upload)
    for step in (upload, sarif):
        assert step.get("if") in ("${{ !cancelled() }}", "${{ always() }}", "always()",
                                  "!cancelled()"), step
    assert upload["with"]["sarif_file"] == "scala40.sarif"


def test_doc_workflow_installs_from_the_repository() -> None:
    pip, action = doc_workflows()[1], doc_workflows()[0]
    install = [s["run"] for s in all_steps(pip) if s.get("run", "").startswith("pip install")]
    assert install == ['pip install "git+https://github.com/OWNER/scala40@v0.1.0"']
    uses = {s.get("uses", "").split("@")[0] for s in all_steps(action)}
    assert "OWNER/scala40" in uses


def test_pre_commit_hook_is_quiet() -> None:
    hooks = load_yaml((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    replay = next(hook for hook in hooks if hook["id"] == "scala40-replay")
    assert replay["entry"] == "scala40 replay --quiet"


def test_doc_workflow_publishes_the_standings_on_every_push() -> None:
    workflow = doc_workflows()[2]
    assert workflow["on"] == {"push": {"branches": ["main"]}}
    assert workflow["permissions"] == {"contents": "read", "pages": "write",
                                       "id-token": "write"}
    steps = all_steps(workflow)
    action = next(s for s in steps if s.get("uses", "").startswith("OWNER/scala40@"))
    targets = action["with"]["standings"].split()
    assert targets == ["summary", "site/index.html"]
    action_inputs = load_yaml(ACTION.read_text(encoding="utf-8"))["inputs"]
    assert set(action["with"]) <= set(action_inputs)
    upload = next(s for s in steps if s.get("uses", "").startswith(
        "actions/upload-pages-artifact@"))
    assert upload["with"]["path"] == "site/"
    assert any(s.get("uses", "").startswith("actions/deploy-pages@") for s in steps)
