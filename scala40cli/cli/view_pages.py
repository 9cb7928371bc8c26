"""Where ``scala40 view`` writes a log's page, and which pages a report can link to.

Kept apart from :mod:`scala40cli.cli.view_command` so that ``scala40 report`` finds
the pages without importing the viewer.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from collections.abc import Iterable
from pathlib import PurePath
from urllib.parse import quote

from scala40cli.audit.sources import STDIN_ARGUMENT
from scala40cli.cli.output import names_a_file


def page_path(path: str, output: str | None, several: bool) -> str:
    """Where the page of ``path`` goes: ``output`` itself for one file, a file named
    after the log in the folder ``output`` for several, else next to the log with the
    suffix ``.html`` (``game.s40`` -> ``game.html``). Standard input's page (``-``) goes
    to standard output unless ``output`` names a file, or ``stdin.html`` in a folder."""
    if path == STDIN_ARGUMENT:
        if output is None:
            return STDIN_ARGUMENT
        if names_folder(output, several):
            return os.path.join(output, "stdin.html")
        return output
    if output is None:
        return str(PurePath(path).with_suffix(".html"))
    if names_folder(output, several):
        return os.path.join(output, PurePath(path).with_suffix(".html").name)
    return output


def names_folder(output: str, several: bool) -> bool:
    """Whether ``--output`` is a folder of pages: several files, a name ending in a
    separator (``pages/``) or a folder that exists. Standard output (``-``) never is."""
    if output == "-":
        return False
    return several or output.endswith(("/", os.sep)) or os.path.isdir(output)


def viewer_pages(inputs: Iterable[str], report: str | None) -> dict[str, str]:
    """The viewer page of each input that has one, as a link relative to the report
    file: a page ``scala40 view`` wrote into the report's folder, or next to the log, of
    a log of that name (``game.s40`` and its JSON Lines ``game.jsonl`` both have the page
    ``game.html``, and a line of one is not the same line of the other). A page in the
    report's folder is named after its log's name alone, so two inputs of one name
    (``a/game.s40``, ``b/game.s40``) are linked only to the page next to each log: the
    folder's page might be either's. None when the report goes to standard output
    (there is nowhere to link from)."""
    if not names_a_file(report):
        return {}
    folder = os.path.dirname(os.path.abspath(report))
    files = [path for path in inputs if path != STDIN_ARGUMENT]  # stdin has no page
    names = Counter(PurePath(path).name for path in files)
    found: dict[str, str] = {}
    for path in files:
        beside = page_path(path, None, False)
        shared = names[PurePath(path).name] > 1
        for page in (beside,) if shared else (page_path(path, folder, True), beside):
            if (os.path.isfile(page) and not _same_file(page, report)
                    and _page_of(page) == PurePath(path).name):
                found[path] = quote(PurePath(os.path.relpath(page, folder)).as_posix())
                break
    return found


#: The start of a viewer page's data, the name of its log first (viewing/page_data).
_PAGE_FILE = re.compile(r'<script type="application/json" id="data">\{"file":("(?:[^"\\]|\\.)*")')
#: The most bytes read of a page to find the name of its log (its style comes first).
_PAGE_HEAD = 256 * 1024


def _page_of(page: str) -> str | None:
    """The name of the log a viewer page shows (None when it cannot be told)."""
    try:
        with open(page, "rb") as handle:
            head = handle.read(_PAGE_HEAD).decode("utf-8", "replace")
    except OSError:
        return None
    found = _PAGE_FILE.search(head)
    if found is None:
        return None
    try:
        name = json.loads(found.group(1))
    except ValueError:
        return None
    return PurePath(name).name if isinstance(name, str) else None


def _same_file(one: str, other: str) -> bool:
    try:
        return os.path.samefile(one, other)
    except OSError:
        return False
