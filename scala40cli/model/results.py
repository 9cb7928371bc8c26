"""What a replay finds: violations, hand results, game and file results.

Plain frozen values, built by the referee and the parser, and the one JSON object of
each (the functions at the end, which ``to_dict()`` returns): the JSON and JSON Lines
reporters, the comparison and the Dask records write these same objects
(:mod:`scala40cli.reporting.json_report`), so every JSON output of a game is the same.
Every key written here must be in ``schemas/report.schema.json`` too. Nothing here
knows about the rules, nor about any reporter.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from scala40cli.model.violations import RULEBOOK, Code

#: The version of the shape of the JSON objects written here and of the report that
#: holds them (``schemas/report.schema.json``, whose ``version`` it is): the major
#: number changes only with a change a reader of the old shape would not understand,
#: the minor one with each key added.
REPORT_SCHEMA_VERSION: Final = "1.0"


@dataclass(frozen=True, slots=True, kw_only=True)
class Problem:
    """One problem with its place: a rule violation in a game, or a file error."""

    code: Code
    message: str
    line: int
    column: int
    hand: int | None = None
    player: str | None = None
    #: The offending source line, for a caret display (file errors only).
    context: str | None = None
    #: For a note: the reported problem it is only a consequence of (decision 28).
    caused_by: Problem | None = None
    #: For a log of JSON events: the index (from 0) of the event the problem is on
    #: among the log's objects (a JSON Lines log's non-blank lines; the items given to
    #: ``audit_events``), so ``events[problem.event]`` is that event; None for ``.s40``.
    event: int | None = None

    @property
    def name(self) -> str:
        return RULEBOOK[self.code].name

    def to_dict(self) -> dict[str, Any]:
        """The JSON report's object for this problem: a file error's (``F`` codes, with
        ``context``) or a game violation's (with ``hand`` and ``player``)."""
        if self.code.startswith("F"):
            return file_error_json(self)
        return violation_json(self)


class Closing(StrEnum):
    """How a hand ended. The value is the wire format."""

    NORMAL = "normal"
    IN_ONE_GO = "in_one_go"
    VOID = "void"
    UNFINISHED = "unfinished"


@dataclass(frozen=True, slots=True, kw_only=True)
class HandResult:
    """The score sheet row of one hand."""

    number: int
    line: int
    dealer: str | None
    closer: str | None
    closing: Closing
    #: Penalty of every player dealt in (0 for all in a void or unfinished hand).
    penalties: dict[str, int]
    #: The penalties of the ``score`` line, or None when the log has none.
    declared: dict[str, int] | None
    #: Running totals after this hand, for every player of the match.
    totals: dict[str, int]
    #: A play-off hand of a fixed-hands match, dealt only to the tied players.
    playoff: bool = False
    #: Players whose penalty the referee could not compute and took as declared on the
    #: ``score`` line, with why (unknown cards, or a picture blurred by a problem).
    unverified: dict[str, str] = field(default_factory=dict)
    #: Each player who opened in this hand -> in which of their own turns of the hand
    #: (1: their first), as the referee counted the turns (a buy out of turn is not
    #: one). A fact for the season's statistics (``scala40 standings``).
    openings: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, kw_only=True)
class Elimination:
    player: str
    hand: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TeamResult:
    """A team of a ``teams=pairs`` match: its partners and their summed total."""

    name: str
    players: tuple[str, ...]
    total: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TagValue:
    """A header tag as written: ``[Name "v1" "v2"]`` on ``line``."""

    name: str
    values: tuple[str, ...]
    line: int


class IgnoredBy(StrEnum):
    """What accepted a violation as known. The value is the wire format."""

    #: An inline ``; scala40: ignore CODE`` comment on the violation's line.
    COMMENT = "comment"
    #: ``--select``/``--ignore`` or the configuration's ``select``/``ignore``.
    OPTION = "option"


@dataclass(frozen=True, slots=True, kw_only=True)
class Ignored:
    """A violation accepted as known, and what accepted it."""

    problem: Problem
    by: IgnoredBy


@dataclass(frozen=True, slots=True, kw_only=True)
class GameResult:
    """Everything the referee found in one game of a file."""

    index: int
    line: int
    tags: tuple[TagValue, ...]
    players: tuple[str, ...]
    rules: dict[str, str]
    violations: tuple[Problem, ...]
    hands: tuple[HandResult, ...]
    eliminated: tuple[Elimination, ...]
    totals: dict[str, int]
    finished: bool
    #: The winning player, or the winning team's name in a team match.
    winner: str | None
    #: Where each rule value came from: "preset classic", "log line 4", "--set", ...
    rule_sources: dict[str, str] = field(default_factory=dict)
    teams: tuple[TeamResult, ...] = ()
    #: The base preset the rules start from (a rules file's, a tag's, classic), even
    #: when every switch was set over it; None for a result built by hand.
    preset: str | None = None
    #: Problems that are only consequences of a reported violation (D28): kept
    #: with their cause, never counted as violations.
    notes: tuple[Problem, ...] = ()
    #: Violations accepted as known (see :mod:`scala40cli.audit.ignores`): not in
    #: ``violations``, not counted, listed apart in the JSON report.
    ignored: tuple[Ignored, ...] = ()
    #: The total that puts a player (a team, in a team match) out, as the referee
    #: applied it (``elimination=50n+1`` already counted for the players at the
    #: start); None when nobody is eliminated (``elimination=none``). A fact for the
    #: reports, which draw it, so that none of them reads a rule's token again.
    elimination_threshold: int | None = None
    #: The version of the rules this referee applies (``RULES_VERSION`` of
    #: :mod:`scala40cli.judging.rulebook.presets`): with :attr:`preset` and
    #: :attr:`rules`, the identity of the rule set the game was judged under. None for
    #: a result built by hand.
    rules_version: str | None = None

    @property
    def schema_version(self) -> str:
        """The version of the shape of :meth:`to_dict` (the report schema's ``version``)."""
        return REPORT_SCHEMA_VERSION

    @property
    def ok(self) -> bool:
        """No violation was found; says nothing of whether the match was played to its
        end (see :attr:`complete`)."""
        return not self.violations

    @property
    def complete(self) -> bool:
        """A complete match, judged legal: played to its end (:attr:`finished`) with no
        violation."""
        return self.finished and not self.violations

    def to_dict(self) -> dict[str, Any]:
        """The JSON report's object for this game (an item of ``files[].games``)."""
        return game_json(self)


