"""``scala40 arena``: the work behind the command (the options are declared in ``cli/main.py``).

Checks the options (a bad one is a usage error, exit status 2), plays the run
(:func:`scala40cli.arena.run.run_arena`) and writes its table in the chosen format to
standard output or ``--output``. While it runs, standard error shows a progress line
when it is a terminal, and always a warning the first time an engine forfeits a hand,
and the first time the rules leave an engine no legal discard (the others are counted
in the table). ``--out DIR`` keeps every match's log as it
ends (complete or not at all, never through a link, never in a folder that already
holds logs). Ctrl-C or SIGTERM stops the run: the table of what was played is written
all the same, and the exit status is 130 or 143.
"""

from __future__ import annotations

import re
import signal
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import TextIO

import click

from scala40cli.arena.engines import parse_engines
from scala40cli.arena.formats import FORMATS
from scala40cli.arena.outcome import Outcome
from scala40cli.arena.progress import progress_line
from scala40cli.arena.report import Stop, document
from scala40cli.arena.run import planned, run_arena
from scala40cli.arena.settings import ArenaSettings, arena_settings
from scala40cli.arena.sprt import parse_sprt
from scala40cli.arena.tally import Tally
from scala40cli.audit.rulesfile import choice_from
from scala40cli.cli.output import OutputError, check_output, emit, write_text
from scala40cli.cli.simulate_command import check_directory, game_path
from scala40cli.judging.rulebook.rules import RuleChoice, RulesError
from scala40cli.reporting.escape import terminal_line, terminal_safe

#: A seed as the logs' tags and the file names may hold it.
SEED = re.compile(r"[A-Za-z0-9_.-]{1,64}")
#: The exit statuses of a run stopped by SIGINT and by SIGTERM, as shells expect.
EXIT_INTERRUPTED, EXIT_TERMINATED = 130, 143


def settings_from_options(*, engines: Sequence[str], games: int | None, players: int,
                          gauntlet: bool, sprt_option: str | None,
                          rules_option: str | None, set_options: Sequence[str],
                          seed: str | None, move_timeout: float, max_hands: int,
                          keep_logs: bool) -> ArenaSettings:
    """The run the options ask for; click.UsageError (exit 2) when it cannot be played."""
    try:
        if seed is not None and SEED.fullmatch(seed) is None:
            raise ValueError(f"--seed {seed!r}: letters, digits, _ . or -, at most 64")
        choice = (choice_from(rules_option, set_options)
                  if rules_option is not None or set_options else RuleChoice())
        return arena_settings(
            engines=parse_engines(engines), players=players, choice=choice, seed=seed,
            games=games, gauntlet=gauntlet,
            sprt=parse_sprt(sprt_option) if sprt_option is not None else None,
            move_timeout=move_timeout, max_hands=max_hands, keep_logs=keep_logs)
    except (RulesError, ValueError) as error:
        raise click.UsageError(terminal_safe(str(error))) from None


class Watcher:
    """What the command does as each match ends: its log kept, a first forfeit, a
    first forced discard and the first lines a program wrote that answered no ask
    said, the progress line redrawn."""

    def __init__(self, settings: ArenaSettings, directory: Path | None, err: TextIO) -> None:
        self.settings = settings
        self.directory = directory
        self.err = err
        self.total = planned(settings)
        self.progress = err.isatty()
        self.warned: set[str] = set()
        self.warned_forced: set[str] = set()
        self.warned_lines: set[str] = set()

    def __call__(self, outcome: Outcome, tally: Tally) -> None:
        if self.directory is not None and outcome.text is not None:
            write_log(game_path(self.directory, outcome.match.index, self.total),
                      outcome.text)
        for hand, engine, why in outcome.forfeits:
            if engine not in self.warned:
                self.warned.add(engine)
                self.warn(f"{engine} forfeits hand {hand} of match {outcome.match.index}: "
                          f"{why} (every forfeit is counted in the table)")
        for engine, warning in outcome.warnings:
            if engine not in self.warned_lines:  # once a run, as a first forfeit
                self.warned_lines.add(engine)
                self.warn(f"{warning} in match {outcome.match.index}")
        for engine in outcome.match.seats:
            forced = outcome.forced_discards(engine)
            if forced and engine not in self.warned_forced:
                self.warned_forced.add(engine)
                self.warn(f"{engine} made {forced} discard(s) against the rules in match "
                          f"{outcome.match.index}: no legal discard was left (every card "
                          "fits a table meld, say; every one is counted in the table)")
        if outcome.stuck is not None:
            self.warn(f"match {outcome.match.index} could not be played to its end "
                      f"({outcome.stuck}): counted as a tie, no log")
        if self.progress:
            self.err.write("\r\x1b[K" + progress_line(tally, self.total, self.settings.sprt))
            self.err.flush()

    def warn(self, message: str) -> None:
        self.err.write(("\r\x1b[K" if self.progress else "")
                       + terminal_line(f"scala40 arena: warning: {message}") + "\n")

    def done(self) -> None:
        if self.progress:
            self.err.write("\r\x1b[K")
            self.err.flush()


