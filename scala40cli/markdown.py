"""Score sheets in Markdown: for ``$GITHUB_STEP_SUMMARY`` and ``scala40 report``.

The same sheet as the text report (one row a hand, one column a player, totals, who
closed and how, eliminations, the winner), as GitHub-flavoured Markdown tables.
"""

from __future__ import annotations

from collections.abc import Sequence

from .report import Summary, closed_by
from .results import FileResult, GameResult


def _cell(text: str) -> str:
    """A table cell: pipes and line ends would break the row."""
    return text.replace("|", "\\|").replace("\n", " ")


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(_cell(c) for c in cells) + " |"


def game_markdown(path: str, game: GameResult) -> list[str]:
    """One game: a heading, its score sheet as a table, the outcome, its violations."""
    event = next((", ".join(t.values) for t in game.tags if t.name == "Event"), "")
    title = f"### {_cell(path)}: game {game.index}" + (f" ({_cell(event)})" if event else "")
    lines = [title, ""]
    if game.hands:
        lines.append(_row(["Hand", *game.players, "Closed by"]))
        lines.append(_row(["---:", *("---:" for _ in game.players), "---"]))
        for hand in game.hands:
            scores = [str(hand.penalties[p]) if p in hand.penalties else "" for p in game.players]
            lines.append(_row([str(hand.number), *scores, closed_by(hand)]))
        totals = [f"**{game.totals.get(p, 0)}**" for p in game.players]
        lines.append(_row(["**Total**", *totals, ""]))
        lines.append("")
    else:
        lines += ["No hands played.", ""]
    outs = ", ".join(f"{e.player} (hand {e.hand})" for e in game.eliminated)
    if outs:
        lines.append(f"Eliminated: {outs}  ")
    if game.winner:
        lines.append(f"Winner: **{_cell(game.winner)}**")
    else:
        lines.append("Match finished with no winner." if game.finished else "Match not finished.")
    lines.append("")
    if game.violations:
        lines.append(f"{len(game.violations)} violations:")
        lines.append("")
        lines += [f"- line {v.line}: `{v.code}` {_cell(v.message)}" for v in game.violations]
        lines.append("")
    return lines


def markdown_report(files: Sequence[FileResult]) -> str:
    """Every game of every file, file errors, and the counts, as one Markdown page."""
    lines = ["## scala40", "", Summary.of(files).sentence(), ""]
    for result in files:
        for problem in result.errors:
            lines.append(f"- `{_cell(result.path)}` line {problem.line}: `{problem.code}` "
                         f"{_cell(problem.message)}")
        if result.errors:
            lines.append("")
        for game in result.games:
            lines += game_markdown(result.path, game)
    return "\n".join(lines) + "\n"
