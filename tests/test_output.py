"""Writing files the user named (issue 9, "Data loss"): ``--output`` never overwrites an
input, is atomic and respectful (mode, links, devices), and ``simulate --out DIR`` never
mixes its games with logs already there nor writes through a link.

Each test would fail on the code before scala40cli/cli/output.py: ``replay -o a.s40 a.s40``
wrote the report over the log, ``report -o`` wrote with ``Path.write_text`` (a half file
on a full disk, a link replaced... ), the temporary file of ``replay -o`` had mode 0600
and replaced a device or a link by a regular file, and ``simulate --out`` wrote over
any file there.
"""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from helpers import fast_sample

from scala40cli.cli.main import main
from scala40cli.cli.output import OutputError, atomic_output, refuse_inputs_as_output, write_text

ROOT = Path(__file__).resolve().parent.parent
LEGAL = ROOT / "fixtures" / "legal" / "two-players.s40"


def run(*args: str) -> Result:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / "a.s40"
    path.write_bytes(LEGAL.read_bytes())
    return path


def leftovers(folder: Path) -> list[str]:
    """Temporary files left in a folder."""
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# --- an output that is one of the inputs -------------------------------------------------


@pytest.mark.parametrize("command", [["replay"], ["report"],
                                     ["replay", "--compare", "classic,traditional"]])
def test_an_output_that_is_an_input_is_refused(command: list[str], log: Path) -> None:
    before = log.read_bytes()
    result = run(*command, "-o", str(log), str(log))
    assert result.exit_code == 2
    assert "a report is never written over a log" in result.stderr
    assert log.read_bytes() == before


@pytest.mark.parametrize("command", [["replay"], ["report"]])
def test_the_same_file_through_a_link_or_a_hard_link_is_refused(
        command: list[str], log: Path, tmp_path: Path) -> None:
    before = log.read_bytes()
    soft = tmp_path / "report.txt"
    soft.symlink_to(log)
    hard = tmp_path / "hard.md"
    os.link(log, hard)
    for output, inputs in ((soft, [str(log)]), (hard, [str(log)]), (hard, [str(tmp_path)])):
        result = run(*command, "-o", str(output), *inputs)
        assert result.exit_code == 2, (output, inputs)
        assert f"{output} is one of the inputs ({log})" in result.stderr
        assert log.read_bytes() == before
    assert soft.is_symlink()


def test_a_shell_expanded_output_of_logs_is_refused(log: Path, tmp_path: Path) -> None:
    """``replay -o *.s40`` in a folder of logs: the shell gives ``-o a.s40 b.s40``."""
    other = tmp_path / "b.s40"
    other.write_bytes(log.read_bytes())
    before = log.read_bytes()
    result = run("replay", "-o", str(log), str(other))
    assert result.exit_code == 2
    assert f"{log} is a game log name (.s40)" in result.stderr
    assert log.read_bytes() == before


def test_refuse_inputs_as_output_compares_files_not_names(tmp_path: Path) -> None:
    report = tmp_path / "report.txt"
    report.write_text("old", encoding="utf-8")
    refuse_inputs_as_output(str(report), [str(tmp_path / "other.txt")])  # no error
    refuse_inputs_as_output(str(tmp_path / "new.txt"), [str(report)])  # not there yet
    with pytest.raises(OutputError, match="is one of the inputs"):
        refuse_inputs_as_output(str(tmp_path / "." / "report.txt"), [str(report)])


# --- atomic and respectful ---------------------------------------------------------------


@pytest.mark.parametrize("failure", [OSError(errno.ENOSPC, "No space left on device"),
                                     KeyboardInterrupt(), RuntimeError("a bug")])
def test_a_failed_write_leaves_the_old_file_and_no_temporary(
        tmp_path: Path, failure: BaseException) -> None:
    report = tmp_path / "report.txt"
    report.write_text("the old report\n", encoding="utf-8")
    expected = OutputError if isinstance(failure, OSError) else type(failure)
    with pytest.raises(expected), atomic_output(str(report)) as stream:
        stream.write("half of the new one")
        raise failure
    assert report.read_text(encoding="utf-8") == "the old report\n"
    assert leftovers(tmp_path) == []


def test_a_full_disk_in_replay_output_exits_2_and_keeps_the_old_report(
        log: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    report = tmp_path / "report.txt"
    report.write_text("the old report\n", encoding="utf-8")
    real_replace = os.replace

    def full(source: str, target: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    result = run("replay", "-o", str(report), str(log))
    monkeypatch.setattr(os, "replace", real_replace)
    assert result.exit_code == 2
    assert f"cannot write {report}: No space left on device" in result.stderr
    assert report.read_text(encoding="utf-8") == "the old report\n"
    assert leftovers(tmp_path) == []


def device(folder: Path, name: str, minor: int) -> Path:
    """A copy of /dev/null (minor 3) or /dev/full (minor 7) made in ``folder``, so that
    code that would replace a device (as scala40 once did) cannot harm the real one."""
    path = folder / name
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, minor))
    except OSError:
        pytest.skip("cannot make a device here")
    return path


