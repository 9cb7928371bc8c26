"""Files reviewed, their decisions weighed here or side by side in processes.

:func:`review_files` reads each log, finds the decisions of the seats asked for in
each game (:func:`~scala40cli.review.walk.walk_game`), weighs them and puts each
game's review together. With ``jobs`` above one the hands of all the files are
weighed by that many processes, a few at a time: a worker is sent the log's text and
which decisions of a hand to weigh, walks the game again up to that hand's last
decision (a walk costs a hundredth of one decision) and makes its own engine, so that
nothing but text and plain results crosses to a process. The results are the same,
decision for decision, whatever ``jobs`` is: every random stream comes from the
review's seed and the decision (:func:`~scala40cli.review.reviewing.decision_seed`).

``progress`` is told how many decisions there are, then how many more are weighed
(the command draws its bar with it).
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Protocol

from scala40cli.model.results import Problem
from scala40cli.reading.events import GameLog
from scala40cli.reading.json_files import file_problem
from scala40cli.reading.jsonl_logs import line_for_line
from scala40cli.reading.log_files import log_file_problem, text_lines
from scala40cli.reading.parser import decode_log, parse_text
from scala40cli.review.engines import make_scorer
from scala40cli.review.records import FileReview, GameReview, Reviewed, Skipped
from scala40cli.review.reviewing import (
    ReviewSettings,
    WorthCache,
    game_review,
    seats_of,
    weigh,
)
from scala40cli.review.walk import Decision, Unreviewed, WalkedGame, players_of, walk_game

#: A decision as a worker finds it again: its first line, its stage, its seat.
Key = tuple[int, str, str]


class Progress(Protocol):
    def start(self, decisions: int) -> None: ...

    def advance(self, decisions: int) -> None: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class Source:
    """A log to review: where it came from, its bytes, and its input format (``s40``
    or ``jsonl``)."""

    path: str
    data: bytes
    input_format: str = "s40"


@dataclass(frozen=True, slots=True, kw_only=True)
class Part:
    """Decisions of one hand of one game for a worker: the log's text, the game's place
    among the file's games, the seats, and the decisions."""

    text: str
    game: int
    seats: tuple[str, ...]
    keys: tuple[Key, ...]
    last_line: int
    settings: ReviewSettings


@dataclass(slots=True)
class _Game:
    game: GameLog
    seats: tuple[str, ...]
    walked: WalkedGame
    weighed: dict[int, Reviewed | Skipped | None] = field(default_factory=dict)


def key_of(decision: Decision | Unreviewed) -> Key:
    return (decision.line, decision.stage.value, decision.seat)


def weigh_part(part: Part) -> list[tuple[Key, Reviewed | Skipped | None]]:
    """What a worker does: the game walked again up to the hand's last decision, the
    decisions weighed."""
    game = parse_text(part.text).games[part.game]
    walked = walk_game(game, frozenset(part.seats), part.settings.choice,
                       last_line=part.last_line)
    wanted = set(part.keys)
    scorer = make_scorer(part.settings.engine)
    worths: WorthCache = {}
    return [(key_of(d), weigh(d, scorer, part.settings, game.index, worths))
            for d in walked.decisions if isinstance(d, Decision) and key_of(d) in wanted]


def _placed(problem: Problem) -> str:
    """A file's error as ``replay`` places it: ``3:13: F003 unexpected ...``."""
    return f"{problem.line}:{problem.column}: {problem.code} {problem.message}"


def log_text(source: Source) -> tuple[str | None, list[Problem]]:
    """The ``.s40`` text the review reads of a log, and the problems met reading it: a
    JSON Lines log is read line for line (each line keeps its number, so the review
    cites the file's own lines); a file that is no log as a whole (not UTF-8, JSON over
    several lines, JSON Lines read as .s40) is one problem and no text (``None``)."""
    jsonl = source.input_format == "jsonl"
    whole = file_problem(source.data) if jsonl else log_file_problem(source.data)
    text = decode_log(source.data) if whole is None else whole
    if not isinstance(text, str):
        return None, [text]
    if not jsonl:
        return text, []
    errors: list[Problem] = []
    return line_for_line(text_lines(text), errors), errors


