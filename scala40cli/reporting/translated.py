"""The records of an audit with the referee's sentences said in the reader's language.

The referee writes its findings in English, and the JSON reports keep them so: a
program reading them gets the same text on every machine, and keys on the codes. The
formats a person reads (the text report, GitHub annotations and job summary, SARIF,
JUnit, ``scala40 report``'s Markdown and HTML, the ``--compare`` table) say them in the
language of ``--lang`` or of the environment: :func:`translated_records` takes the
stream of records as the audit yields it (:func:`translated_file`, a file's results
gathered) and gives each problem's message in that language
(:meth:`scala40cli.translation.catalogue.Catalogue.translate`), codes, names, lines and
everything else unchanged. Done once, here, on the way to the reporter, so
that ``--jobs`` workers and Dask judge in English and no reporter translates on its own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator

from scala40cli.audit.records import FileError, JudgedGame, Record
from scala40cli.model.results import FileResult, GameResult, Problem
from scala40cli.translation.catalogue import Catalogue


def translated_problem(problem: Problem, words: Catalogue) -> Problem:
    """``problem`` with its message (and its cause's) in the language of ``words``."""
    message = words.translate(problem.message)
    cause = problem.caused_by
    said_cause = None if cause is None else translated_problem(cause, words)
    if message == problem.message and said_cause is cause:
        return problem
    return dataclasses.replace(problem, message=message, caused_by=said_cause)


def translated_game(game: GameResult, words: Catalogue) -> GameResult:
    """A game's violations, notes and accepted violations in the language of ``words``."""
    return dataclasses.replace(
        game,
        violations=tuple(translated_problem(p, words) for p in game.violations),
        notes=tuple(translated_problem(p, words) for p in game.notes),
        ignored=tuple(dataclasses.replace(out, problem=translated_problem(out.problem, words))
                      for out in game.ignored))


def translated_file(result: FileResult, words: Catalogue) -> FileResult:
    """A file's errors and its games' problems in the language of ``words``: the
    results of a whole run (``scala40 report``) as :func:`translated_records` gives a
    stream of them."""
    if not words.entries:
        return result
    return dataclasses.replace(
        result, errors=tuple(translated_problem(p, words) for p in result.errors),
        games=tuple(translated_game(game, words) for game in result.games))


def translated_records(records: Iterable[Record], words: Catalogue) -> Iterator[Record]:
    """The records of an audit, each problem in the language of ``words`` (English:
    the records as they are)."""
    if not words.entries:
        yield from records
        return
    for record in records:
        if isinstance(record, JudgedGame):
            yield JudgedGame(record.path, translated_game(record.game, words))
        elif isinstance(record, FileError):
            yield FileError(record.path, translated_problem(record.problem, words))
        else:
            yield record


__all__ = ["translated_file", "translated_game", "translated_problem", "translated_records"]
