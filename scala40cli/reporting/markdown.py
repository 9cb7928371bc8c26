"""Score sheets in Markdown: for ``$GITHUB_STEP_SUMMARY`` and ``scala40 report``.

The same content as the HTML report (:mod:`scala40cli.reporting.html_report`): for each game its
title and tags, players and rules, the sheet (one row a hand, one column a player, who
closed and how, the totals), the eliminations and the winner, the violations, and the
running totals (:mod:`scala40cli.reporting.charts`) that the HTML page draws as a chart.

Why a table of running totals rather than a Mermaid ``xychart-beta`` block for the
chart: xychart-beta draws no legend (a line cannot be told to be Anna's or Bruno's),
no dashed threshold line, and no line that stops at an elimination; it is a beta that
GitHub may render differently tomorrow, and every other viewer (a terminal, an editor,
a mail) shows its source. A table, one row a player read left to right like a chart's
line, is exact, renders everywhere GitHub-flavoured Markdown does, and a sparkline
column (Unicode blocks scaled to the threshold) still shows the trend at a glance.
"""

from __future__ import annotations

from collections.abc import Sequence

from scala40cli.model.results import FileResult, GameResult, Problem
from scala40cli.reporting.charts import Series, chart_series
from scala40cli.reporting.escape import (
    markdown_code,
    markdown_text,
    terminal_safe,
    workflow_neutral,
)
from scala40cli.reporting.summary import Summary
from scala40cli.reporting.text_report import (
    closed_by,
    penalty_text,
    rules_summary,
    sheet_legends,
    teams_summary,
)
from scala40cli.translation.catalogue import ENGLISH, Catalogue

_OWN_TAGS = frozenset({"Players", "Rules", "Rule", "Event"})
_BLOCKS = "▁▂▃▄▅▆▇█"
#: Markdown text and code spans, escaped (:mod:`scala40cli.reporting.escape`).
_text, _code = markdown_text, markdown_code


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def game_markdown(path: str, game: GameResult, words: Catalogue = ENGLISH) -> list[str]:
    """One game: a heading, its facts, score sheet, outcome, running totals, violations,
    in the language of ``words`` (the values of the log as written, escaped)."""
    event = ", ".join(v for t in game.tags if t.name == "Event" for v in t.values)
    title = "### " + words.gettext("{path}: game {index}", path=_code(path), index=game.index)
    title += f" ({_text(event)})" if event else ""
    lines = [title, "", *_facts(game, words), ""]
    lines += _sheet(game, words)
    lines += _outcome(game, words)
    if game.hands:
        lines += running_totals(game, words)
    lines += _violations(game.violations, words)
    return lines


def _facts(game: GameResult, words: Catalogue) -> list[str]:
    facts = [(words.gettext("Players"), ", ".join(game.players) or words.gettext("(none)"))]
    facts += [(t.name, ", ".join(t.values)) for t in game.tags if t.name not in _OWN_TAGS]
    facts.append((words.gettext("Rules"),
                  rules_summary(game.rules, game.rule_sources, game.preset, words)))
    if game.teams:
        facts.append((words.gettext("Teams"), teams_summary(game.teams)))
    # Two spaces end a line with a line break, so the facts stay one a line.
    return [words.gettext("{name}: {value}", name=name, value=_text(value)) + "  "
            for name, value in facts]


def _sheet(game: GameResult, words: Catalogue) -> list[str]:
    if not game.hands:
        return [words.gettext("No hands played."), ""]
    players = [_text(player) for player in game.players]
    lines = [_row([words.gettext("Hand"), *players, words.gettext("Closed by")])]
    lines.append(_row(["---:", *("---:" for _ in game.players), "---"]))
    for hand in game.hands:
        scores = [_text(penalty_text(hand, p)) if p in hand.penalties else ""
                  for p in game.players]
        lines.append(_row([str(hand.number), *scores, _text(closed_by(hand, words))]))
    totals = [f"**{game.totals.get(p, 0)}**" for p in game.players]
    lines.append(_row([f"**{words.gettext('Total')}**", *totals, ""]))
    for legend in sheet_legends(game):
        lines += ["", _text(words.gettext(legend)) + "."]
    return [*lines, ""]