def review_files(sources: Sequence[Source], *, seat: str | None, every: bool,
                 settings: ReviewSettings, jobs: int = 1,
                 progress: Progress | None = None) -> list[FileReview]:
    """Every file reviewed (see the module docstring); :class:`~scala40cli.review.
    reviewing.SeatError` when a seat asked for is not a player of a game."""
    files: list[tuple[Source, str, list[_Game], tuple[str, ...]]] = []
    for source in sources:
        text, problems = log_text(source)
        if text is None:
            files.append((source, "", [], tuple(map(_placed, problems))))
            continue
        parsed = parse_text(text)
        ours = {problem.line for problem in problems}  # a JSON line's, not the parser's
        problems += (p for p in parsed.errors if p.line not in ours)
        problems.sort(key=lambda p: (p.line, p.column))
        games = []
        for game in parsed.games:
            seats = seats_of(game, players_of(game, settings.choice), seat, every)
            games.append(_Game(game, seats, walk_game(game, frozenset(seats),
                                                      settings.choice)))
        errors = tuple(map(_placed, problems))
        files.append((source, text, games, errors))
    everything = [item for _, _, games, _ in files for item in games]
    if progress is not None:
        progress.start(sum(1 for item in everything for d in item.walked.decisions
                           if isinstance(d, Decision)))
    if jobs <= 1:
        for item in everything:
            _weigh_here(item, settings, progress)
    else:
        _weigh_apart(files, settings, jobs, progress)
    return [FileReview(path=source.path, errors=errors,
                       games=tuple(_review_of(item) for item in games))
            for source, _, games, errors in files]


def _weigh_here(item: _Game, settings: ReviewSettings, progress: Progress | None) -> None:
    scorer = make_scorer(settings.engine)
    worths: WorthCache = {}
    for n, decision in enumerate(item.walked.decisions):
        if isinstance(decision, Decision):
            item.weighed[n] = weigh(decision, scorer, settings, item.game.index, worths)
            if progress is not None:
                progress.advance(1)


def _weigh_apart(files: list[tuple[Source, str, list[_Game], tuple[str, ...]]],
                 settings: ReviewSettings, jobs: int, progress: Progress | None) -> None:
    owners: dict[int, tuple[_Game, dict[Key, int]]] = {}
    parts: list[Part] = []
    for _, text, games, _ in files:
        for g, item in enumerate(games):
            where = {key_of(d): n for n, d in enumerate(item.walked.decisions)}
            for hand in _hands(item.walked):
                part = Part(text=text, game=g, seats=item.seats,
                            keys=tuple(key_of(d) for d in hand),
                            last_line=max(line for d in hand for line in d.lines),
                            settings=settings)
                owners[id(part)] = (item, where)
                parts.append(part)
    for part, found in _in_processes(parts, jobs):
        item, where = owners[id(part)]
        for key, reviewed in found:
            item.weighed[where[key]] = reviewed
        if progress is not None:
            progress.advance(len(found))


def _hands(walked: WalkedGame) -> Iterator[list[Decision]]:
    """The decisions to weigh, a hand at a time."""
    by_hand: dict[int, list[Decision]] = {}
    for decision in walked.decisions:
        if isinstance(decision, Decision):
            by_hand.setdefault(decision.hand, []).append(decision)
    yield from by_hand.values()


def _review_of(item: _Game) -> GameReview:
    return game_review(item.walked, item.game, item.seats, item.weighed)


def _in_processes(parts: list[Part], jobs: int
                  ) -> Iterator[tuple[Part, list[tuple[Key, Reviewed | Skipped | None]]]]:
    """Each part weighed by ``jobs`` processes, as it is done."""
    with ProcessPoolExecutor(max_workers=jobs, initializer=_worker_signals) as pool:
        source = iter(parts)
        pending: dict[Future[list[tuple[Key, Reviewed | Skipped | None]]], Part] = {}
        try:
            while True:
                while len(pending) < 2 * jobs:
                    more = next(source, None)
                    if more is None:
                        break
                    pending[pool.submit(weigh_part, more)] = more
                if not pending:
                    return
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield pending.pop(future), future.result()
        except BaseException:  # Ctrl-C, SIGTERM: the workers stop now, not after a hand
            pool.shutdown(wait=False, cancel_futures=True)
            for child in multiprocessing.active_children():
                child.terminate()
            raise


def _worker_signals() -> None:
    """A worker leaves Ctrl-C and SIGTERM to the main process, which ends the review."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


__all__ = ["Key", "Part", "Progress", "Source", "key_of", "review_files", "weigh_part"]
