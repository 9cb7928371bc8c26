"""The public Python API: audit game logs from a program, without a subprocess.

Everything here is what ``scala40 replay`` does, as functions that return values: the
same parser, the same referee, the same JSON objects; :func:`audit_file` takes the very
road of ``replay`` (:mod:`scala40cli.audit.road`), with a request of its own. A
result's ``to_dict()`` is the object the JSON report writes for it
(``schemas/report.schema.json``), built by the very functions the report uses, so a
program and the command line can never disagree.

>>> from scala40cli import audit_text
>>> log = '[Players "Anna" "Bruno"]\\nhand 1\\ndealer Anna\\n'
>>> result = audit_text(log, name="tiny.s40")
>>> result.path, len(result.games)
('tiny.s40', 1)
>>> result.games[0].players
('Anna', 'Bruno')
>>> [(str(problem.code), problem.line) for problem in result.games[0].violations]
[('G006', 3)]
>>> result.games[0].violations[0].to_dict()["name"]
'unfinished-hand'

Rules are data: a preset name (``"scala50"``), a mapping of switches
(``{"opening_points": 50}``, with an optional ``"preset"`` key), or the path of a rules
file (``.toml`` or ``.json``). A bad choice raises :class:`RulesError` before anything
is replayed, with the message the command line gives.
"""

from __future__ import annotations

import copy
import dataclasses
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any, Literal, TypeAlias

from scala40cli.audit.pipeline import audit_bytes, audit_lines, collect, in_line_order
from scala40cli.audit.request import AuditRequest, Local
from scala40cli.audit.road import file_results
from scala40cli.audit.rulesfile import is_rules_file, load_rules_file
from scala40cli.judging.rulebook.rules import RuleChoice, RulesError, find_preset, resolve
from scala40cli.model.results import (
    Closing,
    FileResult,
    GameResult,
    HandResult,
    Ignored,
    IgnoredBy,
    Problem,
    TagValue,
)
from scala40cli.model.violations import Code
from scala40cli.reading.resources import schema as shipped_schema
from scala40cli.reporting.json_report import report_document
from scala40cli.reporting.summary import Summary
from scala40cli.translation.catalogue import LANGUAGES, Catalogue, catalogue

__all__ = [
    "Closing",
    "Code",
    "FileResult",
    "GameResult",
    "HandResult",
    "Ignored",
    "IgnoredBy",
    "InputFormat",
    "Language",
    "Problem",
    "Rules",
    "RulesError",
    "Summary",
    "TagValue",
    "audit_events",
    "audit_file",
    "audit_text",
    "html_report",
    "iter_games",
    "json_report",
    "markdown_report",
    "rule_choice",
    "schema",
    "standings",
    "summarize",
]

#: Rules given as data: a preset name or rules file path, a path, or a mapping of
#: switches (``{"preset": "scala50", "opening_points": 60}``); None: each log's own.
Rules: TypeAlias = str | os.PathLike[str] | Mapping[str, str | int] | None

#: How a log is written: ``.s40`` text, or JSON Lines events (docs/events-json.md).
InputFormat: TypeAlias = Literal["s40", "jsonl"]
#: The languages of the reports a person reads (the JSON stays English).
Language: TypeAlias = Literal["en", "it", "fr"]
#: The values of :data:`InputFormat`, checked at run time too.
INPUT_FORMATS = ("s40", "jsonl")

#: Where the switches of a mapping come from, as the report's ``rule_sources`` says.
MAPPING_SOURCE = "api"
_PRESET_KEY = "preset"


