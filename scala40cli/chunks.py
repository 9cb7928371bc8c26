"""Reading a log a game at a time, in bounded pieces, so that memory never follows the file.

A game starts at a header tag that follows the events of the previous game. That can be
seen on the raw bytes of each line, without parsing: :func:`game_chunks` cuts a stream
of lines into the byte chunks of single games, with the number of their first line and
their byte offset in the file. Each chunk is then decoded, parsed and replayed on its
own, in this process or another (``--jobs``), and a chunk that is not valid UTF-8
costs only its own game.

The bounds of :mod:`scala40cli.limits` hold while reading, before anything is kept:

- :func:`read_lines` reads a line at most :data:`READ_PIECE` bytes at a time; a longer
  line is over ``MAX_LINE_CHARS`` whatever its characters, so only its length (in
  characters) and its first bytes are kept (a :class:`LongLine`), and the parser
  reports it as too long. A line of a gigabyte, or an endless one, costs one piece.
- a game's chunk holds at most ``MAX_GAME_LINES`` lines and ``MAX_GAME_BYTES`` bytes;
  the lines after that, up to the next game, are counted and skipped (a :class:`Cut`,
  reported by the parser as ``F003``).
- comments are kept only for ``fmt`` (``keep_comments``): for the replay a comment line
  is an empty line, which keeps the line numbers and costs one byte.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import BinaryIO, cast

from .limits import MAX_GAME_BYTES, MAX_GAME_LINES, MAX_LINE_CHARS
from .results import Problem
from .violations import Code

BOM = b"\xef\xbb\xbf"
_BLANKS = b" \t\r\n"
#: The most bytes read at once from a line: more than the 4 bytes a character may take
#: times ``MAX_LINE_CHARS``, so that a line this long is over the limit for sure.
READ_PIECE = 64 * 1024
#: The first bytes of a long line kept to tell its kind (tag, ``hand`` line, event).
_HEAD = 64
#: Every byte but the continuation bytes of UTF-8 (0x80 to 0xBF): deleting them leaves
#: one byte a character.
_NOT_CONTINUATION = bytes(range(0x80)) + bytes(range(0xC0, 0x100))


@dataclass(frozen=True, slots=True)
class LongLine:
    """A line longer than :data:`READ_PIECE` bytes, read past without being kept."""

    head: bytes  # its first bytes, to tell a tag or a hand line from an event
    chars: int  # its length in characters, line end not counted
    size: int  # its length in bytes, line end included
    ended: bool  # a line end follows it (not the end of the file)


@dataclass(frozen=True, slots=True)
class Cut:
    """The lines of a game after its chunk reached a bound: counted, never kept."""

    game_line: int
    first_line: int
    last_line: int
    bound: str  # what was reached, in words

    def problem(self) -> Problem:
        """The ``F003`` of the lines left out, in words, on the first of them."""
        lines = (f"line {self.first_line} is" if self.first_line == self.last_line
                 else f"lines {self.first_line} to {self.last_line} are")
        return Problem(code=Code.SYNTAX_ERROR, line=self.first_line, column=1,
                       message=f"the game of line {self.game_line} holds more than "
                               f"{self.bound}, the limit for a game: {lines} not read")


@dataclass(frozen=True, slots=True)
class Chunk:
    """The bytes of one game (or of what comes before the first tag).

    ``long_lines`` gives the file line and length in characters of each line over
    :data:`READ_PIECE` bytes (its place in ``data`` holds only its first bytes);
    ``shifts`` says, for the F002 byte offset, how many bytes of the file were left
    out of ``data`` before a given index (comments and long lines): pairs of the index
    in ``data`` and the bytes left out before it, in order.
    """

    first_line: int
    offset: int
    data: bytes
    long_lines: tuple[tuple[int, int], ...] = ()
    cut: Cut | None = None
    shifts: tuple[tuple[int, int], ...] = ()


def _chars(data: bytes) -> int:
    """The characters of UTF-8 bytes (a byte that is not valid counts as one)."""
    return len(data) - len(data.translate(None, _NOT_CONTINUATION))


def read_lines(stream: BinaryIO) -> Iterator[bytes | LongLine]:
    """The lines of a binary stream, line ends kept; a line over :data:`READ_PIECE`
    bytes as a :class:`LongLine`, read past a piece at a time."""
    readline = stream.readline
    while True:
        line = readline(READ_PIECE)
        if len(line) < READ_PIECE or line.endswith(b"\n"):
            if not line:
                return
            yield line
            continue
        chars, size, ended, carriage = _chars(line), len(line), False, line.endswith(b"\r")
        while not ended:
            piece = readline(READ_PIECE)
            if not piece:
                break
            size += len(piece)
            ended = piece.endswith(b"\n")
            body = piece[:-1] if ended else piece
            if ended and (body.endswith(b"\r") or (not body and carriage)):
                chars -= 1
            chars += _chars(body)
            carriage = piece.endswith(b"\r")
        yield LongLine(head=line[:_HEAD], chars=chars, size=size, ended=ended)
        if not ended:
            return


def _kind(line: bytes) -> str:
    """``tag``, ``event``, ``comment`` or ``blank``, from the first byte."""
    stripped = line.lstrip(_BLANKS)
    if not stripped:
        return "blank"
    first = stripped[:1]
    if first in (b";", b"#"):
        return "comment"
    return "tag" if first == b"[" else "event"


def _placeholder(line: LongLine) -> bytes:
    """What stands for a long line in a chunk: enough of its start to tell its kind,
    as valid UTF-8 without line breaks, and its line end."""
    head = line.head.lstrip(_BLANKS)[:16].decode("utf-8", "ignore").encode()
    head = head.replace(b"\r", b"").replace(b"\n", b"")
    return head + (b"\n" if line.ended else b"")


def _dropped_comment(line: bytes) -> bytes | None:
    """The empty line that stands for a comment line in the replay (its line end kept),
    or None to keep the line: one that is not UTF-8 keeps its F002, one that may be
    over ``MAX_LINE_CHARS`` its F003."""
    if len(line) > MAX_LINE_CHARS:
        return None
    if not line.isascii():
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            return None
    return b"\n" if line.endswith(b"\n") else b""


@dataclass(slots=True)
class _Open:
    """The chunk being gathered."""

    first_line: int
    offset: int
    pieces: list[bytes] = field(default_factory=list)
    long_lines: list[tuple[int, int]] = field(default_factory=list)
    shifts: list[tuple[int, int]] = field(default_factory=list)
    size: int = 0
    left_out: int = 0
    cut_from: int = 0
    cut_to: int = 0
    bound: str = ""

    def keep(self, data: bytes, file_size: int) -> None:
        self.pieces.append(data)
        self.size += len(data)
        if file_size != len(data):
            self.left_out += file_size - len(data)
            self.shifts.append((self.size, self.left_out))

    def skip(self, number: int, bound: str) -> None:
        self.cut_from = self.cut_from or number
        self.cut_to = number
        self.bound = self.bound or bound

    def chunk(self) -> Chunk:
        cut = (Cut(self.first_line, self.cut_from, self.cut_to, self.bound)
               if self.cut_from else None)
        return Chunk(self.first_line, self.offset, b"".join(self.pieces),
                     tuple(self.long_lines), cut, tuple(self.shifts))


def _bound_reached(chunk: _Open, lines: int, size: int) -> str:
    """The bound a line would go over if kept, in words; empty when it fits."""
    if chunk.cut_from:
        return chunk.bound
    if lines > MAX_GAME_LINES:
        return f"{MAX_GAME_LINES:,} lines"
    if chunk.size + size > MAX_GAME_BYTES:
        return f"{MAX_GAME_BYTES // (1024 * 1024)} MiB"
    return ""


def game_chunks(source: BinaryIO | Iterable[bytes | LongLine], *,
                keep_comments: bool = False) -> Iterator[Chunk]:
    """Cut a log into the chunks of its games: ``source`` is a binary stream (read with
    :func:`read_lines`) or its lines (with their line ends)."""
    lines: Iterable[bytes | LongLine] = (
        read_lines(cast(BinaryIO, source)) if hasattr(source, "readline")
        else source)
    chunk = _Open(first_line=1, offset=0)
    offset, seen_event = 0, False
    for number, line in enumerate(lines, start=1):
        if number == 1 and isinstance(line, bytes) and line.startswith(BOM):
            offset = chunk.offset = len(BOM)
            line = line[len(BOM):]
        long = isinstance(line, LongLine)
        kind = _kind(line.head if isinstance(line, LongLine) else line)
        if kind == "tag" and seen_event:
            yield chunk.chunk()
            chunk, seen_event = _Open(first_line=number, offset=offset), False
        elif kind == "event":
            seen_event = True
        file_size = line.size if isinstance(line, LongLine) else len(line)
        kept: bytes | None = _placeholder(line) if isinstance(line, LongLine) else line
        if kind == "comment" and not keep_comments and not long:
            kept = _dropped_comment(line) or kept  # type: ignore[arg-type]
        assert kept is not None
        bound = _bound_reached(chunk, number - chunk.first_line + 1, len(kept))
        if bound:
            chunk.skip(number, bound)
        else:
            if isinstance(line, LongLine):
                chunk.long_lines.append((number, line.chars))
            chunk.keep(kept, file_size)
        offset += file_size
    if chunk.pieces or chunk.cut_from:
        yield chunk.chunk()


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
    shift = bisect_right([index for index, _ in chunk.shifts], bad)
    left_out = chunk.shifts[shift - 1][1] if shift else 0
    return Problem(code=Code.BAD_ENCODING, line=chunk.first_line + data.count(b"\n", 0, bad),
                   column=column, context=context if len(context) <= MAX_LINE_CHARS else None,
                   message=f"invalid UTF-8 at byte offset {chunk.offset + left_out + bad} "
                           f"(byte 0x{data[bad]:02X}); this game is not read")
