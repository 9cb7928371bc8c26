"""The season's sentences, the same in the text, Markdown and HTML outputs.

Plain text: each output escapes them for where they go (a log's names and paths are in
them).
"""

from __future__ import annotations

from scala40cli.season.entries import LeftOut, Reason
from scala40cli.season.names import NameWarning
from scala40cli.season.table import SeasonTable

#: How each reason reads in the count of the matches left out.
_REASONS = {
    Reason.VIOLATIONS: ("match with violations", "matches with violations"),
    Reason.OTHER_RULES: ("match under other rules", "matches under other rules"),
    Reason.BEFORE_SINCE: ("match before --since", "matches before --since"),
    Reason.UNDATED: ("match without a date", "matches without a date"),
    Reason.FILE_ERROR: ("file error", "file errors"),
}


def plural(count: int, one: str, many: str | None = None) -> str:
    return f"{count} {one if count == 1 else (many or one + 's')}"


def headline(table: SeasonTable) -> str:
    """What the table counts: ``12 matches, 10 ended and rated, 2 not ended (their
    hands count, not their results); 4 players``."""
    ended = len(table.rated)
    parts = [plural(table.matches, "match", "matches")]
    if table.in_progress:
        parts.append(f"{ended} ended and rated, {table.in_progress} not ended (their hands "
                     "count, not their results)")
    days = [match.day for match in table.rated if match.day is not None]
    if days:
        parts.append(f"played from {min(days).isoformat()} to {max(days).isoformat()}")
    return ", ".join(parts) + f"; {plural(len(table.players), 'player')}"


def left_out_summary(table: SeasonTable) -> str | None:
    """``Left out: 2 matches with violations (counted with --include-violations), ...``."""
    parts = []
    for reason, (one, many) in _REASONS.items():
        count = table.left_out_for(reason)
        if count:
            hint = " (counted with --include-violations)" if reason is Reason.VIOLATIONS else ""
            parts.append(f"{count} {one if count == 1 else many}{hint}")
    return "Left out: " + ", ".join(parts) if parts else None


#: How each reason reads on the line of a match left out.
_REASON_WORDS = {
    Reason.VIOLATIONS: "violations",
    Reason.OTHER_RULES: "other rules",
    Reason.BEFORE_SINCE: "before --since",
    Reason.UNDATED: "no date",
    Reason.FILE_ERROR: "file error",
}


def left_out_line(entry: LeftOut) -> str:
    """``logs/a.s40:3: game 1, violations: T004 at line 19``, or a file's error."""
    return f"{entry.path}:{entry.line}: {left_out_reason(entry)}"


def left_out_reason(entry: LeftOut) -> str:
    """What a match left out is and why, without its place."""
    if entry.game is None:
        return f"file error: {entry.detail}"
    return f"game {entry.game}, {_REASON_WORDS[entry.reason]}: {entry.detail}"


def rules_line(table: SeasonTable) -> str:
    """The rule sets of the counted matches, and whether the table mixes them."""
    sets = ", ".join(f"{rule_set.name} ({plural(rule_set.matches, 'match', 'matches')})"
                     for rule_set in table.rule_sets)
    if table.choice.rules is not None:
        return f"Rules: only {table.choice.rules_name}" + (f": {sets}" if sets else "")
    if len(table.rule_sets) > 1:
        return (f"Rules differ between the matches: {sets}; --rules PRESET|FILE restricts "
                "the table to one")
    return f"Rules: {sets}" if sets else "Rules: no match counted"


def warning_line(warning: NameWarning) -> str:
    """``G009 the players 'Anna' and 'anna' differ only in case: counted as different
    players``."""
    kept = "counted as different players" if len(warning.names) > 1 else "counted as written"
    return f"{warning.code} {warning.message}: {kept}"


def since_line(table: SeasonTable) -> str | None:
    since = table.choice.since
    return None if since is None else f"Matches from {since.isoformat()} on"
