"""``scala40 show FILE[:LINE]``: the table as the referee holds it after a line.

The file is read whole (``-``: standard input) and the game that holds the line stepped
(:mod:`scala40cli.viewing`); by default the line is the file's last. A line before the
first game shows the empty table and says so. A file that is no game log, or a line
in a game that cannot be judged, is said in one line beginning ``scala40:``, as the
other commands say what they cannot read (exit 1); a line the file does not have, or
a ``:LINE`` that is no line number, is a wrong command line (exit 2).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from typing import Any, NoReturn

import click

from scala40cli.cli import settings
from scala40cli.cli.language import chosen_words
from scala40cli.cli.status import EXIT_PROBLEMS
from scala40cli.model.results import Problem
from scala40cli.reading.inputs import STDIN, input_format_of, sniff_format
from scala40cli.reporting.escape import json_safe, terminal_line
from scala40cli.translation.catalogue import ENGLISH, Catalogue
from scala40cli.viewing.documents import empty_document, show_document
from scala40cli.viewing.loading import Unviewable, ViewedFile, load_file, view_bytes
from scala40cli.viewing.text_view import show_text

#: What a line number is, for the messages of a wrong one.
LINE_NUMBER = "LINE is the number of a line of the file, from 1 (game.s40:19)"
#: How standard input is named in what ``show`` prints, as in ``replay``'s reports.
STDIN_NAME = "<stdin>"
#: The longest problem quoted in a one-line error (a syntax error can quote a long word).
MOST_QUOTED = 200

_SIGNED_NUMBER = re.compile(r"\s*[-+]?\d+\s*")


def show_json(document: dict[str, Any], words: Catalogue = ENGLISH) -> str:
    """The document as JSON; its strings escaped as a JSON report's are. It stays in
    English whatever ``words`` (the JSON reports do too)."""
    return json_safe(json.dumps(document, ensure_ascii=False, indent=2)) + "\n"


#: ``show --format``: how each format writes the document (``choices.SHOW_FORMATS``),
#: its words in a language.
RENDERERS: dict[str, Callable[[dict[str, Any], Catalogue], str]] = {
    "text": show_text, "json": show_json}


def split_place(argument: str) -> tuple[str, int | None]:
    """``FILE:LINE`` as the file and the line. A whole argument that names a file, or
    one without ``:``, is the file alone. After the last ``:``, a tail that is not a
    line number is a usage error when it looks like a number (``-1``) or when what
    stands before it is a file (``game.s40:abc``); otherwise the whole argument is
    taken as a file's name (``C:\\logs\\game.s40``)."""
    path, colon, tail = argument.rpartition(":")
    if not colon or os.path.exists(argument):
        return argument, None
    if tail.isascii() and tail.isdecimal():
        return path, int(tail)
    if path == STDIN or _SIGNED_NUMBER.fullmatch(tail) or os.path.isfile(path):
        raise click.BadParameter(f"{tail!r} after {path!r} is not a line number: "
                                 f"{LINE_NUMBER}", param_hint="'FILE[:LINE]'")
    return argument, None


def run_show(*, place: str, show_format: str,
             rules_option: str | None, set_options: tuple[str, ...],
             input_format: str | None, lang_option: str | None = None) -> None:
    """Print the table after the line of ``place``. Exit 0 when it is shown, whatever
    the game holds (``replay`` judges it); the text in the language of ``--lang``."""
    choice = settings.rule_choice(rules_option, set_options)
    words = chosen_words(lang_option)
    path, line = split_place(place)
    try:
        if path == STDIN:
            data = _standard_input()
            chosen = input_format_of(STDIN_NAME, input_format) or sniff_format(data)
            viewed = view_bytes(data, STDIN_NAME, choice, chosen, at_line=line or 0)
        else:
            viewed = load_file(path, choice, input_format, at_line=line or 0)
    except Unviewable as error:
        _fail(words.gettext("{path}: cannot read: {reason}", path=error.path,
                            reason=error.reason))
    last = len(viewed.lines)
    if line is None:
        line = last
    if not viewed.starts:
        _fail(_no_game(viewed, words))
    if line < 1:
        raise click.BadParameter(f"no line {line}: {LINE_NUMBER}", param_hint="'FILE[:LINE]'")
    if line > last:
        raise click.BadParameter(f"{viewed.path} has {last} lines, no line {line}",
                                 param_hint="'FILE[:LINE]'")
    if line < viewed.starts[0]:
        document = empty_document(viewed, line)
    else:
        game = viewed.game_at(line)
        if game is None:
            _fail(_not_judged(viewed, line, words))
        document = show_document(viewed, game, line)
    click.echo(RENDERERS[show_format](document, words), nl=False)


def _standard_input() -> bytes:
    from scala40cli.audit.pipeline import stdin_bytes

    try:
        return stdin_bytes().read()
    except OSError as error:
        raise Unviewable(STDIN_NAME, str(error.strerror or error)) from None


def _fail(message: str) -> NoReturn:
    """Say what cannot be shown, in one line, and exit 1."""
    click.echo(f"scala40: {terminal_line(message)}", err=True)
    click.get_current_context().exit(EXIT_PROBLEMS)


def _quoted(problem: Problem, words: Catalogue) -> str:
    said = f"{problem.line}:{problem.column}: {problem.code} {words.translate(problem.message)}"
    return said if len(said) <= MOST_QUOTED else said[:MOST_QUOTED - 1] + "\u2026"


def _no_game(viewed: ViewedFile, words: Catalogue) -> str:
    """Why a file with no game shows nothing: its first problem, or that it is empty."""
    first = viewed.first_error()
    if first is None:
        return words.gettext("{path} holds no game", path=viewed.path)
    return words.gettext("{path} is not a game log (its first problem: {problem})",
                         path=viewed.path, problem=_quoted(first, words))


def _not_judged(viewed: ViewedFile, line: int, words: Catalogue) -> str:
    """Why the game of ``line`` is not shown: the first problem in its lines."""
    index = max(i for i, start in enumerate(viewed.starts) if start <= line)
    end = viewed.starts[index + 1] - 1 if index + 1 < len(viewed.starts) else None
    first = viewed.first_error(viewed.starts[index], end)
    said = {"line": line, "path": viewed.path, "game": index + 1}
    if first is None:
        return words.gettext("line {line} of {path} is in game {game}, which cannot be "
                             "judged", **said)
    return words.gettext("line {line} of {path} is in game {game}, which cannot be judged "
                         "({problem})", problem=_quoted(first, words), **said)
