"""The text report: each problem where it is, a score sheet a game, the counts last.

Built from :mod:`scala40cli.model.results` values only, so the referee never formats
anything. The score sheet's pieces (who closed a hand, a penalty taken as declared, the
rules line, the teams) are shared with the Markdown and HTML reports and the
comparison, so that every format says a thing in the same words.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol, TextIO

from scala40cli.audit.records import FileEnd, FileError, JudgedGame, Record, records_of
from scala40cli.judging.rulebook.rules import CLASSIC, PRESETS
from scala40cli.model.results import (
    Closing,
    FileResult,
    GameResult,
    HandResult,
    Problem,
    TagValue,
    TeamResult,
)

# terminal_safe moved to escape.py; it is re-exported for the modules that import it here.
from scala40cli.reporting.base import Reporter
from scala40cli.reporting.escape import terminal_cell, terminal_line, workflow_neutral
from scala40cli.reporting.escape import terminal_safe as terminal_safe
from scala40cli.reporting.summary import Summary, Tally
from scala40cli.reporting.widths import display_width, pad
from scala40cli.translation.catalogue import ENGLISH, Catalogue


class Writer(Protocol):
    """Where the text report goes: a text stream, or anything that takes its text
    (the colouring of :mod:`scala40cli.reporting.color`)."""

    def write(self, text: str, /) -> int: ...


#: Tags that the sheet shows in its own lines (players, rules) rather than as they are.
_OWN_LINE_TAGS = frozenset({"Players", "Rules", "Rule"})


# --- text: problems ---------------------------------------------------------------------


def problem_lines(result: FileResult) -> list[str]:
    """Every problem of a file as ``path:line:column: CODE message``, in line order.

    File errors and game violations are merged, so the list reads down the file like
    a compiler's. A problem that carries its source line (a syntax error) is followed
    by that line and a caret under the column. The lines are safe to print as they are
    (see :func:`problem_block`): every command shows a problem through here.
    """
    problems = list(result.errors)
    problems += [problem for game in result.games for problem in game.violations]
    problems.sort(key=lambda problem: (problem.line, problem.column))
    return [line for problem in problems for line in problem_block(result.path, problem)]


def problem_block(path: str, problem: Problem) -> list[str]:
    """One problem: ``path:line:column: CODE message``, and its source line and a caret
    when it carries one.

    The file name, the message and the source line come from the log or its author, so
    they are escaped here, once for every command that prints a problem: no control or
    bidi character reaches a terminal, no line starts a CI workflow command."""
    head = f"{terminal_line(path)}:{problem.line}:{problem.column}: {problem.code} "
    lines = [head + terminal_line(problem.message)]
    if problem.context is not None:
        lines += caret_lines(problem.context, problem.column)
    return [workflow_neutral(line) for line in lines]


def caret_lines(source: str, column: int) -> list[str]:
    """The source line (escaped) and a caret under ``column`` (1-based), both indented.

    The caret is placed under the escaped text (``\\x1b`` takes four columns). Tabs
    before the column are copied into the caret line, so the caret stays under the
    spot whatever width the terminal gives a tab.
    """
    text = terminal_line(source.rstrip("\r\n"))
    raw_before = source[: max(column - 1, 0)]
    before = terminal_line(raw_before)
    pad = "".join("\t" if char == "\t" else " " for char in before)
    pad += " " * (max(column - 1, 0) - len(raw_before))
    return [f"    {text}", f"    {pad}^"]


# --- text: score sheet ------------------------------------------------------------------

_CLOSED_BY: dict[Closing, str] = {
    Closing.NORMAL: "{closer}",
    Closing.IN_ONE_GO: "{closer} (in one go)",
    Closing.VOID: "void",
    Closing.UNFINISHED: "unfinished",
}


def score_sheet(path: str, game: GameResult, words: Catalogue = ENGLISH) -> list[str]:
    """The lines of one game's sheet: header, one row a hand, totals, outcome, in the
    language of ``words`` (the tags' names and values as the log writes them)."""
    lines = [words.gettext("{path}: game {index} (line {line})", path=path, index=game.index,
                           line=game.line)]
    lines += ["  " + words.gettext("{name}: {value}", name=tag.name, value=", ".join(tag.values))
              for tag in _shown_tags(game.tags)]
    facts = [("Players", ", ".join(game.players) or words.gettext("(none)")),
             ("Rules", rules_summary(game.rules, game.rule_sources, game.preset, words))]
    if game.teams:
        facts.append(("Teams", teams_summary(game.teams)))
    lines += ["  " + words.gettext("{name}: {value}", name=words.gettext(name), value=value)
              for name, value in facts]
    lines.append("")
    lines += ["  " + row for row in hand_table(game, words)]
    lines.append("")
    lines += ["  " + line for line in outcome_lines(game, words)]
    return lines


def _shown_tags(tags: Sequence[TagValue]) -> list[TagValue]:
    return [tag for tag in tags if tag.name not in _OWN_LINE_TAGS]


_PRESET_SOURCE = "preset "


def rules_summary(rules: Mapping[str, str], sources: Mapping[str, str] | None = None,
                  preset: str | None = None, words: Catalogue = ENGLISH) -> str:
    """The preset, then only the switches whose value differs from it, with where each
    was set: ``classic (log line 3) + opening_points=50 (log line 4)``.

    A preset chosen by a tag, the command line or a rules file says where, when a
    switch still has its value from it: ``scala50 (--rules)``. A rules file that
    restates its preset (as ``scala40 rules PRESET`` writes it) adds only what it
    changes. Without sources (a result built by hand), the switches that differ from
    classic. Where each was set is said in the language of ``words`` ("riga 3 del
    registro"); presets, keys and values as they are.
    """
    if not sources:
        return _over("classic", rules, {key: "" for key in rules}, CLASSIC.as_tokens())
    sources = {key: _where(source, words) for key, source in sources.items()}
    label = next((source.removeprefix(_PRESET_SOURCE) for source in sources.values()
                  if source.startswith(_PRESET_SOURCE)), None)
    name = preset or (label.split(" (")[0] if label else "classic")
    base = PRESETS[name].rules.as_tokens() if name in PRESETS else CLASSIC.as_tokens()
    setting = {key: source for key, source in sources.items()
               if not source.startswith(_PRESET_SOURCE)}
    return _over(label or name, rules, setting, base)


#: How the rulebook says where a rule was set, as the catalogues hold it to say it again
#: (:meth:`~scala40cli.translation.catalogue.Catalogue.translate`); ``--set``,
#: ``--rules`` and a preset's name are said as they are.
RULE_SOURCES = ("log line {line}", "rules file {name}", "{how}, with {key}={value}")


def _where(source: str, words: Catalogue) -> str:
    """Where a rule was set, in the language of ``words``: ``log line 3``, ``rules file
    r.toml``, ``preset classic (log line 3)`` (the preset's name as it is)."""
    if source.startswith(_PRESET_SOURCE):
        said = re.sub(r"\(([^()]*)\)$", lambda found: f"({words.translate(found.group(1))})",
                      source.removeprefix(_PRESET_SOURCE))
        return _PRESET_SOURCE + said
    return words.translate(source)


def _over(preset: str, rules: Mapping[str, str], setting: Mapping[str, str],
          base: Mapping[str, str]) -> str:
    changed = [f"{key}={rules.get(key, '?')}" + (f" ({source})" if source else "")
               for key, source in setting.items() if rules.get(key) != base.get(key)]
    return " + ".join([preset, ", ".join(changed)]) if changed else preset


def teams_summary(teams: Sequence[TeamResult]) -> str:
    """``A (Anna, Carla) 123; B (Bruno, Dario) 40``: each team, its partners, its total."""
    return "; ".join(f"{team.name} ({', '.join(team.players)}) {team.total}" for team in teams)


def hand_table(game: GameResult, words: Catalogue = ENGLISH) -> list[str]:
    """One row a hand, one column a player (the hand's penalty), who closed, totals.

    A player not dealt in (already eliminated) has an empty cell for that hand.
    """
    if not game.hands:
        return [words.gettext("No hands played.")]
    header = [words.gettext("Hand"), *game.players, words.gettext("Closed by")]
    rows = [_hand_row(hand, game.players, words) for hand in game.hands]
    totals = [words.gettext("Total"), *(_cell(game.totals, player) for player in game.players),
              ""]
    table = align_columns([header, *rows, totals], rule_before=(1, len(rows) + 1))
    return table + [words.gettext(legend) for legend in sheet_legends(game)]


#: The mark of a penalty taken as declared on the score line, and what it means.
DECLARED_MARK = "*"
DECLARED_LEGEND = f"{DECLARED_MARK} declared on the score line: the referee could not verify it"
#: The mark of a penalty of unknown cards that no score line gave (C005): the cards
#: seen are all the player is charged.
UNSCORED_MARK = "?"
UNSCORED_LEGEND = f"{UNSCORED_MARK} the cards seen only: no score line gave the penalty of " \
    "the unknown cards"


def penalty_mark(hand: HandResult, player: str) -> str:
    """How a penalty the referee could not verify is marked: taken from the score line
    (``*``), or counted from the cards seen where the hand has no score line (``?``)."""
    if player not in hand.unverified:
        return ""
    return DECLARED_MARK if hand.declared is not None else UNSCORED_MARK


def sheet_legends(game: GameResult) -> list[str]:
    """What the marks of a game's sheet mean, for the marks it shows."""
    marks = {penalty_mark(hand, player) for hand in game.hands for player in hand.unverified}
    return [legend for mark, legend in ((DECLARED_MARK, DECLARED_LEGEND),
                                        (UNSCORED_MARK, UNSCORED_LEGEND)) if mark in marks]


def penalty_text(hand: HandResult, player: str) -> str:
    """A hand's penalty as the sheets show it, marked when the referee could not
    verify it (:func:`penalty_mark`)."""
    return f"{hand.penalties[player]}{penalty_mark(hand, player)}"


def closed_by(hand: HandResult, words: Catalogue = ENGLISH) -> str:
    """Who closed a hand and how, as the sheets show it: ``Anna (in one go)``, ``void``."""
    text = words.gettext(_CLOSED_BY[hand.closing], closer=hand.closer or "?")
    return text + words.gettext(", play-off") if hand.playoff else text


def _hand_row(hand: HandResult, players: Sequence[str], words: Catalogue) -> list[str]:
    penalties = (penalty_text(hand, player) if player in hand.penalties else ""
                 for player in players)
    return [str(hand.number), *penalties, closed_by(hand, words)]


def _cell(scores: dict[str, int], player: str) -> str:
    return str(scores[player]) if player in scores else ""


def align_columns(rows: list[list[str]], rule_before: tuple[int, ...]) -> list[str]:
    """Rows padded into columns: the first and last (labels) to the left, the scores
    between them to the right so that units line up. A rule of dashes goes before each
    row index of ``rule_before``. Each cell is escaped (:func:`terminal_cell`) and measured
    as it is printed, in terminal columns.
    """
    rows = [[terminal_cell(cell) for cell in row] for row in rows]
    widths = [max(display_width(row[index]) for row in rows) for index in range(len(rows[0]))]
    labels = {0, len(widths) - 1}
    lines: list[str] = []
    for number, row in enumerate(rows):
        if number in rule_before:
            lines.append("  ".join("-" * width for width in widths))
        cells = [
            pad(cell, width, right=index not in labels)
            for index, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    return lines


def outcome_lines(game: GameResult, words: Catalogue = ENGLISH) -> list[str]:
    """Eliminations, the winner, and whether the game was played by the rules."""
    lines: list[str] = []
    if game.eliminated:
        outs = ", ".join(words.gettext("{player} in hand {hand}", player=out.player,
                                       hand=out.hand) for out in game.eliminated)
        lines.append(words.gettext("Eliminated: {players}", players=outs))
    lines.append(_winner_line(game, words))
    count = len(game.violations)
    lines.append(words.gettext("No violations.") if count == 0 else words.ngettext(
        "{count} violation (see above).", "{count} violations (see above).", count))
    if game.ignored:
        codes = ", ".join(sorted({str(out.problem.code) for out in game.ignored}))
        lines.append(words.ngettext("{count} violation accepted as known ({codes}), not counted.",
                                    "{count} violations accepted as known ({codes}), not "
                                    "counted.", len(game.ignored), codes=codes))
    return lines


def _winner_line(game: GameResult, words: Catalogue) -> str:
    if game.winner is not None:
        return words.gettext("Winner: {player}", player=game.winner)
    if game.finished:
        return words.gettext("Match finished with no winner.")
    if any(tag.name == "Result" and tag.values == ("*",) for tag in game.tags):
        return words.gettext("Match in progress (its log was saved while it was played).")
    return words.gettext("Match not finished.")


class _TextStream:
    """The text report written as the audit goes: for each game, its problems (its own
    file errors, such as a syntax error in it, and its violations, in line order) then
    its score sheet; a file error outside any game where it is found; the counts last.
    A blank line stands before and after each sheet. Every line is made safe for a
    terminal and for a CI runner that reads workflow commands, because logs and names
    come from anyone. Holds only the file errors of the game being read."""

    def __init__(self, stream: Writer, quiet: bool, words: Catalogue = ENGLISH) -> None:
        self.stream, self.quiet, self.words = stream, quiet, words
        self.tally = Tally()
        self.last: str | None = None  # "problems", "sheet" or None before anything
        self.pending: list[Problem] = []  # file errors waiting for their game

    def _block(self, kind: str, lines: list[str]) -> None:
        if not lines:
            return
        blank = self.last is not None and "sheet" in (kind, self.last)
        text = ("\n" if blank else "") + "\n".join(lines) + "\n"
        self.stream.write(workflow_neutral(terminal_safe(text)))
        self.last = kind

    def _problems(self, path: str, problems: list[Problem]) -> None:
        problems.sort(key=lambda problem: (problem.line, problem.column))
        self._block("problems", [line for p in problems for line in problem_block(path, p)])

    def record(self, record: Record) -> None:
        self.tally.add(record)
        shown = terminal_line(record.path)
        match record:
            case FileError(problem=problem):
                self.pending.append(problem)
            case JudgedGame(game=game):
                self._problems(shown, [*self.pending, *game.violations])
                self.pending = []
                if not self.quiet:
                    self._block("sheet", score_sheet(shown, game, self.words))
            case FileEnd():
                self._problems(shown, self.pending)
                self.pending = []

    def close(self) -> Summary:
        summary = self.tally.summary()
        self.stream.write(("\n" if self.last else "") + summary.sentence(self.words) + "\n")
        return summary


def write_text(records: Iterable[Record], stream: Writer, *, quiet: bool = False,
               words: Catalogue = ENGLISH) -> Summary:
    """Write the text report of a streamed audit (see ``pipeline.stream_records``); only
    the problems and the counts when ``quiet``. Keeps nothing but the counts. The
    report's own words are in the language of ``words``; the problems come as the
    records carry them (see :mod:`scala40cli.reporting.translated`)."""
    writer = _TextStream(stream, quiet, words)
    for record in records:
        writer.record(record)
    return writer.close()


def render_text(files: Sequence[FileResult], *, quiet: bool = False) -> str:
    """The text report of results already collected, as ``replay`` prints it."""
    stream = io.StringIO()
    write_text(records_of(files), stream, quiet=quiet)
    return stream.getvalue()


class TextReporter(Reporter):
    """For each file, its errors where they are found and each game's violations then
    its score sheet; the counts last. Keeps nothing of a game once it is printed."""

    name = "text"

    def __init__(self, quiet: bool = False, words: Catalogue = ENGLISH) -> None:
        self.quiet = quiet
        self.words = words

    def write_records(self, records: Iterable[Record], stream: TextIO) -> Summary:
        return write_text(records, stream, quiet=self.quiet, words=self.words)
