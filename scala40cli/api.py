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

import dataclasses
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, TypeAlias

from scala40cli.audit.pipeline import audit_bytes, audit_lines
from scala40cli.audit.request import AuditRequest, Local
from scala40cli.audit.road import file_results
from scala40cli.audit.rulesfile import is_rules_file, load_rules_file
from scala40cli.judging.rulebook.rules import RuleChoice, RulesError, find_preset, resolve
from scala40cli.model.results import FileResult, GameResult, Ignored, IgnoredBy, Problem
from scala40cli.reporting.json_report import report_document
from scala40cli.reporting.summary import Summary

__all__ = [
    "FileResult",
    "GameResult",
    "Ignored",
    "IgnoredBy",
    "InputFormat",
    "Problem",
    "Rules",
    "RulesError",
    "Summary",
    "audit_file",
    "audit_text",
    "iter_games",
    "json_report",
    "rule_choice",
    "summarize",
]

#: Rules given as data: a preset name or rules file path, a path, or a mapping of
#: switches (``{"preset": "scala50", "opening_points": 60}``); None: each log's own.
Rules: TypeAlias = str | os.PathLike[str] | Mapping[str, str | int] | None

#: How a log is written: ``.s40`` text, or JSON Lines events (docs/events-json.md).
InputFormat: TypeAlias = Literal["s40", "jsonl"]

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
    docs/events-json.md); by default, ``jsonl`` when ``name`` ends in ``.jsonl``.
    """
    raw = _utf8(data) if isinstance(data, str) else data
    return audit_bytes(raw, name, rule_choice(rules), input_format=input_format)


def audit_file(path: str | os.PathLike[str], *, rules: Rules = None, jobs: int = 1,
               input_format: InputFormat | None = None) -> FileResult:
    """The result of the log at ``path``, read a game at a time (``F001`` if unreadable).

    ``jobs`` above 1 judges the games in that many processes, with the same result. A
    ``.jsonl`` file is read as JSON Lines events unless ``input_format`` says otherwise.
    """
    request = AuditRequest(inputs=(os.fspath(path),), rules=rule_choice(rules),
                           input_format=input_format, engine=Local(jobs), expand=False)
    (result,) = file_results(request)
    return result


def iter_games(source: str | bytes | Iterable[str] | Iterable[bytes], *,
               rules: Rules = None, input_format: InputFormat = "s40"
               ) -> Iterator[GameResult | Problem]:
    """The results of a log's games as they are judged, with its file errors, in order.

    ``source`` is the whole text (or bytes), or its lines: a list of lines, or an open
    file, text or binary, which is read a game at a time. Memory follows the largest
    game, so an endless stream can be audited. A :class:`Problem` is a file error (a
    syntax error or invalid UTF-8); the games around it are still judged.
    ``input_format="jsonl"`` reads JSON Lines events.

    >>> lines = ['[Players "Anna" "Bruno"]', "hand 1", "dealer Anna"]
    >>> [type(item).__name__ for item in iter_games(lines)]
    ['GameResult']
    """
    choice = rule_choice(rules)
    index = 0
    for judged in audit_lines(_byte_lines(source), (choice,), input_format=input_format):
        for item in judged[0]:
            if isinstance(item, GameResult):
                index += 1
                yield item if item.index == index else dataclasses.replace(item, index=index)
            else:
                yield item


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


def summarize(results: Iterable[FileResult]) -> Summary:
    """The counts of the report's ``summary`` for these file results.

    Summaries add up, so partial runs combine: ``summarize(a) + summarize(b)``.
    """
    return Summary.of(list(results))


def json_report(results: Sequence[FileResult]) -> dict[str, Any]:
    """The whole JSON report of ``replay --format json`` for these file results."""
    return report_document(results)
