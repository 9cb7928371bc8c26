"""A game's header tags: who plays and under which rules, read before any hand.

The ``[Players]`` tag names the players (2 to 6, different names, none blank: no report
could show who a blank name is) in the order they sit; ``[Rules]`` and ``[Rule]`` tags
choose the rules, under the command line's choice (docs/rules.md, "Choosing the
rules"); ``[Teams]`` pairs them. :func:`read_header` reports what is wrong with these
tags and returns the :class:`Header` the match referee starts from; a game without
readable players cannot be replayed. The resolved rules as a result writes them are
:func:`rule_tokens`.
"""

from __future__ import annotations

from dataclasses import dataclass

from scala40cli.judging.match.names import lookalikes, nfc
from scala40cli.judging.rulebook.rules import CLASSIC, RuleChoice, Rules, resolve
from scala40cli.judging.scores.standings import teams_problem
from scala40cli.judging.tabletop.findings import Finding, Flag
from scala40cli.model.violations import Code
from scala40cli.reading.event_base import Place
from scala40cli.reading.events import GameLog, Tag, Unparsed

MIN_PLAYERS, MAX_PLAYERS = 2, 6


@dataclass(slots=True)
class Header:
    """What the tags of a game say."""

    rules: Rules
    #: Where each rule's value came from (a tag, a preset, the command line).
    rule_sources: dict[str, str]
    preset: str | None
    #: The players in the order of the [Players] tag; empty when the game cannot be
    #: replayed (no [Players] tag, or a bad one).
    players: tuple[str, ...] = ()
    #: The values of the [Teams] tag.
    teams: tuple[str, ...] = ()


def read_header(game: GameLog, tags: list[Tag], choice: RuleChoice | None,
                flag: Flag) -> Header:
    """Players and rules from the tags, each problem of them reported with ``flag``."""
    players_tag = next((tag for tag in tags if tag.name == "Players"), None)
    header = _resolve_rules(tags, choice, flag)
    if players_tag is None:
        unread = _unread_header_line(game)
        named = _players_under_another_name(tags)
        where = unread or named or (tags[0] if tags else Place(line=game.line, column=1))
        flag(Finding(Code.MISSING_PLAYERS, where, "the game has no [Players] tag" + (
            f"; line {unread.line} could not be read" if unread else
            f": [{named.name} ...] is not a tag the referee reads; the players are "
            "written [Players ...], in English" if named else "")))
        return header
    names = players_tag.values
    distinct = len({nfc(name) for name in names})
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS or distinct != len(names):
        flag(Finding(Code.BAD_PLAYERS, players_tag,
                     f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players with different "
                     f"names, not {', '.join(names) or 'none'}"))
        return header
    if any(not name.strip() for name in names):
        flag(Finding(Code.BAD_PLAYERS, players_tag,
                     "a player's name is blank: every player of a game has a name"))
        return header
    header.players = tuple(names)
    for alike in lookalikes(names):
        flag(Finding(Code.LOOKALIKE_NAMES, players_tag, alike.message()), alike.subject[0])
    team_tag = next((tag for tag in tags if tag.name == "Teams"), None)
    teams_wrong = teams_problem(header.rules, len(names))
    if teams_wrong is not None:
        flag(Finding(Code.BAD_RULES, players_tag,
                     f"{teams_wrong}; the match is played without teams"))
    header.teams = tuple(team_tag.values) if team_tag else ()
    return header


def result_mismatch(tags: list[Tag], finished: bool, winner: str | None) -> Finding | None:
    """The [Result] tag against the outcome the referee found: a tag naming another
    winner than the hands give, or a winner of a match that did not end, is reported on
    the tag's line. ``[Result "*"]`` marks a match still being played and names nobody;
    names are compared as the [Players] tag's are, in one Unicode form."""
    tag = next((tag for tag in tags if tag.name == "Result"), None)
    if tag is None or tag.values == ("*",):
        return None
    recorded = " ".join(tag.values)
    if not finished:
        return Finding(Code.RESULT_MISMATCH, tag, f"the [Result] tag names {recorded} as "
                       "the winner, but the match did not end")
    if winner is None or nfc(recorded) != nfc(winner):
        found = winner if winner is not None else "no winner"
        return Finding(Code.RESULT_MISMATCH, tag, f"the [Result] tag names {recorded} as "
                       f"the winner; the hands give {found}")
    return None


#: The tags the project reads or writes: any other is kept and ignored.
KNOWN_TAGS = frozenset({"Event", "Date", "Players", "Rules", "Rule", "Teams", "Levels",
                        "Result"})


def _players_under_another_name(tags: list[Tag]) -> Tag | None:
    """A tag no one reads that holds 2 to 6 values: the players' names, most likely,
    under a tag name translated (``[Giocatori ...]``, ``[Joueurs ...]``) or misspelt
    (``[Player ...]``), which tag names never are."""
    return next((tag for tag in tags if tag.name not in KNOWN_TAGS
                 and MIN_PLAYERS <= len(tag.values) <= MAX_PLAYERS), None)


def _unread_header_line(game: GameLog) -> Unparsed | None:
    """The first unreadable line among the header tags: a broken [Players] tag is
    likelier there than anywhere, so G001 is placed on it, after its syntax error."""
    for event in game.events:
        if isinstance(event, Unparsed):
            return event
        if not isinstance(event, Tag):
            return None
    return None


def _resolve_rules(tags: list[Tag], choice: RuleChoice | None, flag: Flag) -> Header:
    """The rules of the game: its [Rules] preset and [Rule] values, under the
    command line's choice."""
    log_preset: tuple[int, str] | None = None
    log_values: list[tuple[int, str, str]] = []
    for tag in tags:
        if tag.name == "Rules":
            if log_preset is not None or len(tag.values) != 1:
                flag(Finding(Code.BAD_RULES, tag, 'a game has one [Rules "preset"] tag; '
                             "this one is ignored"))
            else:
                log_preset = (tag.line, tag.values[0])
        elif tag.name == "Rule":
            if len(tag.values) == 2:
                log_values.append((tag.line, tag.values[0], tag.values[1]))
            else:
                flag(Finding(Code.BAD_RULES, tag, 'a rule tag is [Rule "key" "value"]'))
    resolved = resolve(log_preset=log_preset, log_values=log_values, choice=choice)
    by_line = {tag.line: tag for tag in tags}
    for line, message in resolved.problems:
        flag(Finding(Code.BAD_RULES, by_line.get(line, Place(line=line, column=1)), message))
    return Header(rules=resolved.rules, rule_sources=resolved.sources, preset=resolved.preset)


#: The rules of the game judged last and their tokens (see :func:`rule_tokens`): one
#: pair, replaced whole, so that a reader in another thread never sees half of it.
_last_tokens: list[tuple[Rules, dict[str, str]]] = [(CLASSIC, CLASSIC.as_tokens())]


def rule_tokens(rules: Rules) -> dict[str, str]:
    """``rules.as_tokens()``, worked out once for the games judged in a row under the
    same rules object (most games of a file: a preset's own rules, untouched by tags).

    Each game still gets a dict of its own (a copy, in C): a caller of the library may
    change one result's dict, and that must not change another's."""
    last_rules, tokens = _last_tokens[0]
    if last_rules is not rules:
        tokens = rules.as_tokens()
        _last_tokens[0] = (rules, tokens)
    return dict(tokens)
