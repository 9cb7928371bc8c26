"""What the files given on the command line stand for: files, folders, patterns, stdin.

A folder stands for every ``*.s40`` file below it (followed into subfolders, never
through a symbolic link to a folder, so a link loop cannot trap the search); a pattern
with ``*``, ``?`` or ``[`` stands for the files it matches, searched only as deep as
the pattern goes (``**`` crosses folders, any other part is one folder); ``-`` is
standard input. Each name found is audited once, in a stable order: the arguments in
the order given, and within a folder or pattern, sorted.

What is found in a folder or by a pattern is read only if it is a regular file inside
it: a symbolic link leading out of the folder (``notes.s40 -> ../../secret.env``) and
anything that is not a regular file (a FIFO, a device, a socket) are reported as
:class:`Missing`, without being opened. A file named on the command line may be a link
(the user named it), but it too must be a regular file: :func:`open_log` checks that on
the open file, without blocking on a FIFO. Both walks keep a list of folders to visit
instead of recursing, so a folder thousands of levels deep is no problem. File names
that are not UTF-8 are opened as they are (their bytes are escaped where shown, by
:mod:`scala40cli.reporting.escape`).
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fnmatch import fnmatchcase
from itertools import chain
from pathlib import Path, PurePath
from typing import BinaryIO, cast

STDIN = "-"
LOG_SUFFIX = ".s40"
#: A log written as JSON Lines events (``replay`` reads it so by default).
JSONL_SUFFIX = ".jsonl"
#: Why a name found in a folder is not read, in words.
LINK_OUT = "not read: a symbolic link leading out of the folder"
NOT_REGULAR = "not read: not a regular file"


def input_format_of(path: str, chosen: str | None = None) -> str | None:
    """The format chosen, else the one a file's extension says (``.jsonl``, ``.s40``,
    in any case); None when nothing says: then the content tells (:func:`sniff_format`)."""
    if chosen is not None:
        return chosen
    suffix = PurePath(path).suffix.lower()
    if suffix == JSONL_SUFFIX:
        return "jsonl"
    return "s40" if suffix == LOG_SUFFIX else None


def sniff_format(data: bytes) -> str:
    """``jsonl`` when the first line that is not blank starts with ``{`` (a JSON object,
    which no line of a ``.s40`` log does) or with ``[`` and then ``{`` or nothing (a
    JSON array of events, which the JSON reader refuses in words: no tag starts so),
    else ``s40``."""
    start = data.lstrip(b"\xef\xbb\xbf").lstrip(b" \t\r\n")
    if start[:1] == b"[":
        start = start[1:].lstrip(b" \t\r\n") or b"{"
    return "jsonl" if start[:1] == b"{" else "s40"


class _Peeked:
    """A binary stream whose first lines were read to tell its format: they are read
    again first, then the rest of the stream (read as the stream is, a piece at a time)."""

    def __init__(self, stream: BinaryIO, first: list[bytes]) -> None:
        self.stream, self.first = stream, first

    def readline(self, size: int = -1) -> bytes:
        return self.first.pop(0) if self.first else self.stream.readline(size)


#: The most bytes read from a line to tell a stream's format.
_SNIFF_PIECE = 64 * 1024


def sniffed(source: BinaryIO | Iterable[bytes]) -> tuple[str, BinaryIO | Iterable[bytes]]:
    """The format of a log given as a stream or as lines (:func:`sniff_format` of its
    first line that is not blank), and the same log to read from its start."""
    seen: list[bytes] = []
    if hasattr(source, "readline"):
        stream = cast(BinaryIO, source)
        while (line := stream.readline(_SNIFF_PIECE)) and not line.strip(b" \t\r\n\xef\xbb\xbf"):
            seen.append(line)
        if line:
            seen.append(line)
        return sniff_format(line), cast(BinaryIO, _Peeked(stream, seen))
    lines = iter(source)
    for line in lines:
        seen.append(line)
        if line.strip(b" \t\r\n\xef\xbb\xbf"):
            break
    return sniff_format(seen[-1] if seen else b""), chain(seen, lines)


@dataclass(frozen=True, slots=True)
class Missing:
    """An argument (or a name found for one) that names nothing to audit, and why."""

    argument: str
    reason: str


class NotRegularFile(OSError):
    """A FIFO, a device or a socket where a log was expected."""

    def __init__(self) -> None:
        super().__init__(errno.EINVAL, NOT_REGULAR)


def open_log(path: str) -> BinaryIO:
    """The file at ``path`` opened for reading, if it is a regular file.

    Opened without blocking (a FIFO with no writer would wait forever) and checked on
    the open file, so that what is read is what was checked; ``NotRegularFile`` or
    ``IsADirectoryError`` otherwise.
    """
    handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        mode = os.fstat(handle).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        if not stat.S_ISREG(mode):
            raise NotRegularFile()
        os.set_blocking(handle, True)
        return os.fdopen(handle, "rb")
    except BaseException:
        os.close(handle)
        raise


def _is_pattern(argument: str) -> bool:
    return any(char in argument for char in "*?[")


def _entries(folder: str) -> list[os.DirEntry[str]]:
    """The entries of a folder; none when it cannot be listed."""
    try:
        with os.scandir(folder) as found:
            return list(found)
    except OSError:
        return []


def _kind(entry: os.DirEntry[str]) -> str:
    """``folder`` (not a link to one), ``folder link`` (never followed: it could loop)
    or ``file`` (anything else, checked by :func:`_checked`)."""
    try:
        if entry.is_dir(follow_symlinks=False):
            return "folder"
        return "folder link" if entry.is_symlink() and entry.is_dir() else "file"
    except OSError:
        return "file"


def _checked(entry: os.DirEntry[str], inside: str) -> str | Missing:
    """A file found below the folder ``inside`` (a real path), or why it is not read."""
    path = entry.path
    try:
        if entry.is_symlink():
            target = os.path.realpath(path)
            if os.path.commonpath([inside, target]) != inside:
                return Missing(path, LINK_OUT)
            if os.path.exists(target) and not os.path.isfile(target):
                return Missing(path, NOT_REGULAR)
            return path  # a broken link or a loop: reading it says so
        if not entry.is_file(follow_symlinks=False):
            return Missing(path, NOT_REGULAR)
    except (OSError, ValueError):
        return path  # reading it says what is wrong
    return path


def _files_below(folder: str) -> Iterator[os.DirEntry[str]]:
    """Every file below ``folder``; links to folders are not followed (they could
    loop)."""
    pending = [folder]
    while pending:
        for entry in _entries(pending.pop()):
            kind = _kind(entry)
            if kind == "folder":
                pending.append(entry.path)
            elif kind == "file":
                yield entry


def _logs_below(folder: str) -> tuple[list[str | Missing], int]:
    """Every ``*.s40`` file below ``folder``, sorted by path (links to files only when
    they stay inside ``folder``), and how many JSON Lines files lie beside them (which
    a folder does not give, to say so where it gives no log)."""
    inside = os.path.realpath(folder)
    found: list[str | Missing] = []
    jsonl = 0
    for entry in _files_below(folder):
        if entry.name.endswith(LOG_SUFFIX):
            found.append(_checked(entry, inside))
        elif entry.name.endswith(JSONL_SUFFIX):
            jsonl += 1
    return sorted(found, key=_path_of), jsonl


def _no_log_below(folder: str, jsonl: int) -> str:
    """Why a folder gives no log: it holds no ``.s40`` file, and, where it holds
    ``jsonl`` JSON Lines files (other programs' records are ``.jsonl`` too), the
    pattern that reads them."""
    if not jsonl:
        return f"this folder holds no {LOG_SUFFIX} file"
    pattern = f"{folder.rstrip('/')}/**/*{JSONL_SUFFIX}"
    return (f"this folder holds no {LOG_SUFFIX} file, but {jsonl:,} JSON Lines file"
            f"{'' if jsonl == 1 else 's'} ({JSONL_SUFFIX}), which a folder does not give; "
            f"the pattern '{pattern}' does")


def _path_of(item: str | Missing) -> str:
    return item.argument if isinstance(item, Missing) else item


def _join(folder: str, name: str) -> str:
    return name if folder == "" else os.path.join(folder, name)


def _matching(pattern: str) -> list[str | Missing]:
    """The files a pattern matches, sorted, searched from its fixed leading folders and
    only as deep as it goes: each part is one folder level, ``**`` any number of them."""
    parts = pattern.split("/")
    fixed = next(i for i, part in enumerate(parts) if _is_pattern(part))
    root = "/".join(parts[:fixed]) or ("/" if pattern.startswith("/") else "")
    inside = os.path.realpath(root or ".")
    found: dict[str, str | Missing] = {}
    pending, seen = [(root, fixed)], {(root, fixed)}

    def visit(folder: str, index: int) -> None:
        if (folder, index) not in seen:
            seen.add((folder, index))
            pending.append((folder, index))

    while pending:
        folder, index = pending.pop()
        if index == len(parts):
            continue
        part = parts[index]
        if part == "**":
            visit(folder, index + 1)
        last = index + 1 == len(parts)
        for entry in _entries(folder or "."):
            path, kind = _join(folder, entry.name), _kind(entry)
            if kind == "folder":
                if part == "**":
                    visit(path, index)
                elif not last and fnmatchcase(entry.name, part):
                    visit(path, index + 1)
            elif kind == "file" and last and (part == "**" or fnmatchcase(entry.name, part)):
                item = _checked(entry, inside)
                found[path] = Missing(path, item.reason) if isinstance(item, Missing) else path
    return [found[path] for path in sorted(found)]


def expand(arguments: Sequence[str]) -> Iterator[str | Missing]:
    """The inputs the arguments stand for, in order, each once."""
    seen: set[str] = set()
    for argument in arguments:
        names: list[str | Missing]
        if argument == STDIN:
            names = [STDIN]
        elif _is_pattern(argument) and not Path(argument).exists():
            names = _matching(argument)
            if not names:
                yield Missing(argument, "no file matches this pattern")
                continue
        elif Path(argument).is_dir():
            names, jsonl = _logs_below(argument)
            if not names:
                yield Missing(argument, _no_log_below(argument, jsonl))
                continue
        else:
            names = [argument]  # a missing or unreadable file is reported when read
        for name in names:
            key = _path_of(name)
            if name == STDIN or key not in seen:
                seen.add(key)
                yield name
