"""What ``scala40 fmt`` writes: the events in canonical form, the comments and blank lines
in place, a game at a time.

A log is read as :mod:`scala40cli.reading.chunks` reads it for the replay, a game at a time, but
with its comments kept; each game is parsed, and each of its lines becomes a
:class:`Line`: an event (in the canonical form of :func:`scala40cli.reading.writer.event_line`,
with the comment that followed it), a comment alone, or a blank line. The layout then
puts them back one after the other:

- a comment after an event stays on its line, at the column where it was when the
  event's canonical text leaves room for it (so aligned comments stay aligned), else
  one space after the event; a comment alone on its line loses its indentation;
- a blank line the author left stays (a run of them becomes one), and there is always
  one before a ``hand`` line and between two games, as in the canonical form: it goes
  above the comments that sit right above the ``hand`` line or the game's first tag,
  since those comments are about it; blank lines at the start and the end go.

The words of the format are written in one language a game (format 1.2): the one
asked for (``fmt --verbs it``), else the one most of the game's lines are written in
(English on a tie), so that an Italian log stays Italian and a line written in another
language is brought into line with the rest.

So a log without comments or extra blank lines is written exactly as
:func:`scala40cli.reading.writer.write_log` writes its events, and formatting twice gives what
formatting once gave. A game that cannot be read (``F002``, ``F003``) stops the
writing: the caller gets its problems, and those of every later game, instead.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import io
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import BinaryIO

from scala40cli.model.results import Problem
from scala40cli.model.violations import Code
from scala40cli.reading.chunks import Chunk, decode_chunk, game_chunks
from scala40cli.reading.comments import Comment, split_comment
from scala40cli.reading.events import (
    Attach,
    Buy,
    Discard,
    Draw,
    Event,
    GameLog,
    HandStart,
    Meld,
    Swap,
    Take,
)
from scala40cli.reading.parser import iter_games
from scala40cli.reading.words import Language, language_of_line
from scala40cli.reading.writer import event_line

_BLANKS = " \t\r"


class Kind(enum.Enum):
    """What a line of a log holds."""

    EVENT = "event"
    COMMENT = "comment"
    BLANK = "blank"


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a log as ``fmt`` writes it.

    ``text`` is the event's canonical line (empty for a comment or a blank line);
    ``comment`` the comment of the line, if any; ``needs_blank`` is true for an event
    that the canonical form puts after a blank line (a ``hand`` line that does not
    start its game, the first line of every game but the first).
    """

    kind: Kind
    text: str = ""
    comment: Comment | None = None
    needs_blank: bool = False

    def written(self) -> str:
        """The line as written, without its line end."""
        if self.comment is None:
            return self.text
        if self.kind is not Kind.EVENT:
            return self.comment.text
        padding = max(1, self.comment.column - 1 - len(self.text))
        return self.text + " " * padding + self.comment.text


def _no_canonical_form(event: Event, line: str, error: ValueError) -> Problem:
    return Problem(code=Code.SYNTAX_ERROR, line=event.line, column=event.column,
                   context=line, message=f"this line has no canonical form: {error}")


#: The events whose line starts with a player and then its verb.
_TURNS = (Draw, Take, Meld, Attach, Swap, Discard, Buy)
#: The words of a line as the grammar cuts them: a quoted name is one word.
_WORD = re.compile(r'"(?:[^"\\\r\n]|\\.)*"|[^ \t\r]+')


def line_language(event: Event, text: str) -> Language | None:
    """The language ``text``, the line of ``event`` (comment left out), is written in;
    None for a line without words of the format (a tag)."""
    return language_of_line(_WORD.findall(text), isinstance(event, _TURNS))


def _language(read: list[tuple[Event | None, Comment | None, str]]) -> Language:
    """The language most of the lines are written in (on a tie, the first written)."""
    counts = Counter(language for event, _, text in read if event is not None
                     and (language := line_language(event, text)) is not None)
    return counts.most_common(1)[0][0] if counts else Language.EN


def _lines_of_game(text: str, first_line: int, games: list[GameLog], first_game: bool,
                   language: Language | None = None) -> list[Line] | tuple[Problem, ...]:
    """Each line of a chunk's text with its event, in ``language`` (None: the language
    of most of its lines), or the problem of an event that has no canonical form."""
    events = iter([event for game in games for event in game.events])
    starts = {id(game.events[0]) for game in games if game.events}
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    read: list[tuple[Event | None, Comment | None, str]] = []  # each line: event, comment
    for number, line in enumerate(lines, start=first_line):
        before, comment = split_comment(line, number)
        event = next(events) if before.strip(_BLANKS) else None
        assert event is None or event.line == number, (event, number)
        read.append((event, comment, before))
    chosen = language or _language(read)
    written: list[Line] = []
    for (event, comment, _), line in zip(read, lines, strict=True):
        if event is None:
            written.append(Line(Kind.BLANK) if comment is None
                           else Line(Kind.COMMENT, comment=comment))
            continue
        try:
            canonical = event_line(event, chosen)
        except ValueError as error:
            return (_no_canonical_form(event, line.rstrip("\r"), error),)
        starts_game = id(event) in starts
        needs_blank = (starts_game and not first_game) or (
            type(event) is HandStart and not starts_game)
        first_game = first_game and not starts_game
        written.append(Line(Kind.EVENT, canonical, comment, needs_blank))
    return written