def test_a_device_is_written_to_and_a_write_error_exits_2(log: Path, tmp_path: Path) -> None:
    full = device(tmp_path, "full", 7)
    result = run("replay", "-o", str(full), str(log))
    assert result.exit_code == 2
    assert f"cannot write {full}: No space left on device" in result.stderr
    assert stat.S_ISCHR(full.stat().st_mode)


def test_a_character_device_is_never_replaced(log: Path, tmp_path: Path) -> None:
    null = device(tmp_path, "null", 3)
    for command in (["replay"], ["report"], ["replay", "--compare", "classic,traditional"]):
        result = run(*command, "-o", str(null), str(log))
        assert result.exit_code == 0, result.output
        assert stat.S_ISCHR(null.stat().st_mode)
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("command", [["replay"], ["report"]])
def test_an_existing_output_keeps_its_mode_and_a_new_one_gets_the_usual(
        command: list[str], log: Path, tmp_path: Path) -> None:
    report = tmp_path / "report.txt"
    report.write_text("old\n", encoding="utf-8")
    report.chmod(0o640)
    assert run(*command, "-o", str(report), str(log)).exit_code == 0
    assert stat.S_IMODE(report.stat().st_mode) == 0o640
    assert report.read_text(encoding="utf-8") != "old\n"
    fresh = tmp_path / "fresh.txt"
    assert run(*command, "-o", str(fresh), str(log)).exit_code == 0
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o666 & ~umask  # not the 0600 of a temp


@pytest.mark.parametrize("command", [["replay"], ["report"]])
def test_a_linked_output_stays_a_link(command: list[str], log: Path, tmp_path: Path) -> None:
    (tmp_path / "reports").mkdir()
    target = tmp_path / "reports" / "latest.txt"
    target.write_text("old\n", encoding="utf-8")
    link = tmp_path / "report.txt"
    link.symlink_to(Path("reports") / "latest.txt")
    assert run(*command, "-o", str(link), str(log)).exit_code == 0
    assert link.is_symlink() and os.readlink(link) == str(Path("reports") / "latest.txt")
    assert "Anna" in target.read_text(encoding="utf-8")
    assert leftovers(tmp_path) == leftovers(tmp_path / "reports") == []


def test_write_text_and_a_folder(tmp_path: Path) -> None:
    write_text(str(tmp_path / "x.txt"), "text\n")
    assert (tmp_path / "x.txt").read_text(encoding="utf-8") == "text\n"
    with pytest.raises(OutputError, match="it is a folder"):
        write_text(str(tmp_path), "text\n")
    result = run("replay", "-o", str(tmp_path / "missing" / "r.txt"), str(LEGAL))
    assert result.exit_code == 2 and "cannot write" in result.stderr


# --- simulate --out DIR ----------------------------------------------------------------


def simulate(*args: str) -> Result:
    return run("simulate", "--games", "2", "--max-hands", "1", *args)


def test_simulate_refuses_a_folder_holding_logs_unless_force(tmp_path: Path) -> None:
    other = tmp_path / "game-0002.s40"
    other.write_text("; a log of another seed\n", encoding="utf-8")
    mine = tmp_path / "notes.s40"
    mine.write_text("; mine\n", encoding="utf-8")
    refused = simulate("--out", str(tmp_path))
    assert refused.exit_code == 2
    assert f"--out {tmp_path} already holds 2 .s40 logs" in refused.stderr
    assert other.read_text(encoding="utf-8") == "; a log of another seed\n"
    assert not (tmp_path / "game-0001.s40").exists()
    forced = simulate("--out", str(tmp_path), "--force")
    assert forced.exit_code == 0, forced.output
    assert (tmp_path / "game-0001.s40").read_text(encoding="utf-8").startswith("[")
    assert other.read_text(encoding="utf-8").startswith("[")
    assert mine.read_text(encoding="utf-8") == "; mine\n"
    assert leftovers(tmp_path) == []


def test_simulate_into_an_empty_or_new_folder_needs_no_force(tmp_path: Path) -> None:
    assert simulate("--out", str(tmp_path / "new")).exit_code == 0
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "README").write_text("not a log\n", encoding="utf-8")
    assert simulate("--out", str(tmp_path / "empty")).exit_code == 0
    assert sorted(p.name for p in (tmp_path / "empty").iterdir()) == [
        "README", "game-0001.s40", "game-0002.s40"]


