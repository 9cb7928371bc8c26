"""The run's document written for people (a text table), for CI (Markdown) and for
programs (JSON, ``schemas/arena.schema.json``): the registry behind ``--format``.

Every writer reads the same document (:func:`scala40cli.arena.report.document`), so
the three say the same figures. The engines' names are words of letters, digits and
``_ . -`` (:mod:`scala40cli.arena.engines`), safe on any terminal or page; an outside
program's command, which may hold anything, is written only in the JSON, escaped.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

Document = dict[str, Any]


def percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def elo_text(value: float | None, score: float | None) -> str:
    """An Elo difference signed, or an infinite one (a share of 0 or 1) as such."""
    if score is None:
        return "-"
    if value is None:
        return "+inf" if score >= 1.0 else "-inf"
    return f"{value:+.1f}"


def pair_cells(pair: Document) -> list[str]:
    """A pair's row: the engines, matches, wins, the share and the Elo with intervals."""
    first, second = pair["engines"]
    cells = [f"{first} vs {second}", str(pair["matches"]),
             f"{pair['wins'][0]}-{pair['wins'][1]}" + (f" ({pair['ties']} tied)"
                                                      if pair["ties"] else "")]
    if pair["forfeited"]:
        return [*cells, f"forfeits every hand: {', '.join(pair['forfeited'])}", "", "", ""]
    low, high = pair["score_low"], pair["score_high"]
    return [*cells, percent(pair["score"]),
            "-" if low is None else f"[{percent(low)}, {percent(high)}]",
            elo_text(pair["elo"], pair["score"]),
            "-" if low is None else f"[{elo_text(pair['elo_low'], low)}, "
                                    f"{elo_text(pair['elo_high'], high)}]"]


PAIR_HEADER = ["pair", "matches", "wins", "score", "95% interval", "Elo", "95% interval"]
RANK_HEADER = ["rank", "engine", "mu", "sigma", "mu - 3 sigma", "matches", "wins"]


def ranking_rows(document: Document) -> list[list[str]]:
    engines = {engine["name"]: engine for engine in document["engines"]}
    return [[str(place), rating["name"], f"{rating['mu']:.2f}", f"{rating['sigma']:.2f}",
             f"{rating['ordinal']:.2f}", str(engines[rating["name"]]["matches"]),
             str(engines[rating["name"]]["wins"])]
            for place, rating in enumerate(document["ranking"], start=1)]


def headline(document: Document) -> str:
    rules = document["rules"]
    changed = "".join(f", {key}={value}" for key, value in rules["set"].items())
    deals = "duplicate deals" if document["duplicate"] else "random deals"
    return (f"arena: {document['players']} players, {rules['preset']}{changed}, "
            f"{deals}, seed {document['seed']}")


def forced_text(count: int) -> str:
    """What an engine's forced discards are, said as ``simulate`` says them."""
    return (f"{count} discard(s) against the rules: no legal discard was left "
            "(every card fits a table meld, say)")


def notes(document: Document) -> list[str]:
    """The lines under the tables: the SPRT, forfeits, forced discards, a stop, deals
    left out."""
    lines: list[str] = []
    sprt = document["sprt"]
    if sprt is not None:
        test = (f"SPRT elo0={sprt['elo0']:g} elo1={sprt['elo1']:g} (alpha {sprt['alpha']:g},"
                f" beta {sprt['beta']:g})")
        verdict = (f"{sprt['result']} accepted after {sprt['matches']} matches"
                   if sprt["result"] != "undecided"
                   else f"no verdict after {sprt['matches']} matches")
        lines.append(f"{test}: {verdict}; LLR {sprt['llr']:.2f}, bounds "
                     f"[{sprt['lower']:.2f}, {sprt['upper']:.2f}]")
    for engine in document["engines"]:
        if engine["forfeits_every_hand"]:
            lines.append(f"{engine['name']} forfeited every hand it was dealt "
                         f"({engine['hands']}): no figure of strength")
        elif engine["forfeits"]:
            lines.append(f"{engine['name']} forfeited {engine['forfeits']} of "
                         f"{engine['hands']} hands")
        if engine.get("forced_discards"):
            lines.append(f"{engine['name']} made {forced_text(engine['forced_discards'])}")
    if document["stopped"] == "interrupted":
        lines.append(f"stopped after {document['matches']} matches")
    if document["incomplete"]:
        lines.append(f"{document['incomplete']} matches of deals not played in every "
                     "seating are left out of the figures")
    return lines


def _numeric(text: str) -> bool:
    return text[:1].isdigit() or (text[:1] in "+-[" and text != "-")


def table(rows: list[list[str]]) -> list[str]:
    """Columns aligned, the header with its column: figures right, words left."""
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    right = [any(_numeric(row[column]) for row in rows[1:]) for column in range(len(widths))]
    return ["  ".join(text.rjust(width) if flush else text.ljust(width)
                      for text, width, flush in zip(row, widths, right, strict=True)).rstrip()
            for row in rows]


def write_text(document: Document) -> str:
    lines = [headline(document), "", *table([PAIR_HEADER, *map(pair_cells,
                                                                document["pairs"])])]
    if document["ranking"]:
        lines += ["", "ranking (openskill, Plackett-Luce):",
                  *table([RANK_HEADER, *ranking_rows(document)])]
    extra = notes(document)
    return "\n".join([*lines, *(["", *extra] if extra else [])]) + "\n"


def markdown_table(rows: list[list[str]]) -> list[str]:
    def line(cells: list[str]) -> str:
        return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"

    return [line(rows[0]), "|" + "---|" * len(rows[0]), *map(line, rows[1:])]


def write_markdown(document: Document) -> str:
    lines = [f"### {headline(document)}", "", *markdown_table(
        [PAIR_HEADER, *map(pair_cells, document["pairs"])])]
    if document["ranking"]:
        lines += ["", "Ranking (openskill, Plackett-Luce):", "",
                  *markdown_table([RANK_HEADER, *ranking_rows(document)])]
    extra = notes(document)
    return "\n".join([*lines, *([""] + [f"- {line}" for line in extra] if extra else [])]
                     ) + "\n"


def write_json(document: Document) -> str:
    return json.dumps(document, indent=2) + "\n"


#: ``--format``: the writers by name (their names are ``cli/choices.ARENA_FORMATS``).
FORMATS: dict[str, Callable[[Document], str]] = {
    "text": write_text, "json": write_json, "markdown": write_markdown}


__all__ = ["FORMATS", "elo_text", "forced_text", "write_json", "write_markdown", "write_text"]
