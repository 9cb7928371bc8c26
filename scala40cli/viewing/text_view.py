"""The table after a line, in text for a person (``scala40 show``).

It is written from the JSON document of :mod:`scala40cli.viewing.documents`, so that the
text and ``--format json`` cannot tell two stories; its words, and the referee's
sentences, in the language of ``--lang`` (the JSON stays English, as the reports' JSON
does). The whole text goes through
:func:`~scala40cli.reporting.escape.terminal_safe` at the end: a name or a line of the
log never drives the terminal, and :func:`~scala40cli.reporting.escape.workflow_neutral`
after it: no line is a workflow command for a CI runner.
"""

from __future__ import annotations

from typing import Any

from scala40cli.reporting.escape import terminal_cell, terminal_safe, workflow_neutral
from scala40cli.reporting.widths import display_width, pad
from scala40cli.translation.catalogue import ENGLISH, Catalogue


def show_text(document: dict[str, Any], words: Catalogue = ENGLISH) -> str:
    """``scala40 show``'s text for one document (see the module docstring)."""
    say = words.gettext
    lines = [_heading(document, words)]
    text = document["text"]
    if text is not None:
        lines.append(say("line {line}: {text}", line=document["line"], text=text.strip()))
    if document["game"] is None:  # before the first game: nothing more to say
        return _shown(lines)
    for problem in document["on_line"]:
        kind = "  note {code}: {message}" if "caused_by" in problem else \
            "  violation {code}: {message}"
        lines.append(say(kind, code=problem["code"], message=words.translate(problem["message"])))
    before = document["before"]
    if before is not None:
        lines += ["", say("Before this line:"), *_table(before, words), "", say("After it:")]
    else:
        lines.append("")
    lines += _table(document, words)
    lines += _problems("Violations up to line {line}:", document["violations"], document, words)
    lines += _problems("Notes up to line {line}:", document["notes"], document, words)
    return _shown(lines)


def _shown(lines: list[str]) -> str:
    """The lines as printed: safe on a terminal, and none of them a workflow command
    for a CI runner (a player named ``::error::...`` starts a row of the table)."""
    return workflow_neutral(terminal_safe("\n".join(lines) + "\n"))


def _heading(document: dict[str, Any], words: Catalogue) -> str:
    say = words.gettext
    if document["game"] is None:
        return say("{file}:{line}: before the first game: the table is empty",
                   file=document["file"], line=document["line"])
    where = say("{file}:{line}: game {game}", file=document["file"], line=document["line"],
                game=document["game"])
    if document["hand"] is None:
        return where + say(", before the first hand")
    where += say(", hand {hand} ({phase})", hand=document["hand"],
                 phase=say(document["phase"]))
    if document["dealer"] is not None:
        where += say(", dealer {dealer}", dealer=document["dealer"])
    if document["turn"] is not None:
        where += say(", {player}'s turn", player=document["turn"])
    return where


def _table(table: dict[str, Any], words: Catalogue) -> list[str]:
    say = words.gettext
    rows: list[str] = []
    names = [terminal_cell(p["name"]) for p in table["players"]]  # measured as printed
    width = max(map(display_width, names), default=0)
    digits = max((len(str(p["total"])) for p in table["players"]), default=3)
    counts = [len(p["hand"]) + p["unknown"] for p in table["players"]]
    held = [" " * (count < 10) + words.ngettext("{count} card", "{count} cards", count)
            for count in counts]  # " 1 card" and "12 cards" in one column
    held_width = max(map(len, held), default=0)
    for player, name, cards_held in zip(table["players"], names, held, strict=True):
        marks = (say("out") + " " if player["out"] else "") + (
            say("opened") + " " if player["opened"] else "")
        cards = " ".join(player["hand"])
        if player["unknown"]:
            unknown = words.ngettext("+{count} unknown", "+{count} unknown", player["unknown"])
            cards += f"{' ' if cards else ''}{unknown}"
        total = say("total {total}", total=f"{player['total']:>{max(digits, 3)}}")
        rows.append(f"  {pad(name, width)}  {total}  {cards_held:<{held_width}}  "
                    f"{marks}{cards or '-'}".rstrip())
    for meld in table["melds"]:
        jokers = f"  (JK = {', '.join(meld['jokers'])})" if meld["jokers"] else ""
        refused = "  " + say("refused") if meld["refused"] else ""
        rows.append("  " + say("meld {number} of {player}: {cards}", number=meld["number"],
                               player=meld["owner"], cards=" ".join(meld["cards"]))
                    + jokers + refused)
    pile = table["pile"]
    rows.append("  " + words.ngettext("pile ({count}, top last): {cards}",
                                      "pile ({count}, top last): {cards}", len(pile),
                                      cards=" ".join(pile) or "-"))
    stock = table["stock"]
    known = stock["known"]
    rows.append("  " + words.ngettext("stock: {count} card", "stock: {count} cards",
                                      stock["count"]) + (
        say(", top first: {cards}", cards=" ".join(known)) if known else ""))
    return rows


def _problems(title: str, problems: list[dict[str, Any]], document: dict[str, Any],
              words: Catalogue) -> list[str]:
    if not problems:
        return []
    return ["", words.gettext(title, line=document["line"])] + [
        f"  {document['file']}:{p['line']}:{p['column']}: {p['code']} "
        f"{words.translate(p['message'])}" for p in problems]
