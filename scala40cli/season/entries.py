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
from scala40cli.season.rule_sets import rule_set_name

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
    detail: str


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
    reason: tuple[Reason, str] | None = None
    if game.violations and not choice.include_violations:
        first = game.violations[0]
        count = len(game.violations)
        more = f" and {count - 1} more" if count > 1 else ""
        reason = (Reason.VIOLATIONS, f"{first.code} at line {first.line}{more}")
    elif choice.rules is not None and game.rules != choice.rules:
        reason = (Reason.OTHER_RULES, f"not played under {choice.rules_name}")
    elif choice.since is not None:
        day = game_date(game)
        if day is None:
            reason = (Reason.UNDATED, "no [Date] tag to compare with --since")
        elif day < choice.since:
            reason = (Reason.BEFORE_SINCE, f"played on {day.isoformat()}, before "
                      f"{choice.since.isoformat()}")
    if reason is None:
        return None
    return LeftOut(path=path, game=game.index, line=game.line, reason=reason[0],
                   detail=reason[1])
