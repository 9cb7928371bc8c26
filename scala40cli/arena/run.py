"""An arena run from its settings to its tally: the schedule played, the SPRT watched,
Ctrl-C turned into a run that ends with the table so far.

``on_outcome`` hears of every match as it ends (the command line writes its log and
its progress line there); the run stops when every match is played, when the SPRT has
its verdict, or when ``interrupted()`` says so (the command line's Ctrl-C or SIGTERM,
noted by a signal handler and read between two matches), and says which. A
KeyboardInterrupt (a library caller's Ctrl-C) ends it the same way.
"""

from __future__ import annotations

from collections.abc import Callable

from scala40cli.arena.outcome import Outcome
from scala40cli.arena.report import Stop
from scala40cli.arena.running import never, outcomes
from scala40cli.arena.schedule import groups, schedule, total_matches
from scala40cli.arena.settings import ArenaSettings
from scala40cli.arena.sprt import Verdict
from scala40cli.arena.tally import Tally


def new_tally(settings: ArenaSettings) -> Tally:
    return Tally(engines=settings.names, players=settings.players,
                 groups=tuple(groups(settings.names, settings.players,
                                     gauntlet=settings.gauntlet)))


def planned(settings: ArenaSettings) -> int:
    """The matches the run plays unless the SPRT or Ctrl-C stops it first."""
    return total_matches(settings.names, players=settings.players, games=settings.games,
                         gauntlet=settings.gauntlet)


def run_arena(settings: ArenaSettings, *, jobs: int = 1, dask: str | None = None,
              on_outcome: Callable[[Outcome, Tally], None] | None = None,
              interrupted: Callable[[], bool] = never) -> tuple[Tally, Stop]:
    """Play the run (see the module docstring): its tally, and why it stopped."""
    tally = new_tally(settings)
    decided = False

    def stop() -> bool:
        return decided or interrupted()

    matches = schedule(settings.names, players=settings.players, games=settings.games,
                       seed=settings.seed, gauntlet=settings.gauntlet,
                       duplicate=settings.duplicate)
    try:
        for outcome in outcomes(settings, matches, jobs=jobs, dask=dask, stop=stop):
            completed = tally.add(outcome)
            if on_outcome is not None:
                on_outcome(outcome, tally)
            if completed and settings.sprt is not None:
                decided = tally.sprt(settings.sprt).verdict is not Verdict.UNDECIDED
    except KeyboardInterrupt:
        return tally, Stop.INTERRUPTED
    if interrupted():
        return tally, Stop.INTERRUPTED
    return tally, Stop.SPRT if decided else Stop.DONE


__all__ = ["new_tally", "planned", "run_arena"]
