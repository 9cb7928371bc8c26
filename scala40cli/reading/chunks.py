"""Reading a log a game at a time, in bounded pieces, so that memory never follows the file.

A game starts at a header tag that follows the events of the previous game. That can be
seen on the raw bytes of each line, without parsing: :func:`game_chunks` cuts a stream
of lines into the byte chunks of single games, with the number of their first line and
their byte offset in the file. Each chunk is then decoded, parsed and replayed on its
own, in this process or another (``--jobs``), and a chunk that is not valid UTF-8
costs only its own game.

The bounds of :mod:`scala40cli.reading.limits` hold while reading, before anything is kept:

- :func:`game_chunks` reads a line at most :data:`READ_PIECE` bytes at a time; a longer
  line is over ``MAX_LINE_CHARS`` whatever its characters, so only its length (in
  characters) and its first bytes are kept (a :class:`LongLine`), and the parser
  reports it as too long. A line of a gigabyte, or an endless one, costs one piece.
- a game's chunk holds at most ``MAX_GAME_LINES`` lines, ``MAX_GAME_BYTES`` bytes and
  ``MAX_GAME_HANDS`` ``hand`` lines;
  the lines after that, up to the next game, are counted and skipped (a :class:`Cut`,
  reported by the parser as ``F003``).
- comments are kept only for ``fmt`` (``keep_comments``): for the replay a comment line
  is an empty line, which keeps the line numbers and costs one byte.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from itertools import chain
from typing import BinaryIO, Final, cast

from scala40cli.model.results import Problem
from scala40cli.model.violations import Code
from scala40cli.reading.limits import MAX_GAME_BYTES, MAX_GAME_HANDS, MAX_GAME_LINES, MAX_LINE_CHARS
from scala40cli.reading.log_files import BOM as BOM
from scala40cli.reading.log_files import JSON_LINES, NUL_BYTES, json_first_line, nul_first_line
from scala40cli.reading.words import SPELLINGS, Word

_BLANKS: Final = b" \t\r\n"
#: The first bytes that tell a line's kind, as numbers (compiled, a line's first byte
#: is then read and compared natively, with no one-byte object made for each line).
_SPACE: Final = 0x20
_TAB: Final = 0x09
_CR: Final = 0x0D
_LF: Final = 0x0A
_TAG: Final = ord("[")
_COMMENT: Final = ord(";")
_OLD_COMMENT: Final = ord("#")
#: The first letters of a hand line (``hand``, ``mano``, ``manche``).
_H: Final = ord("h")
_M: Final = ord("m")
#: The most bytes read at once from a line: more than the 4 bytes a character may take
#: times ``MAX_LINE_CHARS``, so that a line this long is over the limit for sure.
READ_PIECE: Final = 64 * 1024
#: A piece at least this long without a line end is a long line (the first piece of a
#: file is read with its byte-order mark, then goes without it).
_LONG: Final = READ_PIECE - len(BOM)
#: A ``hand`` line in any language, as the grammar's keyword ends (a bare word ``handy``
#: is a name).
_HAND: Final = re.compile(rb"[ \t]*(?:" + "|".join(SPELLINGS[Word.HAND].values()).encode()
                   + rb")(?![A-Za-z0-9_.\-])")
#: The first bytes of a long line kept to tell its kind (tag, ``hand`` line, event).
_HEAD: Final = 64
#: Every byte but the continuation bytes of UTF-8 (0x80 to 0xBF): deleting them leaves
#: one byte a character.
_NOT_CONTINUATION: Final = bytes(range(0x80)) + bytes(range(0xC0, 0x100))


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
    in ``data`` and the bytes left out before it, in order. ``number`` is the chunk's
    place in its file, 1 for the first: the number of its game, as a chunk holds one
    game but in a broken log (whoever numbers the games across chunks checks it, and
    renumbers a game only where it is not so).
    """

    first_line: int
    offset: int
    data: bytes
    long_lines: tuple[tuple[int, int], ...] = ()
    cut: Cut | None = None
    shifts: tuple[tuple[int, int], ...] = ()
    number: int = 1

    def __reduce__(self) -> tuple[type[Chunk], tuple[object, ...]]:
        """Pickled through the constructor, by position (``--jobs`` sends every chunk
        a worker judges): a third of the cost of building it by keywords."""
        return Chunk, (self.first_line, self.offset, self.data, self.long_lines, self.cut,
                       self.shifts, self.number)


def _chars(data: bytes) -> int:
    """The characters of UTF-8 bytes (a byte that is not valid counts as one)."""
    return len(data) - len(data.translate(None, _NOT_CONTINUATION))