def test_simulate_never_writes_through_a_link(tmp_path: Path) -> None:
    secret = tmp_path / "secret.env"
    secret.write_text("TOKEN=1\n", encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    (out / "game-0002.s40").symlink_to(secret)
    for extra in ([], ["--force"]):
        result = simulate("--out", str(out), *extra)
        assert result.exit_code == 2
        assert "game-0002.s40 is a symbolic link; simulate never writes through a link" in (
            result.stderr)
        assert secret.read_text(encoding="utf-8") == "TOKEN=1\n"
        assert (out / "game-0002.s40").is_symlink()
        assert not (out / "game-0001.s40").exists()


# --- standard output that cannot take the report -------------------------------------------


def scala40_to(stdout: int, *args: str) -> subprocess.CompletedProcess[str]:
    """``scala40 ARGS`` in a real process (its console script's code) writing to the
    descriptor ``stdout``."""
    return subprocess.run([sys.executable, "-m", "scala40cli", *args], cwd=ROOT,
                          stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=120,
                          check=False)


@pytest.mark.parametrize("command", fast_sample([
    ["replay"], ["replay", "--format", "json"], ["replay", "--format", "junit"],
    ["replay", "--jobs", "2"], ["report"], ["--version"], ["explain"]], 3, " ".join))
def test_a_full_standard_output_is_one_line_and_exit_2(command: list[str], log: Path,
                                                       tmp_path: Path) -> None:
    # Before: a traceback from deep in the reporter (exit 1), or Python's "Exception
    # ignored" at exit (exit 120) for a report small enough to be buffered.
    full = device(tmp_path, "full", 7)
    logs = [str(log)] if command[0] in ("replay", "report") else []
    with full.open("w") as stdout:
        done = scala40_to(stdout.fileno(), *command, *logs)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "Error: cannot write the report: No space left on device"
        if command[0] in ("replay", "report") else "Error: No space left on device"]


def test_a_reader_gone_away_ends_the_run_quietly(tmp_path: Path) -> None:
    # `scala40 replay logs | head -1`: exit 1 as click has it, and not a word on stderr
    # (the report left in the buffer at exit would print "Exception ignored" there).
    games = tmp_path / "games.s40"
    games.write_bytes(LEGAL.read_bytes() * 200)  # a report longer than the pipe holds
    with subprocess.Popen([sys.executable, "-m", "scala40cli", "replay", str(games)],
                          cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.readline()
        process.stdout.close()
        errors = process.stderr.read()
        assert process.wait(timeout=120) == 1
    assert errors == b""


@pytest.mark.parametrize("command", [["replay"], ["report"], ["replay", "--format", "sarif"]])
def test_a_closed_standard_output_is_one_line_and_exit_2(command: list[str], log: Path) -> None:
    # `scala40 replay log >&-`: Python's sys.stdout is None; before, an AttributeError.
    done = subprocess.run([sys.executable, "-m", "scala40cli", *command, str(log)], cwd=ROOT,
                          stderr=subprocess.PIPE, text=True, timeout=120, check=False,
                          preexec_fn=lambda: os.close(1))
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "Error: cannot write the report: standard output is closed"]


def test_version_with_standard_output_closed_is_no_error() -> None:
    done = subprocess.run([sys.executable, "-m", "scala40cli", "--version"], cwd=ROOT,
                          stderr=subprocess.PIPE, text=True, timeout=120, check=False,
                          preexec_fn=lambda: os.close(1))
    assert (done.returncode, done.stderr) == (0, "")


@pytest.mark.parametrize("command", [
    ["replay", "-o", "{dir}/gone/{name}.txt", str(LEGAL)],  # our message: cannot write ...
    ["replay", "--config", "{dir}/{name}.toml", str(LEGAL)],  # cannot read ...
    ["simulate", "--out", "{dir}/{name}", "--games", "1"],  # after writing one file there
    ["replay", "--compare", "classic,{name}", str(LEGAL)],  # a rules name: no such preset
])
def test_a_name_in_an_error_cannot_drive_the_terminal(command: list[str], tmp_path: Path
                                                      ) -> None:
    """Every error the command line shows has its control characters escaped, wherever
    the message was made: a name from a glob or a config file reaches the terminal as
    ``\\x1b``, not as an escape sequence (click keeps it when standard error is one,
    which ``color=True`` stands for here)."""
    name = "x\x1b[31mred"
    if command[0] == "simulate":
        (tmp_path / name).write_text("not a directory\n")
    args = [part.format(dir=tmp_path, name=name) for part in command]
    result = CliRunner().invoke(main, args, catch_exceptions=False, color=True)
    assert result.exit_code == 2, result.output
    assert "\x1b" not in result.output
    assert "x\\x1b[31mred" in result.output