def log_directory(out: str | None, total: int) -> Path | None:
    """``--out DIR``, made if need be; click.UsageError if it cannot or must not be
    written (a file, a folder holding logs already, a log's name taken by a link)."""
    if out is None:
        return None
    directory = Path(out)
    if directory.exists() and not directory.is_dir():
        raise click.UsageError(f"--out {terminal_line(out)}: not a directory")
    check_directory(directory, total, force=False)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise click.UsageError(f"--out {terminal_line(out)}: "
                               f"{error.strerror or error}") from None
    return directory


def write_log(path: Path, text: str) -> None:
    """One match's log, complete or not at all; never through a link made meanwhile."""
    if path.is_symlink():
        raise click.UsageError(f"--out {terminal_line(str(path.parent))}: {path.name} is a "
                               "symbolic link; arena never writes through a link")
    try:
        write_text(str(path), text)
    except OutputError as error:
        raise click.UsageError(f"--out {terminal_line(str(path.parent))}: {error}") from None


def check_dask(jobs: int) -> None:
    """click.UsageError unless ``--dask`` can be used: alone, and with Dask installed."""
    if jobs > 1:
        raise click.UsageError("--jobs and --dask: choose one (the cluster plays the "
                               "matches side by side)")
    try:
        import distributed  # noqa: F401  (the extra is there)
    except ImportError:
        raise click.UsageError("--dask needs Dask: pip install 'scala40[dask]'") from None


@contextmanager
def stops_on_signals() -> Iterator[list[int]]:
    """SIGINT and SIGTERM noted, for the time of the run, in the list this yields, which
    the run reads between two matches (:func:`run_arena`'s ``interrupted``). A flag, not
    an exception: an exception raised wherever the signal lands could leave the process
    pool half way through one of its own steps, and the run would hang instead of
    stopping. A second Ctrl-C is a KeyboardInterrupt at once, as Python's own would be
    (the run still ends with its table)."""
    came: list[int] = []

    def note(number: int, _frame: FrameType | None) -> None:
        if came and number == signal.SIGINT:
            raise KeyboardInterrupt
        came.append(number)

    previous = {number: signal.signal(number, note)
                for number in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield came
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def run_command(*, engines: Sequence[str], games: int | None, players: int, gauntlet: bool,
                jobs: int, sprt_option: str | None, rules_option: str | None,
                set_options: Sequence[str], seed: str | None, out_dir: str | None,
                report_format: str, output: str | None, move_timeout: float,
                max_hands: int, dask_option: str | None) -> None:
    """Play the run and write its table (see the module docstring)."""
    settings = settings_from_options(
        engines=engines, games=games, players=players, gauntlet=gauntlet,
        sprt_option=sprt_option, rules_option=rules_option, set_options=set_options,
        seed=seed, move_timeout=move_timeout, max_hands=max_hands,
        keep_logs=out_dir is not None)
    if dask_option is not None:
        check_dask(jobs)
    check_output(output, [])
    directory = log_directory(out_dir, planned(settings))
    watcher = Watcher(settings, directory, sys.stderr)
    with stops_on_signals() as signalled:
        tally, stopped = run_arena(settings, jobs=jobs, dask=dask_option,
                                   on_outcome=watcher, interrupted=lambda: bool(signalled))
    watcher.done()
    emit(FORMATS[report_format](document(settings, tally, stopped)), output)
    if stopped is Stop.INTERRUPTED:
        sys.exit(EXIT_TERMINATED if signal.SIGTERM in signalled else EXIT_INTERRUPTED)