def _outcome(game: GameResult, words: Catalogue) -> list[str]:
    lines = []
    outs = ", ".join(words.gettext("{player} (hand {hand})", player=_text(e.player), hand=e.hand)
                     for e in game.eliminated)
    if outs:
        lines.append(words.gettext("Eliminated: {players}", players=outs) + "  ")
    if game.winner:
        lines.append(words.gettext("Winner: {player}", player=f"**{_text(game.winner)}**"))
    else:
        lines.append(words.gettext("Match finished with no winner.") if game.finished
                     else words.gettext("Match not finished."))
    return [*lines, ""]


def running_totals(game: GameResult, words: Catalogue = ENGLISH) -> list[str]:
    """The chart as a table: one row a player (a team in a team match), one column a
    hand, the total after it; ``out`` where the total reached the threshold."""
    series = chart_series(game)
    threshold = game.elimination_threshold
    limit = (words.gettext("out at {threshold}", threshold=threshold)
             if threshold is not None else words.gettext("no elimination"))
    who = words.gettext("Team") if game.teams else words.gettext("Player")
    hands = [str(hand.number) for hand in game.hands]
    lines = [words.gettext("Running totals after each hand ({limit}):", limit=limit), ""]
    lines.append(_row([who, words.gettext("Trend"), *hands]))
    lines.append(_row(["---", "---", *("---:" for _ in hands)]))
    low = min([0, *(total for line in series for _, total in line.points)])
    high = max([1, *(total for line in series for _, total in line.points),
                *([threshold] if threshold is not None else [])])
    lines += [_series_row(line, game, low, high, words) for line in series]
    return [*lines, ""]


def _series_row(line: Series, game: GameResult, low: int, high: int,
                words: Catalogue) -> str:
    by_hand = dict(line.points[1:])
    outs = {e.hand for e in game.eliminated if e.player in line.members}
    cells = []
    for position, hand in enumerate(game.hands, start=1):
        total = by_hand.get(position)
        out = total is not None and hand.number in outs
        cells.append("" if total is None else
                     words.gettext("{total} out", total=total) if out else str(total))
    trend = "".join(sparkline_block(total, low, high) for _, total in line.points[1:])
    return _row([_text(line.name), f"`{trend}`" if trend else "", *cells])


def sparkline_block(total: int, low: int, high: int) -> str:
    """The Unicode block whose height is ``total`` between ``low`` and ``high``."""
    share = (total - low) / max(high - low, 1)
    return _BLOCKS[min(max(round(share * (len(_BLOCKS) - 1)), 0), len(_BLOCKS) - 1)]


def _violations(problems: Sequence[Problem], words: Catalogue) -> list[str]:
    if not problems:
        return [words.gettext("No violations."), ""]
    lines = [words.ngettext("{count} violation:", "{count} violations:", len(problems)), ""]
    lines += ["- " + words.gettext("line {line}: {text}", line=v.line,
                                   text=f"`{v.code}` {_text(v.message)}") for v in problems]
    return [*lines, ""]


def file_error_markdown(path: str, problem: Problem, words: Catalogue = ENGLISH) -> str:
    """A file's error as an item of a list: where, its code, its message."""
    return "- " + words.gettext("{path} line {line}: {text}", path=_code(path),
                                line=problem.line,
                                text=f"`{problem.code}` {_text(problem.message)}")


def markdown_report(files: Sequence[FileResult], words: Catalogue = ENGLISH) -> str:
    """Every game of every file, file errors, and the counts, as one Markdown page, in
    the language of ``words`` (the problems' messages come as the results carry them:
    see :mod:`scala40cli.reporting.translated`)."""
    lines = ["## scala40", "", Summary.of(files).sentence(words), ""]
    for result in files:
        lines += [file_error_markdown(result.path, problem, words) for problem in result.errors]
        if result.errors:
            lines.append("")
        for game in result.games:
            lines += game_markdown(result.path, game, words)
    return workflow_neutral(terminal_safe("\n".join(lines) + "\n"))
