"""``scala40 simulate``: the work behind the command (the options are declared in ``cli/main.py``).

Checks the options (a bad one is a usage error, exit status 2), plays the games one by
one and writes them: all to standard output, one after the other, for ``--out -``, or
one file a game (``game-0001.s40`` ...) in a directory. A directory that already holds
logs is refused unless ``--force`` (its logs would be mixed with the new ones), and a
game's file name that is a symbolic link always is; each file is written through
:mod:`scala40cli.cli.output` (complete or not at all). Progress goes to standard error
when it is a terminal; warnings (a discard the rules left no legal choice for, a match
stopped before its end, an outside program's forfeit) go there always.
"""

from __future__ import annotations

import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

import click

from scala40cli.audit.rulesfile import choice_from
from scala40cli.cli.output import OutputError, write_text
from scala40cli.judging.rulebook.rules import RuleChoice, RulesError
from scala40cli.reporting.escape import terminal_line
from scala40cli.simulate.engine import SimulationStuck
from scala40cli.simulate.outside import MOVE_TIMEOUT
from scala40cli.simulate.runner import (
    RETRIES,
    Setup,
    game_text,
    make_setup,
    parse_seat,
    simulate_game,
)

STDOUT = "-"
#: The seed of a run of bots alone when none is given: the same bytes every time.
DEFAULT_SEED = 1


def setup_from_options(*, players: int, games: int, seed: int | None,
                       rules_option: str | None, set_options: Sequence[str], level: str,
                       max_hands: int, seats: Sequence[str] = (),
                       move_timeout: float = MOVE_TIMEOUT, budget: float = 1.0) -> Setup:
    """The run the options ask for; click.UsageError (exit 2) when they cannot be played.
    Without ``--seed`` the seed is 1, or a random one when an outside program takes a
    seat: it could read a known seed from its parent's command line and know every
    card (docs/protocol.md); the logs name the seed all the same."""
    if seed is None:
        seed = secrets.randbelow(2 ** 63) if seats else DEFAULT_SEED
    try:
        choice = (choice_from(rules_option, set_options)
                  if rules_option is not None or set_options else RuleChoice())
        programs = [parse_seat(text) for text in seats]
        return make_setup(players=players, levels=level, choice=choice, seed=seed, games=games,
                          max_hands=max_hands, programs=programs, move_timeout=move_timeout,
                          budget=budget)
    except (RulesError, ValueError) as error:
        raise click.UsageError(str(error)) from None


def game_path(directory: Path, index: int, games: int) -> Path:
    """``game-0001.s40``: four digits, or as many as the number of games needs."""
    width = max(4, len(str(games)))
    return directory / f"game-{index:0{width}d}.s40"


def check_directory(directory: Path, games: int, force: bool) -> None:
    """click.UsageError (exit 2) unless the games may be written to ``directory``: no
    log there already (but with ``force``), and never a game's name that is a link."""
    if not directory.is_dir():
        return
    links = [path.name for path in (game_path(directory, index, games)
                                    for index in range(1, games + 1)) if path.is_symlink()]
    shown = terminal_line(str(directory))  # a name from the command line, on one line
    if links:
        raise click.UsageError(f"--out {shown}: {terminal_line(links[0])} is a symbolic link; "
                               "simulate never writes through a link")
    logs = sum(1 for path in directory.glob("*.s40"))
    if logs and not force:
        raise click.UsageError(
            f"--out {shown} already holds {logs} .s40 log{'' if logs == 1 else 's'}: "
            "choose an empty directory, or --force to write over the games of the same "
            "names (other files are left as they are)")


def run(setup: Setup, out: str, *, stderr: TextIO | None = None, force: bool = False) -> int:
    """Play and write every game of the run; returns the exit status (0)."""
    err = stderr if stderr is not None else sys.stderr
    directory: Path | None = None
    if out != STDOUT:
        directory = Path(out)
        if directory.exists() and not directory.is_dir():
            raise click.UsageError(f"--out {terminal_line(out)}: not a directory")
        check_directory(directory, setup.games, force)
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise click.UsageError(f"--out {terminal_line(out)}: "
                                   f"{error.strerror or error}") from None
    progress = setup.games > 1 and err.isatty()
    for index in range(1, setup.games + 1):
        try:
            record = simulate_game(setup, index)
        except SimulationStuck as stuck:
            # Programs that never close a hand (each draws and discards forever) loop on
            # every deal: the run says so and goes on, as the arena does.
            _warn(err, f"game {index} could not be played to its end ({stuck}, and on "
                  f"{RETRIES} other deals): no log written", progress)
            continue
        text = game_text(record)
        if directory is None:
            if index > 1:
                click.echo("")
            click.echo(text, nl=False)
        else:
            _write_game(game_path(directory, index, setup.games), text)
        if record.forced:
            _warn(err, f"game {index}: {record.forced} discard(s) made against the rules: "
                  "no legal discard was left (every card fits a table meld, say)", progress)
        for hand, player, why in record.forfeits:
            _warn(err, f"game {index}, hand {hand}: {player} forfeits the hand: {why}",
                  progress)
        for warning in record.warnings:
            _warn(err, f"game {index}: {warning}", progress)
        if not record.finished:
            _warn(err, f"game {index}: stopped after {len(record.hands)} hands, the match "
                  "is not over (--max-hands)", progress)
        if progress:
            err.write(f"\rscala40 simulate: {index}/{setup.games} games")
            err.flush()
    if progress:
        err.write("\n")
    return 0


def _write_game(path: Path, text: str) -> None:
    """One game's file, complete or not at all; never through a link made meanwhile."""
    if path.is_symlink():
        raise click.UsageError(f"--out {terminal_line(str(path.parent))}: {path.name} is a "
                               "symbolic link; simulate never writes through a link")
    try:
        write_text(str(path), text)
    except OutputError as error:
        raise click.UsageError(f"--out {terminal_line(str(path.parent))}: {error}") from None


def _warn(err: TextIO, message: str, progress: bool) -> None:
    """One warning line (what a program wrote is in it: escaped for the terminal)."""
    err.write(("\n" if progress else "") + f"scala40 simulate: warning: "
              f"{terminal_line(message)}\n")
