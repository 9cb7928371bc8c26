"""The declarations of ``scala40 show`` and ``scala40 view``, the commands that let a
person see the table; each runs the function of its own module when it is called
(:mod:`scala40cli.cli.show_command`, :mod:`scala40cli.cli.view_command`), so that
building the command line imports no referee."""

from __future__ import annotations

from typing import Any

import click

from scala40cli.cli.choices import SHOW_FORMATS
from scala40cli.cli.options import format_option, input_format_option, rule_options

_INPUT_HELP = ("Read FILE as a .s40 log or as JSON Lines events. Default: jsonl for a "
               "FILE ending in .jsonl, else s40.")


@click.command("show")
@click.argument("place", metavar="FILE[:LINE]")
@format_option(SHOW_FORMATS, dest="show_format", default="text",
               help="text: the table for a person; json: for programs "
               "(schemas/show.schema.json).")
@rule_options()
@input_format_option(_INPUT_HELP)
def show(**options: Any) -> None:
    """Show the table as the referee holds it after LINE of FILE: each player's cards
    (seen, and how many unknown), the numbered melds, the discard pile, the stock, the
    totals, and the violations and notes up to that line.

    LINE defaults to the file's last line; the game shown is the one that holds the
    line. On a line with a violation, the table before the line is shown too. Exit
    status 0 when the table is shown; 1: the file cannot be read; 2: a wrong command
    line (a line the file does not have).
    """
    from scala40cli.cli.show_command import run_show

    run_show(**options)


@click.command("view")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--output", "-o", type=click.Path(file_okay=True, allow_dash=False),
              help="The page to write (one file), or a folder for one page a FILE. "
              "Default: FILE's name with .html, next to it.")
@rule_options()
@input_format_option(_INPUT_HELP)
def view(**options: Any) -> None:
    """Write one self-contained HTML page a FILE to step through its games: the table
    drawn as cards and the log beside it, the current line highlighted, violations
    and notes marked. No network, no external script or font.

    Keys: left/right a line, up/down a turn, page up/down a hand, Home/End, n/p the
    next and previous violation; click a log line to go to it. Exit status 0: every
    page written; 1: a file could not be read or a page written; 2: a wrong command
    line.
    """
    from scala40cli.cli.view_command import run_view

    run_view(**options)