@dataclass(frozen=True, slots=True, kw_only=True)
class FileResult:
    """One input file: its own errors (unreadable, syntax) and its games."""

    path: str
    errors: tuple[Problem, ...] = ()
    games: tuple[GameResult, ...] = field(default=())

    @property
    def schema_version(self) -> str:
        """The version of the shape of :meth:`to_dict` (the report schema's ``version``)."""
        return REPORT_SCHEMA_VERSION

    @property
    def ok(self) -> bool:
        """No file error and no game with a violation. True for an input holding no game
        at all (an empty text) and for a match cut off between two hands: what was read
        is legal, no more (see :attr:`complete`)."""
        return not self.errors and all(game.ok for game in self.games)

    @property
    def complete(self) -> bool:
        """Every match of the input complete and legal, and at least one: no file error,
        and each game :attr:`GameResult.complete`. What a server accepts a finished
        match's log on."""
        return not self.errors and bool(self.games) and all(g.complete for g in self.games)

    def to_dict(self) -> dict[str, Any]:
        """The JSON report's object for this file (an item of ``files``)."""
        return file_json(self)


# --- the JSON objects of the report ------------------------------------------------------

JsonObject = dict[str, Any]



def file_json(result: FileResult) -> JsonObject:
    return {
        "path": result.path,
        "ok": result.ok,
        "complete": result.complete,
        "errors": [file_error_json(problem) for problem in result.errors],
        "games": [game_json(game) for game in result.games],
        "schema_version": REPORT_SCHEMA_VERSION,
    }


def file_error_json(problem: Problem) -> JsonObject:
    """A file error's object; the hand, the player and the event only where known (a
    line of a JSON log names them)."""
    document = {**_place_json(problem), "context": problem.context}
    if problem.hand is not None:
        document["hand"] = problem.hand
    if problem.player is not None:
        document["player"] = problem.player
    if problem.event is not None:
        document["event"] = problem.event
    return document


def violation_json(problem: Problem) -> JsonObject:
    document = {**_place_json(problem), "hand": problem.hand, "player": problem.player}
    if problem.event is not None:
        document["event"] = problem.event
    return document


def _place_json(problem: Problem) -> JsonObject:
    return {
        "code": str(problem.code),
        "name": problem.name,
        "message": problem.message,
        "line": problem.line,
        "column": problem.column,
    }


def _note_json(problem: Problem) -> JsonObject:
    """A consequence of a reported violation, with where that violation is."""
    cause = problem.caused_by
    assert cause is not None
    return {**violation_json(problem),
            "caused_by": {"code": str(cause.code), "line": cause.line, "column": cause.column}}


def game_json(game: GameResult) -> JsonObject:
    document: JsonObject = {
        "index": game.index,
        "line": game.line,
        "tags": [_tag_json(tag) for tag in game.tags],
        "players": list(game.players),
        "rules": dict(game.rules),
        "rule_sources": dict(game.rule_sources),
        "teams": [_team_json(team) for team in game.teams],
        "ok": game.ok,
        "violations": [violation_json(problem) for problem in game.violations],
        "hands": [_hand_json(hand) for hand in game.hands],
        "eliminated": [{"player": out.player, "hand": out.hand} for out in game.eliminated],
        "totals": dict(game.totals),
        "finished": game.finished,
        "winner": game.winner,
        "complete": game.complete,
        "ignored": [{**violation_json(out.problem), "by": str(out.by)} for out in game.ignored],
        "preset": game.preset,
        "rules_version": game.rules_version,
        "schema_version": REPORT_SCHEMA_VERSION,
    }
    if game.notes:  # only then: a game without notes reads as before
        document["notes"] = [_note_json(problem) for problem in game.notes]
    return document


def _team_json(team: TeamResult) -> JsonObject:
    return {"name": team.name, "players": list(team.players), "total": team.total}


def _tag_json(tag: TagValue) -> JsonObject:
    return {"name": tag.name, "values": list(tag.values), "line": tag.line}


def _hand_json(hand: HandResult) -> JsonObject:
    row: JsonObject = {
        "number": hand.number,
        "line": hand.line,
        "dealer": hand.dealer,
        "closer": hand.closer,
        "closing": str(hand.closing),
        "penalties": dict(hand.penalties),
        "declared": None if hand.declared is None else dict(hand.declared),
        "totals": dict(hand.totals),
        "playoff": hand.playoff,
        "openings": dict(hand.openings),
    }
    if hand.unverified:
        row["unverified"] = [{"player": player, "reason": reason}
                             for player, reason in hand.unverified.items()]
    return row