def rule_choice(rules: Rules) -> RuleChoice | None:
    """The :class:`~scala40cli.judging.rulebook.rules.RuleChoice` that ``rules`` stands for,
    checked.

    A string is a rules file when it looks like one (``.toml``, ``.json``, a folder in
    it), else a preset name; a mapping holds switches and may name a ``preset``. Raises
    :class:`RulesError` for an unknown preset, key or value, as ``--rules`` and ``--set``
    do.

    >>> rule_choice("scala50").preset
    'scala50'
    >>> rule_choice({"opening_points": 50}).values
    (('opening_points', '50', 'api'),)
    >>> rule_choice({"opening_points": "lots"})  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    RulesError: ...
    """
    if rules is None:
        return None
    if isinstance(rules, os.PathLike):
        choice = load_rules_file(Path(rules))
    elif isinstance(rules, str):
        choice = (load_rules_file(rules) if is_rules_file(rules)
                  else RuleChoice(preset=find_preset(rules).name, preset_source=MAPPING_SOURCE))
    elif isinstance(rules, Mapping):
        choice = _mapping_choice(rules)
    else:
        raise TypeError(f"rules must be a preset name, a path or a mapping, not "
                        f"{type(rules).__name__}")
    resolve(log_preset=None, log_values=(), choice=choice)
    return choice


def _mapping_choice(rules: Mapping[str, str | int]) -> RuleChoice:
    preset: str | None = None
    values: list[tuple[str, str, str]] = []
    for key, value in rules.items():
        if isinstance(value, bool) or not isinstance(value, str | int):
            raise RulesError(f"rule {key!r}: a value is a string or a whole number, "
                             f"not {value!r}")
        if key == _PRESET_KEY:
            preset = find_preset(str(value)).name
        else:
            values.append((key, str(value), MAPPING_SOURCE))
    return RuleChoice(preset=preset, values=tuple(values), preset_source=MAPPING_SOURCE)


def audit_text(data: str | bytes, *, name: str = "<text>", rules: Rules = None,
               input_format: InputFormat | None = None) -> FileResult:
    """The result of a log given as its text (or its bytes, judged as a file's are).

    ``name`` is only the path the result reports. Bad input never raises: it becomes a
    file error (``F002`` not UTF-8, ``F003`` syntax) or a game violation.
    ``input_format`` is ``"s40"`` or ``"jsonl"`` (JSON Lines events, see
    docs/events-json.md); by default, the extension of ``name`` (``.jsonl``, ``.s40``)
    or else the content: JSON Lines when its first line that is not blank starts with
    ``{``, as no line of a ``.s40`` log does. A wrong argument raises ``TypeError`` or
    ``ValueError`` here, naming it.
    """
    if not isinstance(data, str | bytes):
        raise TypeError(f"audit_text: data must be a str or bytes, not {_kind(data)}")
    _check_name(name, "audit_text")
    chosen = _checked_format(input_format, "audit_text")
    raw = _utf8(data) if isinstance(data, str) else data
    return audit_bytes(raw, name, rule_choice(rules), input_format=chosen)


def audit_file(path: str | os.PathLike[str], *, rules: Rules = None, jobs: int = 1,
               input_format: InputFormat | None = None) -> FileResult:
    """The result of the log at ``path``, read a game at a time (``F001`` if unreadable).

    ``jobs`` above 1 judges the games in that many processes, with the same result. A
    ``.jsonl`` file is read as JSON Lines events and a ``.s40`` file as text unless
    ``input_format`` says otherwise; any other file by its content, as
    :func:`audit_text` says.
    """
    if not isinstance(path, str | os.PathLike):
        raise TypeError(f"audit_file: path must be a str or an os.PathLike, not {_kind(path)}")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"audit_file: jobs must be a whole number of at least 1, not {jobs!r}")
    chosen = _checked_format(input_format, "audit_file")
    request = AuditRequest(inputs=(os.fspath(path),), rules=rule_choice(rules),
                           input_format=chosen, engine=Local(jobs), expand=False)
    (result,) = file_results(request)
    return result


