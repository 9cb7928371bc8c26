"""Which matches the season counts, and why the others are left out.

A match with violations is left out unless ``--include-violations`` takes it in: its
score sheet may not be what was played. So is a match under other rules than
``--rules`` asks for, one dated before ``--since`` (or with no readable date when
``--since`` is given), and a file that cannot be read or parsed. Each left out match is
kept with why, for the reports to list.

The date of a match is its ``[Date]`` tag, written ``2026-11-12`` (or ``2026.11.12``
as PGN writes it, or ``2026/11/12``); the season is rated in date order, a match without
a date keeping its place after the match before it in the order of the inputs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from scala40cli.judging.rulebook.rules import RuleChoice, resolve
from scala40cli.model.results import GameResult
from scala40cli.season.rule_sets import rule_set_name, rule_set_said
from scala40cli.translation.catalogue import ENGLISH, Catalogue

_DATE = re.compile(r"(\d{4})[-./](\d{1,2})[-./](\d{1,2})")


class Reason(StrEnum):
    """Why a match is left out of the table. The value is the wire format."""

    VIOLATIONS = "violations"
    OTHER_RULES = "other_rules"
    BEFORE_SINCE = "before_since"
    UNDATED = "undated"
    FILE_ERROR = "file_error"


@dataclass(frozen=True, slots=True, kw_only=True)
class LeftOut:
    """A match (or a file) the table does not count, where it is, and why in words."""

    path: str
    #: The game's number in its file; None for a file error.
    game: int | None
    line: int
    reason: Reason
    #: Why in English, as the JSON document says it.
    detail: str
    #: The values of ``detail`` (the first violation's code and line, how many more;
    #: the rules asked for; the match's day and ``--since``; a file's error), for
    #: :func:`said_detail` to say it in another language.
    values: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Choice:
    """What the command line asks of the season's matches."""

    include_violations: bool = False
    #: ``--rules`` (and ``--set``): the only rules counted, as their tokens, and a name.
    rules: dict[str, str] | None = None
    rules_name: str = ""
    since: date | None = None


def season_choice(*, rules: RuleChoice | None, include_violations: bool = False,
                  since: date | None = None) -> Choice:
    """The :class:`Choice` of the command line's options (and of the API's arguments):
    with ``rules``, only the matches played under those rules count, and the table
    names them as it names any match's rules. A bad choice raises ``RulesError``."""
    if rules is None:
        return Choice(include_violations=include_violations, since=since)
    resolved = resolve(log_preset=None, log_values=(), choice=rules)
    tokens = resolved.rules.as_tokens()
    return Choice(include_violations=include_violations, rules=tokens,
                  rules_name=rule_set_name(tokens, resolved.preset), since=since)


def parse_date(text: str) -> date | None:
    """A ``[Date]`` tag's day, or None when it is not a readable date (``2026.??.??``)."""
    found = _DATE.fullmatch(text.strip())
    if found is None:
        return None
    try:
        return date(int(found[1]), int(found[2]), int(found[3]))
    except ValueError:
        return None


def game_date(game: GameResult) -> date | None:
    """The date of the match: its first ``[Date]`` tag's first value, when readable."""
    for tag in game.tags:
        if tag.name == "Date" and tag.values:
            return parse_date(tag.values[0])
    return None


def why_left_out(path: str, game: GameResult, choice: Choice) -> LeftOut | None:
    """Why the table leaves this match out, or None when it counts."""
    reason: tuple[Reason, dict[str, str]] | None = None
    if game.violations and not choice.include_violations:
        first = game.violations[0]
        reason = (Reason.VIOLATIONS, {"code": str(first.code), "line": str(first.line),
                                      "more": str(len(game.violations) - 1)})
    elif choice.rules is not None and game.rules != choice.rules:
        reason = (Reason.OTHER_RULES, {"rules": choice.rules_name})
    elif choice.since is not None:
        day = game_date(game)
        if day is None:
            reason = (Reason.UNDATED, {})
        elif day < choice.since:
            reason = (Reason.BEFORE_SINCE, {"day": day.isoformat(),
                                            "since": choice.since.isoformat()})
    if reason is None:
        return None
    return left_out_entry(path=path, game=game.index, line=game.line, reason=reason[0],
                          values=reason[1])


def left_out_entry(*, path: str, game: int | None, line: int, reason: Reason,
                   values: dict[str, str]) -> LeftOut:
    """A :class:`LeftOut` whose English detail is made of its values."""
    pairs = tuple(values.items())
    return LeftOut(path=path, game=game, line=line, reason=reason, values=pairs,
                   detail=_detail(reason, values, ENGLISH))


def said_detail(entry: LeftOut, words: Catalogue) -> str:
    """Why a match is left out, in the catalogue's language (the codes, rule tokens and
    dates as written); a detail made without its values, the referee's way of saying
    it translated."""
    if not entry.values:
        return words.translate(entry.detail)
    return _detail(entry.reason, dict(entry.values), words)


def _detail(reason: Reason, values: dict[str, str], words: Catalogue) -> str:
    if reason is Reason.VIOLATIONS:
        more = int(values["more"])
        if more:
            return words.ngettext("{code} at line {line} and {count} more",
                                  "{code} at line {line} and {count} more", more,
                                  code=values["code"], line=values["line"])
        return words.gettext("{code} at line {line}", code=values["code"],
                             line=values["line"])
    if reason is Reason.OTHER_RULES:
        return words.gettext("not played under {rules}",
                             rules=rule_set_said(values["rules"], words))
    if reason is Reason.UNDATED:
        return words.gettext("no [Date] tag to compare with --since")
    if reason is Reason.BEFORE_SINCE:
        return words.gettext("played on {day}, before {since}", day=values["day"],
                             since=values["since"])
    return f"{values['code']} {words.translate(values['message'])}"
