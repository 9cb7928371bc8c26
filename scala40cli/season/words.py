"""The season's sentences, the same in the text, Markdown and HTML outputs, in the
reader's language.

Each is asked for of a :class:`~scala40cli.translation.catalogue.Catalogue` by its
English text (``locale/<language>/standings.po``); English by default. Plain text: each
output escapes them for where they go (a log's names and paths are in them, as values
filled in after the catalogue's words).
"""

from __future__ import annotations

from scala40cli.season.entries import LeftOut, Reason, said_detail
from scala40cli.season.names import NameWarning
from scala40cli.season.rule_sets import RuleSet, rule_set_said
from scala40cli.season.table import SeasonTable
from scala40cli.translation.catalogue import ENGLISH, Catalogue

#: How each reason reads in the count of the matches left out (singular, plural).
REASONS = {
    Reason.VIOLATIONS: ("{count} match with violations", "{count} matches with violations"),
    Reason.OTHER_RULES: ("{count} match under other rules", "{count} matches under other rules"),
    Reason.BEFORE_SINCE: ("{count} match before --since", "{count} matches before --since"),
    Reason.UNDATED: ("{count} match without a date", "{count} matches without a date"),
    Reason.FILE_ERROR: ("{count} file error", "{count} file errors"),
}

#: How each reason reads on the line of a match left out.
REASON_WORDS = {
    Reason.VIOLATIONS: "violations",
    Reason.OTHER_RULES: "other rules",
    Reason.BEFORE_SINCE: "before --since",
    Reason.UNDATED: "no date",
    Reason.FILE_ERROR: "file error",
}


def matches(count: int, words: Catalogue = ENGLISH) -> str:
    """``1 match``, ``3 matches``."""
    return words.ngettext("{count} match", "{count} matches", count)


def headline(table: SeasonTable, words: Catalogue = ENGLISH) -> str:
    """What the table counts: ``12 matches, 10 ended and rated, 2 not ended (their
    hands count, not their results); 4 players``."""
    parts = [matches(table.matches, words)]
    if table.in_progress:
        parts.append(words.ngettext("{count} ended and rated", "{count} ended and rated",
                                    len(table.rated)))
        parts.append(words.ngettext("{count} not ended (their hands count, not their results)",
                                    "{count} not ended (their hands count, not their results)",
                                    table.in_progress))
    days = [match.day for match in table.rated if match.day is not None]
    if days:
        parts.append(words.gettext("played from {first_day} to {last_day}",
                                   first_day=min(days).isoformat(),
                                   last_day=max(days).isoformat()))
    players = words.ngettext("{count} player", "{count} players", len(table.players))
    return words.gettext("{head}; {rest}", head=", ".join(parts), rest=players)


def left_out_summary(table: SeasonTable, words: Catalogue = ENGLISH, *,
                     listed: bool = False) -> str | None:
    """``Left out: 2 matches with violations (counted with --include-violations), ...``;
    ``listed``, it ends with a colon, before the list of them (French spaces it)."""
    parts = []
    for reason, (one, many) in REASONS.items():
        count = table.left_out_for(reason)
        if count:
            hint = (words.gettext(" (counted with --include-violations)")
                    if reason is Reason.VIOLATIONS else "")
            parts.append(words.ngettext(one, many, count) + hint)
    if not parts:
        return None
    if listed:
        return words.gettext("Left out: {parts}:", parts=", ".join(parts))
    return words.gettext("Left out: {parts}", parts=", ".join(parts))


def left_out_line(entry: LeftOut, words: Catalogue = ENGLISH) -> str:
    """``logs/a.s40:3: game 1, violations: T004 at line 19``, or a file's error."""
    return f"{entry.path}:{entry.line}: {left_out_reason(entry, words)}"


def left_out_reason(entry: LeftOut, words: Catalogue = ENGLISH) -> str:
    """What a match left out is and why, without its place."""
    detail = said_detail(entry, words)
    if entry.game is None:
        return words.gettext("file error: {error}", error=detail)
    return words.gettext("game {game}, {reason}: {detail}", game=entry.game,
                         reason=words.gettext(REASON_WORDS[entry.reason]), detail=detail)


def _rule_sets(sets: tuple[RuleSet, ...], words: Catalogue) -> str:
    return ", ".join(f"{rule_set_said(rule_set.name, words)} "
                     f"({matches(rule_set.matches, words)})" for rule_set in sets)


def rules_line(table: SeasonTable, words: Catalogue = ENGLISH) -> str:
    """The rule sets of the counted matches, and whether the table mixes them."""
    sets = _rule_sets(table.rule_sets, words)
    if table.choice.rules is not None:
        only = rule_set_said(table.choice.rules_name, words)
        if sets:
            return words.gettext("Rules: only {rules}: {sets}", rules=only, sets=sets)
        return words.gettext("Rules: only {rules}", rules=only)
    if len(table.rule_sets) > 1:
        return words.gettext("Rules differ between the matches: {sets}; --rules PRESET|FILE "
                             "restricts the table to one", sets=sets)
    if sets:
        return words.gettext("Rules: {sets}", sets=sets)
    return words.gettext("Rules: no match counted")


def warning_line(warning: NameWarning, words: Catalogue = ENGLISH) -> str:
    """``G009 the players 'Anna' and 'anna' differ only in case: counted as different
    players`` (the referee's words of ``G009``, said in the catalogue's language)."""
    said = words.translate(warning.message)
    if len(warning.names) > 1:
        line = words.gettext("{warning}: counted as different players", warning=said)
    else:
        line = words.gettext("{warning}: counted as written", warning=said)
    return f"{warning.code} {line}"


def since_line(table: SeasonTable, words: Catalogue = ENGLISH) -> str | None:
    since = table.choice.since
    return None if since is None else words.gettext("Matches from {day} on",
                                                    day=since.isoformat())