def _read_chunk(chunk: Chunk, text: str | Problem, first_game: bool,
                language: Language | None = None) -> list[Line] | tuple[Problem, ...]:
    """The lines of one chunk (``text`` is its decoded text) in ``language`` (None: its
    own), or why the file cannot be rewritten."""
    if isinstance(text, Problem):  # the whole file is refused, not only this game
        suffix = "; this game is not read"
        return (dataclasses.replace(text, message=text.message.removesuffix(suffix)),)
    parsed = list(iter_games(text, first_line=chunk.first_line,
                             long_lines=dict(chunk.long_lines), cut=chunk.cut))
    problems = tuple(item for item in parsed if isinstance(item, Problem))
    if problems:
        return problems
    games = [item for item in parsed if isinstance(item, GameLog)]
    return _lines_of_game(text, chunk.first_line, games, first_game, language)


def split_lines(text: str) -> list[str]:
    """The lines of ``text`` with their line ends: cut at LF only, as the format is (a
    lone CR or a form feed in a comment is no line end)."""
    lines = [line + "\n" for line in text.split("\n")]
    last = lines.pop()
    if last != "\n":
        lines.append(last[:-1])
    return lines


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece of the canonical text and, for a diff, the lines of the file it stands
    for (with their line ends, a byte-order mark as ``\ufeff``)."""

    text: str
    before: tuple[str, ...] = ()


class _Layout:
    """Puts lines back one after the other, with the blank lines of the canonical form."""

    def __init__(self) -> None:
        self.pending: list[Line] = []  # comments and blank lines since the last event
        self.started = False  # a line was written
        self.after_blank = False  # the last line written is blank

    def _emit(self, line: Line, out: list[str]) -> None:
        if line.kind is Kind.BLANK:
            if self.started and not self.after_blank:
                out.append("")
                self.after_blank = True
            return
        out.append(line.written())
        self.started, self.after_blank = True, False

    def add(self, lines: list[Line]) -> str:
        out: list[str] = []
        for line in lines:
            if line.kind is not Kind.EVENT:
                self.pending.append(line)
                continue
            if line.needs_blank and (not self.pending or self.pending[0].kind is not Kind.BLANK):
                self.pending.insert(0, Line(Kind.BLANK))
            for waiting in self.pending:
                self._emit(waiting, out)
            self.pending = []
            self._emit(line, out)
        return "".join(f"{text}\n" for text in out)

    def finish(self) -> str:
        while self.pending and self.pending[-1].kind is Kind.BLANK:
            self.pending.pop()
        out: list[str] = []
        for waiting in self.pending:
            self._emit(waiting, out)
        return "".join(f"{text}\n" for text in out)


def formatted_pieces(stream: BinaryIO, *, keep_before: bool = False,
                     language: Language | None = None) -> Iterator[Piece | Problem]:
    """The canonical text of a log, a game at a time, in ``language`` (None: each game
    in the language most of its lines are written in); after the first problem, only the
    problems of the file (nothing of it is to be written then). With ``keep_before``
    each piece also holds the lines of the file it stands for: the lines up to the last
    event it writes (the comments after that event go with the next piece)."""
    layout, failed, first_game = _Layout(), False, True
    held: list[str] = []
    for chunk in game_chunks(stream, keep_comments=True):
        text = decode_chunk(chunk)
        lines = _read_chunk(chunk, text, first_game, language)
        if isinstance(lines, tuple):
            failed = True
            yield from lines
            continue
        first_game = first_game and not any(line.kind is Kind.EVENT for line in lines)
        if failed:
            continue
        before: tuple[str, ...] = ()
        if keep_before:
            assert isinstance(text, str)
            original = split_lines(text)
            if chunk.first_line == 1 and chunk.offset and original:
                original[0] = "\ufeff" + original[0]
            events = [i for i, line in enumerate(lines) if line.kind is Kind.EVENT]
            if events:
                before, held = tuple(held + original[:events[-1] + 1]), original[events[-1] + 1:]
            else:
                held += original
        yield Piece(layout.add(lines), before)
    if not failed:
        yield Piece(layout.finish(), tuple(held))


class _Digesting:
    """A binary stream that hashes every line read from it."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.digest = hashlib.sha256()
        self.size = 0

    def readline(self, limit: int = -1) -> bytes:
        line = self.stream.readline(limit)
        self.digest.update(line)
        self.size += len(line)
        return line


@dataclass(frozen=True, slots=True)
class Outcome:
    """What formatting a log found: the problems that keep it from being rewritten, and
    whether its canonical text differs from its bytes."""

    problems: tuple[Problem, ...]
    changed: bool


def format_stream(stream: BinaryIO, write: Callable[[str], object],
                  language: Language | None = None) -> Outcome:
    """Give the canonical text of the log read from ``stream`` to ``write``, a piece at a
    time, as long as no problem is found; memory is that of one game. ``language``: the
    words' (None: each game's own)."""
    source = _Digesting(stream)
    written, size = hashlib.sha256(), 0
    problems: list[Problem] = []
    for piece in formatted_pieces(source, language=language):  # type: ignore[arg-type]
        if isinstance(piece, Problem):
            problems.append(piece)
        elif not problems and piece.text:
            data = piece.text.encode("utf-8")
            written.update(data)
            size += len(data)
            write(piece.text)
    changed = (size, written.digest()) != (source.size, source.digest.digest())
    return Outcome(tuple(problems), changed)


def format_log(data: bytes, language: Language | None = None) -> str | tuple[Problem, ...]:
    """The canonical text of a log file's bytes, or why it cannot be rewritten.

    Comments stay in place and blank lines between events stay (a run of them becomes
    one); spacing, spellings of cards, the language of the words (``language``, else the
    game's own), line ends (always LF) and a byte-order mark are made canonical (see
    above). A file that is not UTF-8 gives its
    ``F002`` problem and a file with syntax errors its ``F003`` problems, as ``scala40
    replay`` reports them: nothing of such a file is rewritten.
    """
    pieces: list[str] = []
    outcome = format_stream(io.BytesIO(data), pieces.append, language)
    return outcome.problems or "".join(pieces)
