"""``scala40 show FILE[:LINE]``: the table as the referee holds it after a line.

The file is read whole and its games stepped (:mod:`scala40cli.viewing`); the game
shown is the one that holds the line (by default the file's last line).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any

import click

from scala40cli.cli import settings
from scala40cli.cli.language import chosen_words
from scala40cli.reporting.escape import json_safe
from scala40cli.translation.catalogue import ENGLISH, Catalogue
from scala40cli.viewing.documents import show_document
from scala40cli.viewing.loading import Unviewable, load_file
from scala40cli.viewing.text_view import show_text


def show_json(document: dict[str, Any], words: Catalogue = ENGLISH) -> str:
    """The document as JSON; its strings escaped as a JSON report's are. It stays in
    English whatever ``words`` (the JSON reports do too)."""
    return json_safe(json.dumps(document, ensure_ascii=False, indent=2)) + "\n"


#: ``show --format``: how each format writes the document (``choices.SHOW_FORMATS``),
#: its words in a language.
RENDERERS: dict[str, Callable[[dict[str, Any], Catalogue], str]] = {
    "text": show_text, "json": show_json}


def split_place(argument: str) -> tuple[str, int | None]:
    """``FILE:LINE`` as the file and the line; a whole argument that names a file, or
    one without a ``:NUMBER`` tail, is the file alone."""
    path, colon, tail = argument.rpartition(":")
    if not colon or not tail.isdecimal() or not tail.isascii() or os.path.exists(argument):
        return argument, None
    return path, int(tail)


def run_show(*, place: str, show_format: str,
             rules_option: str | None, set_options: tuple[str, ...],
             input_format: str | None, lang_option: str | None = None) -> None:
    """Print the table after the line of ``place``. Exit 0 when it is shown, whatever
    the game holds (``replay`` judges it); the text in the language of ``--lang``."""
    choice = settings.rule_choice(rules_option, set_options)
    path, line = split_place(place)
    try:
        viewed = load_file(path, choice, input_format, at_line=line or 0)
    except Unviewable as error:
        raise click.ClickException(str(error)) from None
    last = len(viewed.lines)
    if line is None:
        line = last
    if line < 1 or line > max(last, 1):
        raise click.BadParameter(f"{path} has {last} lines, no line {line}",
                                 param_hint="'FILE[:LINE]'")
    game = viewed.game_at(line)
    if game is None:
        why = "; ".join(f"{p.line}:{p.column}: {p.code} {p.message}" for p in viewed.errors)
        raise click.BadParameter(f"line {line} of {path} is in no game that can be judged"
                                 + (f" ({why})" if why else ""), param_hint="'FILE[:LINE]'")
    document = show_document(viewed, game, line)
    click.echo(RENDERERS[show_format](document, chosen_words(lang_option)), nl=False)
