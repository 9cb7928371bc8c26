"""Reading a log a game at a time, so that memory does not grow with the file.

A game starts at a header tag that follows the events of the previous game. That can be
seen on the raw bytes of each line, without parsing: :func:`game_chunks` cuts a stream
of lines into the byte chunks of single games, with the number of their first line and
their byte offset in the file. Each chunk is then decoded, parsed and replayed on its
own, in this process or another (``--jobs``), and a chunk that is not valid UTF-8
costs only its own game.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .limits import MAX_LINE_CHARS
from .results import Problem
from .violations import Code

BOM = b"\xef\xbb\xbf"
_BLANKS = b" \t\r\n"


@dataclass(frozen=True, slots=True)
class Chunk:
    """The bytes of one game (or of what comes before the first tag)."""

    first_line: int
    offset: int
    data: bytes


def _kind(line: bytes) -> str:
    """``tag``, ``event`` or ``blank`` (blank lines and comments), from the first byte."""
    stripped = line.lstrip(_BLANKS)
    if not stripped or stripped[:1] in (b";", b"#"):
        return "blank"
    return "tag" if stripped[:1] == b"[" else "event"


def game_chunks(lines: Iterable[bytes]) -> Iterator[Chunk]:
    """Cut the lines of a log (with their line ends) into the chunks of its games."""
    pending: list[bytes] = []
    first_line, offset, chunk_offset = 1, 0, 0
    seen_event = False
    for number, line in enumerate(lines, start=1):
        if number == 1 and line.startswith(BOM):
            offset, chunk_offset, line = len(BOM), len(BOM), line[len(BOM):]
        kind = _kind(line)
        if kind == "tag" and seen_event:
            yield Chunk(first_line, chunk_offset, b"".join(pending))
            pending, first_line, chunk_offset, seen_event = [], number, offset, False
        elif kind == "event":
            seen_event = True
        pending.append(line)
        offset += len(line)
    if pending:
        yield Chunk(first_line, chunk_offset, b"".join(pending))


def decode_chunk(chunk: Chunk) -> str | Problem:
    """The text of a chunk, or where its first invalid UTF-8 byte is (``F002``)."""
    try:
        return chunk.data.decode("utf-8")
    except UnicodeDecodeError as error:
        bad = error.start
    data = chunk.data
    line_start = data.rfind(b"\n", 0, bad) + 1
    line_end = data.find(b"\n", bad)
    line_end = len(data) if line_end < 0 else line_end
    column = len(data[line_start:bad].decode("utf-8", errors="replace")) + 1
    context = data[line_start:line_end].decode("utf-8", errors="replace").rstrip("\r")
    return Problem(code=Code.BAD_ENCODING, line=chunk.first_line + data.count(b"\n", 0, bad),
                   column=column, context=context if len(context) <= MAX_LINE_CHARS else None,
                   message=f"invalid UTF-8 at byte offset {chunk.offset + bad} "
                           f"(byte 0x{data[bad]:02X}); this game is not read")