def _rest_of_long_line(piece: bytes, readline: Callable[[], bytes]) -> LongLine:
    """A line whose first :data:`READ_PIECE` bytes are ``piece``, read to its end a piece
    at a time, counting its characters and keeping none but its first bytes."""
    chars, size, ended, carriage = _chars(piece), len(piece), False, piece.endswith(b"\r")
    while not ended:
        more = readline()
        if not more:
            break
        size += len(more)
        ended = more.endswith(b"\n")
        body = more[:-1] if ended else more
        if ended and (body.endswith(b"\r") or (not body and carriage)):
            chars -= 1  # the CR of a CRLF line end is not counted
        chars += _chars(body)
        carriage = more.endswith(b"\r")
    return LongLine(head=piece[:_HEAD], chars=chars, size=size, ended=ended)


def _placeholder(line: LongLine) -> bytes:
    """What stands for a long line in a chunk: enough of its start to tell its kind,
    as valid UTF-8 without line breaks, and its line end."""
    head = line.head.lstrip(_BLANKS)[:16].decode("utf-8", "ignore").encode()
    head = head.replace(b"\r", b"").replace(b"\n", b"")
    return head + (b"\n" if line.ended else b"")


def _dropped_comment(line: bytes) -> bytes:
    """What stands for a comment line in the replay: an empty line (its line end kept),
    or the line itself when it must be read: one that is not UTF-8 keeps its F002, one
    that may be over ``MAX_LINE_CHARS`` its F003."""
    if len(line) > MAX_LINE_CHARS:
        return line
    if not line.isascii():
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            return line
    return b"\n" if line.endswith(b"\n") else b""


@dataclass(slots=True)
class _Open:
    """The chunk being gathered: what is kept of its lines, and what was left out."""

    first_line: int
    offset: int
    number: int
    pieces: list[bytes] = field(default_factory=list)
    long_lines: list[tuple[int, int]] = field(default_factory=list)
    shifts: list[tuple[int, int]] = field(default_factory=list)
    size: int = 0
    left_out: int = 0
    cut_from: int = 0
    cut_to: int = 0
    bound: str = ""

    def shifted(self, kept: int, read: int) -> None:
        """Note that a line of ``read`` bytes is kept as ``kept`` bytes."""
        self.left_out += read - kept
        self.shifts.append((self.size, self.left_out))

    def skip(self, number: int, bound: str = "") -> None:
        """Leave out a line over a bound (``bound`` says which, if not lines or bytes):
        only its number is kept."""
        if not self.cut_from and bound:
            self.bound, self.cut_from = bound, number
        elif not self.cut_from:
            lines = number - self.first_line
            self.bound = (f"{MAX_GAME_LINES:,} lines" if lines >= MAX_GAME_LINES
                          else f"{MAX_GAME_BYTES // (1024 * 1024)} MiB")
            self.cut_from = number
        self.cut_to = number

    def chunk(self) -> Chunk:
        cut = (Cut(self.first_line, self.cut_from, self.cut_to, self.bound)
               if self.cut_from else None)
        return Chunk(self.first_line, self.offset, b"".join(self.pieces),
                     tuple(self.long_lines), cut, tuple(self.shifts), self.number)


@dataclass(frozen=True, slots=True)
class WholeFile(Cut):
    """The cut of a file that is no log as a whole (UTF-16, JSON over several lines):
    all its lines, one problem on line 1."""

    code: Code = Code.SYNTAX_ERROR
    message: str = ""

    def problem(self) -> Problem:
        return Problem(code=self.code, line=1, column=1, message=self.message)