def iter_games(source: str | bytes | Iterable[str] | Iterable[bytes], *,
               rules: Rules = None, input_format: InputFormat | None = None
               ) -> Iterator[GameResult | Problem]:
    """The results of a log's games as they are judged, with its file errors, in order.

    ``source`` is the whole text (or bytes), or its lines: a list of lines, or an open
    file, text or binary, which is read a game at a time. Memory follows the largest
    game, so an endless stream can be audited. A :class:`Problem` is a file error (a
    syntax error or invalid UTF-8); the games around it are still judged.
    ``input_format`` is ``"s40"`` or ``"jsonl"``; by default the content tells, as
    :func:`audit_text` says.

    >>> lines = ['[Players "Anna" "Bruno"]', "hand 1", "dealer Anna"]
    >>> [type(item).__name__ for item in iter_games(lines)]
    ['GameResult']
    """
    if not isinstance(source, str | bytes) and not isinstance(source, Iterable):
        raise TypeError(f"iter_games: source must be a str, bytes, lines or an open file, "
                        f"not {_kind(source)}")
    chosen = _checked_format(input_format, "iter_games")
    return _numbered(audit_lines(_byte_lines(source), (rule_choice(rules),),
                                 input_format=chosen))


def audit_events(events: Iterable[Mapping[str, Any]], *, name: str = "<events>",
                 rules: Rules = None) -> FileResult:
    """The result of a log given as its events, already decoded: each a ``dict`` as a
    line of a JSON Lines log holds it (docs/events-json.md), such as ``{"verb": "draw",
    "player": "Anna", "card": "9C"}``. What a server that keeps its games as data
    calls, with no text in between.

    An item that is not an event (not a ``dict``, an unknown verb, a card that is no
    card) is an ``F003`` file error, never an exception, and the rest of its hand is
    not judged (``G007``), as for a line of a log. Every problem's ``line`` is the
    item's place from 1 and ``event`` its index from 0 (``events[problem.event]``).
    """
    if isinstance(events, str | bytes | Mapping) or not isinstance(events, Iterable):
        raise TypeError(f"audit_events: events must be an iterable of event objects "
                        f"(dicts), not {_kind(events)}")
    _check_name(name, "audit_events")
    choice = rule_choice(rules)
    from scala40cli.audit.json_units import judge_values

    judged = ((items,) for items in judge_values(events, choice, in_line_order))
    return collect(name, judged, 1)[0]


def _numbered(judged: Iterable[tuple[list[GameResult | Problem], ...]]
              ) -> Iterator[GameResult | Problem]:
    index = 0
    for items in judged:
        for item in items[0]:
            if isinstance(item, GameResult):
                index += 1
                yield item if item.index == index else dataclasses.replace(item, index=index)
            else:
                yield item


def _kind(value: object) -> str:
    return "None" if value is None else type(value).__name__


def _check_name(name: object, function: str) -> None:
    if not isinstance(name, str):
        raise TypeError(f"{function}: name must be a str, not {_kind(name)}")


def _checked_format(input_format: object, function: str) -> str | None:
    """``input_format`` as given, if it is one of :data:`INPUT_FORMATS` or None."""
    if input_format is None or (isinstance(input_format, str)
                                and input_format in INPUT_FORMATS):
        return input_format
    raise ValueError(f"{function}: input_format must be one of "
                     f"{', '.join(map(repr, INPUT_FORMATS))} or None, not {input_format!r}")


def _byte_lines(source: str | bytes | Iterable[str] | Iterable[bytes]) -> Iterator[bytes]:
    """Lines of bytes cut at LF only, as a file is read; a line given without its line
    end (a list of lines) gets one, so line numbers stay those of the source."""
    pieces: Iterable[str | bytes] = (
        [source] if isinstance(source, str | bytes) else source)
    for piece in pieces:
        raw = _utf8(piece) if isinstance(piece, str) else piece
        start = 0
        while (end := raw.find(b"\n", start)) >= 0:
            yield raw[start:end + 1]
            start = end + 1
        if start < len(raw) or not raw:
            yield raw[start:] + b"\n"


def _utf8(text: str) -> bytes:
    """UTF-8 of a text; a lone surrogate (not a character) is kept as the bytes a file
    would hold, so it is judged as invalid UTF-8 (``F002``) rather than raising."""
    return text.encode("utf-8", "surrogatepass")


#: The JSON Schemas shipped with the package, by the names :func:`schema` takes.
SCHEMA_NAMES = ("report", "jsonl", "events", "rules", "show", "protocol", "standings",
                "review", "arena")


