"""What the files given on the command line stand for: files, folders, patterns, stdin.

A folder stands for every ``*.s40`` file below it (followed into subfolders, never
through a symbolic link to a folder, so a link loop cannot trap the search); a pattern
with ``*``, ``?`` or ``[`` stands for the files it matches (``**`` crosses folders);
``-`` is standard input. Each name found is audited once, in a stable order: the
arguments in the order given, and within a folder or pattern, sorted.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
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


def _pattern_regex(pattern: str) -> re.Pattern[str]:
    """A shell pattern as a regular expression: ``**/`` any folders (or none), ``*`` and
    ``?`` within one name, ``[...]`` a set. Linear, so no pattern can make it backtrack
    badly."""
    out, i = [], 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append("(?:[^/]*/)*")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif pattern[i] == "*":
            out.append("[^/]*")
            i += 1
        elif pattern[i] == "?":
            out.append("[^/]")
            i += 1
        elif pattern[i] == "[" and "]" in pattern[i + 2:]:
            end = pattern.index("]", i + 2)
            body = pattern[i + 1:end].replace("\\", "\\\\")
            out.append("[^" + body[1:] + "]" if body.startswith("!") else "[" + body + "]")
            i = end + 1
        else:
            out.append(re.escape(pattern[i]))
            i += 1
    return re.compile("".join(out))


def _matching(pattern: str) -> list[str]:
    """The files a pattern matches, sorted; searched below its fixed leading folders."""
    parts = pattern.split("/")
    fixed = next(i for i, part in enumerate(parts) if _is_pattern(part))
    root = "/".join(parts[:fixed]) or ("/" if pattern.startswith("/") else "")
    regex = _pattern_regex(pattern)
    found = []
    for path in _files_below(root or "."):
        shown = path if root else path[2:]  # os.walk(".") gives "./name"
        if regex.fullmatch(shown):
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
