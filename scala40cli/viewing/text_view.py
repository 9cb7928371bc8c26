"""The table after a line, in text for a person (``scala40 show``).

It is written from the JSON document of :mod:`scala40cli.viewing.documents`, so that the
text and ``--format json`` cannot tell two stories. The whole text goes through
:func:`~scala40cli.reporting.escape.terminal_safe` at the end: a name or a line of the
log never drives the terminal.
"""

from __future__ import annotations

from typing import Any

from scala40cli.reporting.escape import terminal_safe
from scala40cli.reporting.widths import display_width, pad


def show_text(document: dict[str, Any]) -> str:
    """``scala40 show``'s text for one document (see the module docstring)."""
    lines = [_heading(document)]
    text = document["text"]
    if text is not None:
        lines.append(f"line {document['line']}: {text.strip()}")
    if document["game"] is None:  # before the first game: nothing more to say
        return terminal_safe("\n".join(lines) + "\n")
    for problem in document["on_line"]:
        kind = "note" if "caused_by" in problem else "violation"
        lines.append(f"  {kind} {problem['code']}: {problem['message']}")
    before = document["before"]
    if before is not None:
        lines += ["", "Before this line:", *_table(before), "", "After it:"]
    else:
        lines.append("")
    lines += _table(document)
    lines += _problems("Violations", document["violations"], document)
    lines += _problems("Notes", document["notes"], document)
    return terminal_safe("\n".join(lines) + "\n")


def _heading(document: dict[str, Any]) -> str:
    if document["game"] is None:
        return f"{document['file']}:{document['line']}: before the first game: the table is empty"
    where = f"{document['file']}:{document['line']}: game {document['game']}"
    if document["hand"] is None:
        return where + ", before the first hand"
    where += f", hand {document['hand']} ({document['phase']})"
    if document["dealer"] is not None:
        where += f", dealer {document['dealer']}"
    if document["turn"] is not None:
        where += f", {document['turn']}'s turn"
    return where


def _table(table: dict[str, Any]) -> list[str]:
    rows: list[str] = []
    width = max((display_width(p["name"]) for p in table["players"]), default=0)
    digits = max((len(str(p["total"])) for p in table["players"]), default=0)
    for player in table["players"]:
        marks = ("out " if player["out"] else "") + ("opened " if player["opened"] else "")
        cards = " ".join(player["hand"])
        if player["unknown"]:
            cards += f"{' ' if cards else ''}+{player['unknown']} unknown"
        count = len(player["hand"]) + player["unknown"]
        rows.append(f"  {pad(player['name'], width)}  total {player['total']:>{max(digits, 3)}}  "
                    f"{count:>2} cards  {marks}{cards or '-'}".rstrip())
    for meld in table["melds"]:
        jokers = f"  (JK = {', '.join(meld['jokers'])})" if meld["jokers"] else ""
        refused = "  refused" if meld["refused"] else ""
        rows.append(f"  meld {meld['number']} of {meld['owner']}: "
                    f"{' '.join(meld['cards'])}{jokers}{refused}")
    pile = table["pile"]
    rows.append(f"  pile ({len(pile)}, top last): {' '.join(pile) or '-'}")
    stock = table["stock"]
    known = stock["known"]
    rows.append(f"  stock: {stock['count']} cards" + (
        f", top first: {' '.join(known)}" if known else ""))
    return rows


def _problems(title: str, problems: list[dict[str, Any]], document: dict[str, Any]
              ) -> list[str]:
    if not problems:
        return []
    return ["", f"{title} up to line {document['line']}:"] + [
        f"  {document['file']}:{p['line']}:{p['column']}: {p['code']} {p['message']}"
        for p in problems]