def schema(name: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) shipped with the package, by name: ``"report"``
    (``replay --format json``, and every ``to_dict()``; its ``version`` is the
    ``schema_version`` a result carries), ``"jsonl"``, ``"events"`` (JSON Lines
    events, :func:`audit_events`), ``"rules"``, ``"show"``, ``"protocol"``,
    ``"standings"`` (:func:`standings`), ``"review"``, ``"arena"``. A copy: changing it
    changes nothing here.

    >>> schema("report")["version"] == FileResult(path="-").schema_version
    True
    """
    if name not in SCHEMA_NAMES:
        raise ValueError(f"schema: name must be one of {', '.join(map(repr, SCHEMA_NAMES))}, "
                         f"not {name!r}")
    return copy.deepcopy(shipped_schema(f"{name}.schema.json"))


def markdown_report(results: Sequence[FileResult], *, lang: Language = "en") -> str:
    """The score report of ``scala40 report --format markdown`` for these results: each
    game's score sheet, totals, eliminations, winner and violations, in Markdown, in
    English, Italian or French (``lang``: ``"en"``, ``"it"``, ``"fr"``)."""
    from scala40cli.reporting.markdown import markdown_report as written

    found, words = _said(results, lang, "markdown_report")
    return written(found, words)


def html_report(results: Sequence[FileResult], *, lang: Language = "en") -> str:
    """The score report of ``scala40 report --format html`` for these results: one
    self-contained HTML page (no script, no outside file), every text from a log
    escaped, in the language ``lang`` (the page's ``lang`` attribute too)."""
    from scala40cli.reporting.html_report import html_report as written

    found, words = _said(results, lang, "html_report")
    return written(found, words=words)


def _said(results: object, lang: object, function: str) -> tuple[list[FileResult], Catalogue]:
    """The results with their problems' messages in ``lang``, and that language's words
    (as ``scala40 report --lang`` has them)."""
    found = _results(results, function)
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise ValueError(f"{function}: lang must be one of {', '.join(map(repr, LANGUAGES))}, "
                         f"not {lang!r}")
    from scala40cli.reporting.translated import translated_file

    words = catalogue(lang)
    return [translated_file(result, words) for result in found], words


def _results(results: object, function: str) -> list[FileResult]:
    if isinstance(results, FileResult):
        return [results]
    if isinstance(results, Iterable):
        found = list(results)
        if all(isinstance(result, FileResult) for result in found):
            return found
    raise TypeError(f"{function}: results must be FileResults (a sequence of them, or one)")


def summarize(results: Iterable[FileResult]) -> Summary:
    """The counts of the report's ``summary`` for these file results.

    Summaries add up, so partial runs combine: ``summarize(a) + summarize(b)``.
    """
    return Summary.of(list(results))


def json_report(results: Sequence[FileResult]) -> dict[str, Any]:
    """The whole JSON report of ``replay --format json`` for these file results."""
    return report_document(results)


def standings(results: Iterable[FileResult], *, rules: Rules = None,
              include_violations: bool = False, since: date | None = None) -> dict[str, Any]:
    """The league table of ``scala40 standings --format json`` for these file results
    (``schemas/standings.schema.json``): each player's points, matches, wins and
    rating, the matches left out and why.

    Each game keeps the rules it was judged under; ``rules`` does not judge them again
    but chooses which matches count (those played under these rules), as ``--rules``
    does. A match with violations counts only with ``include_violations``; ``since``
    leaves out the matches dated (``[Date]``) before that day, and the undated ones.
    """
    found = _results(results, "standings")
    if since is not None and not isinstance(since, date):
        raise TypeError(f"standings: since must be a datetime.date, not {_kind(since)}")
    day = since.date() if isinstance(since, datetime) else since
    from scala40cli.audit.records import records_of
    from scala40cli.season.document import standings_document
    from scala40cli.season.entries import season_choice
    from scala40cli.season.table import season_table

    choice = season_choice(rules=rule_choice(rules), include_violations=include_violations,
                           since=day)
    return standings_document(season_table(records_of(found), choice))
