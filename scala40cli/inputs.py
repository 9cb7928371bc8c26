"""What the files given on the command line stand for: files, folders, patterns, stdin.

A folder stands for every ``*.s40`` file below it (followed into subfolders, never
through a symbolic link to a folder, so a link loop cannot trap the search); a pattern
with ``*``, ``?`` or ``[`` stands for the files it matches (``**`` crosses folders);
``-`` is standard input. Each name found is audited once, in a stable order: the
arguments in the order given, and within a folder or pattern, sorted.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fnmatch import fnmatchcase
from functools import cache
from pathlib import Path

STDIN = "-"
LOG_SUFFIX = ".s40"


@dataclass(frozen=True, slots=True)
class Missing:
    """An argument that names nothing to audit, and why, in words."""

    argument: str
    reason: str


def _is_pattern(argument: str) -> bool:
    return any(char in argument for char in "*?[")


def _files_below(folder: str) -> Iterator[str]:
    """Every file below ``folder``; symbolic links to folders are not followed (they
    could loop), links to files are."""
    for root, _dirs, files in os.walk(folder, followlinks=False):
        for name in files:
            yield os.path.join(root, name)


def _logs_below(folder: str) -> list[str]:
    """Every ``*.s40`` file below ``folder``, sorted by path."""
    return sorted(path for path in _files_below(folder) if path.endswith(LOG_SUFFIX))


def _matches(parts: Sequence[str], names: Sequence[str]) -> bool:
    """Does a path (its names) match a pattern (its parts)? ``**`` stands for any number
    of folders; any other part is matched against one name by :func:`fnmatch.fnmatchcase`,
    whose translation does not backtrack badly. Memoised, so the cost stays polynomial
    in the number of parts and names, never exponential."""

    @cache
    def match(i: int, j: int) -> bool:
        if i == len(parts):
            return j == len(names)
        if parts[i] == "**":
            return match(i + 1, j) or (j < len(names) and match(i, j + 1))
        return j < len(names) and fnmatchcase(names[j], parts[i]) and match(i + 1, j + 1)

    return match(0, 0)


def _matching(pattern: str) -> list[str]:
    """The files a pattern matches, sorted; searched below its fixed leading folders."""
    parts = pattern.split("/")
    fixed = next(i for i, part in enumerate(parts) if _is_pattern(part))
    root = "/".join(parts[:fixed]) or ("/" if pattern.startswith("/") else "")
    found = []
    for path in _files_below(root or "."):
        shown = path if root else path[2:]  # os.walk(".") gives "./name"
        if _matches(parts, shown.split("/")):
            found.append(shown)
    return sorted(found)


def expand(arguments: Sequence[str]) -> Iterator[str | Missing]:
    """The inputs the arguments stand for, in order, each once."""
    seen: set[str] = set()
    for argument in arguments:
        if argument == STDIN:
            names: list[str] = [STDIN]
        elif _is_pattern(argument) and not Path(argument).exists():
            names = _matching(argument)
            if not names:
                yield Missing(argument, "no file matches this pattern")
                continue
        elif Path(argument).is_dir():
            names = _logs_below(argument)
            if not names:
                yield Missing(argument, f"this folder holds no {LOG_SUFFIX} file")
                continue
        else:
            names = [argument]  # a missing or unreadable file is reported when read
        for name in names:
            if name == STDIN or name not in seen:
                seen.add(name)
                yield name