def game_chunks(source: BinaryIO | Iterable[bytes], *, keep_comments: bool = False
                ) -> Iterator[Chunk]:
    """Cut a log into the chunks of its games: ``source`` is a binary stream, read a line
    at most :data:`READ_PIECE` bytes at a time, or its lines (with their line ends).

    The loop is the hot path of reading: a plain line costs a strip, a few compares and
    an append; long lines, bounds and the byte-order mark take :func:`_rare`.
    """
    readline: Callable[[], bytes] | None = None
    if hasattr(source, "readline"):
        readline = partial(cast(BinaryIO, source).readline, READ_PIECE)
        lines: Iterator[bytes] = iter(readline, b"")
    else:
        lines = iter(source)
    head = next(lines, b"")
    if nul_first_line(head):  # UTF-16 without its mark: one problem, the lines counted
        cut = WholeFile(1, 1, 1 + sum(1 for _ in lines), "", Code.BAD_ENCODING, NUL_BYTES)
        yield Chunk(first_line=1, offset=0, data=b"", cut=cut)
        return
    if json_first_line(head):  # JSON Lines read as a log: one problem, the lines counted
        cut = WholeFile(1, 1, 1 + sum(1 for _ in lines), "", Code.SYNTAX_ERROR, JSON_LINES)
        yield Chunk(first_line=1, offset=0, data=b"", cut=cut)
        return
    offset = len(BOM) if head.startswith(BOM) else 0
    lines = chain((head[offset:],), lines) if head else lines
    chunk = _Open(first_line=1, offset=offset, number=1)
    keep, seen_event, number, hands = chunk.pieces.append, False, 0, 0
    last_line, room = MAX_GAME_LINES, MAX_GAME_BYTES
    for line in lines:
        number += 1
        read = len(line)
        first = line[0] if line else -1
        if first in (_SPACE, _TAB, _CR, _LF):
            stripped = line.lstrip(_BLANKS)  # indented, or blank: rare
            first = stripped[0] if stripped else -1
        if first == _TAG:
            if seen_event:
                yield chunk.chunk()
                chunk = _Open(first_line=number, offset=offset, number=chunk.number + 1)
                keep, seen_event, hands = chunk.pieces.append, False, 0
                last_line, room = number - 1 + MAX_GAME_LINES, MAX_GAME_BYTES
        elif first in (_COMMENT, _OLD_COMMENT):
            if not keep_comments:
                line = _dropped_comment(line)
        elif first >= 0:
            seen_event = True
            if first in (_H, _M) and _HAND.match(line):
                hands += 1
                if hands > MAX_GAME_HANDS and not chunk.cut_from:
                    chunk.skip(number, f"{MAX_GAME_HANDS:,} hands")
                    last_line = number - 1
        if read >= _LONG or number > last_line:
            chunk.size = MAX_GAME_BYTES - room
            if read >= _LONG and readline is not None and not line.endswith(b"\n"):
                offset = _rare(chunk, _rest_of_long_line(line, readline), number, offset)
            else:
                offset = _rare(chunk, line, number, offset, read)
            room = MAX_GAME_BYTES - chunk.size
            continue
        kept = len(line)
        room -= kept
        if room < 0:
            room += kept
            chunk.skip(number)
            last_line = number - 1
        else:
            keep(line)
            if kept != read:
                chunk.size = MAX_GAME_BYTES - room
                chunk.shifted(kept, read)
        offset += read
    if chunk.pieces or chunk.cut_from:
        yield chunk.chunk()


def _rare(chunk: _Open, line: bytes | LongLine, number: int, offset: int, read: int = 0
          ) -> int:
    """The slow branch of :func:`game_chunks`: a long line, or a line over a bound.
    ``read`` is the size of the line in the file (a comment line may be kept shorter).
    Returns the next offset."""
    if isinstance(line, LongLine):
        kept, read = _placeholder(line), line.size
    else:
        kept = line
    if chunk.cut_from or number - chunk.first_line >= MAX_GAME_LINES or \
            chunk.size + len(kept) > MAX_GAME_BYTES:
        chunk.skip(number)
        return offset + read
    if isinstance(line, LongLine):
        chunk.long_lines.append((number, line.chars))
    chunk.pieces.append(kept)
    chunk.size += len(kept)
    if len(kept) != read:
        chunk.shifted(len(kept), read)
    return offset + read


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
                           f"(byte {byte_said(data[line_start:line_end], bad - line_start)}); "
                           "this game is not read")


def byte_said(line: bytes, bad: int) -> str:
    """The byte at ``bad`` of ``line`` that is no UTF-8, as a message says it: ``0xE9``;
    and where the line reads as Windows-1252 (Latin-1, as editors of Windows save a
    file) with a letter there and no UTF-8 letter elsewhere, which letter and what to
    do: ``0xE9, é in Windows-1252: save the file as UTF-8``; a file in UTF-16 is said so."""
    byte = f"0x{line[bad]:02X}"
    if line.startswith((b"\xff\xfe", b"\xfe\xff")) and bad < 2:  # a UTF-16 byte-order mark
        return f"{byte}: the file is in UTF-16: save it as UTF-8"
    try:
        letter = line.decode("cp1252")[bad]
    except UnicodeDecodeError:
        return byte
    mixed = any(c > "\x7f" and c != "\ufffd" for c in line.decode("utf-8", "replace"))
    if mixed or not letter.isalpha():
        return byte
    return f"{byte}, {letter} in Windows-1252: save the file as UTF-8"
