"""The bounds scala40 puts on what a log may hold, and why each number is what it is.

A log comes from people typing after a game or from a server with bugs, so nothing in
it is trusted to be small. The reading streams a file a game at a time and every stage
is linear in what it reads, but two shapes of input would still cost far more than
they are worth, and each has a bound here. Going over one is never a crash: it is a
syntax error (``F003``) that says which bound and where, and the lines it concerns are
skipped like any unreadable line (the hand they fall in is given up with ``G007``,
the other hands and games are judged as usual). docs/log-format.md, "Hostile input and
limits", gives the same bounds to the people who write logs.

``MAX_LINE_CHARS`` (10,000 characters, line end not counted)
    The longest line of a real log is a ``stock`` line of up to 81 cards (two players):
    no line of the shipped logs or of bot-written matches reaches 300 characters. Tags
    and comments are free text, but nobody writes a page on one line. 10,000 is
    thirty times the longest line there is reason to write, and small enough that no
    line costs much: a longer line is not split into words, not given to the grammar
    and not echoed under the error. Without the bound a 1 MB line took a second to
    explain, and a 1 MB ``score`` line (150,000 names) minutes, as the check that names
    every player once compares each name with every other. Enforced while reading
    (:mod:`scala40cli.reading.chunks`: a line over 64 KiB is never kept) and in
    :func:`scala40cli.reading.parser.iter_games`, before any other reading of the line.

``MAX_HAND_EVENTS`` (10,000 events from a ``hand`` line to the next)
    A hand is a few hundred events: 2 players and a stock of 81 cards give at most
    about 80 turns of 2 to 5 events; the longest hand of the shipped fixtures has 230
    events and of bot-written matches (2 to 6 players) about 300. A hand of more than
    10,000 events is not a game that was played, and each of its events may add a
    violation to the report: the events after the 10,000th, up to the next ``hand``
    line or the end of the game, are skipped with one ``F003`` placed on the first of
    them. Events before the first ``hand`` line count as one hand; header tags never
    count. Enforced in :class:`scala40cli.reading.games.Games` when a game is complete.

``MAX_GAME_LINES`` (50,000), ``MAX_GAME_BYTES`` (8 MiB), ``MAX_GAME_HANDS`` (1,000) a game
    A game is the lines from its first header tag to the next game's, comments and
    blank lines included. A match of six bots stopped at 200 hands (``simulate
    --max-hands 200``) is about 24,000 lines and 0.5 MB; a club's evening is a few
    thousand lines. A game is held whole while it is judged, and a hand of the report
    costs up to 2.5 KB (a ``hand`` line alone, with its violation), so without a bound
    one game of 1,000,000 ``hand`` lines took 2.3 GB and 200 MB of comments were all
    kept. A match ends when all but one player reach the elimination score, a few
    dozen hands; bots are stopped at 200 hands by default. The bounds keep a game's
    report bounded: 50,000 ``hand`` lines, each a hand and a violation, took 300 MB
    with ``--format json`` (a game is one JSON object there), 1,000 take 10 MB. The
    costliest game within the bounds measured (50,000 lines of turns over 1,000
    hands, each a violation: 51,000 violations) takes 85 MB with ``text``, 145 MB
    with ``jsonl`` and 310 MB with ``json``. The lines after a bound, up to the next
    game, are counted and skipped while reading (never kept) with one ``F003`` on
    the first of them, and the game is judged up to there (``G007`` on its last hand).
    Enforced in :func:`scala40cli.reading.chunks.game_chunks`, which also keeps no comment for
    the replay (a comment line costs one byte there) and reads a line at most 64 KiB at
    a time, so that a line of a gigabyte, or an endless one, is skipped unkept.

No bound on the number of games in a file
    The file is read a game at a time (:mod:`scala40cli.reading.chunks`): the bytes, text and
    events of one game are in memory at once, and the time is linear in the size of
    the file (0.1 to 0.2 ms for a game of one tag and one hand). What may grow with the
    number of games is the report. The ``jsonl`` and ``github`` formats are written as
    the games are judged and keep nothing: 100,000 games take about 35 MB in all. The
    text, JSON, SARIF and JUnit reports are one document each, so every game's result
    is kept until the report is written: about 4 to 5 KB a game (100,000 games: about
    0.4 to 0.5 GB), most of it the resolved rules every game carries. A cap would not
    make that smaller for the games under it; it would only turn a long archive into an
    error. For archives of millions of games, use a streamed format or split the file.
    A game is held whole while it is judged: its memory follows its size, which is
    bounded as above.

Bounds that were already there and stay where they are: numbers (hand, meld, score)
have at most nine digits (the parser and :mod:`scala40cli.reading.fastlines`), a game has 2 to
6 players (:mod:`scala40cli.judging.match.referee`), a folder is searched without following links to
folders (:mod:`scala40cli.reading.inputs`), so a link loop ends the search.
"""

from __future__ import annotations

#: The most characters a line may hold, not counting its line end.
MAX_LINE_CHARS = 10_000

#: The most events a hand may hold, from its ``hand`` line (not counted) to the next.
MAX_HAND_EVENTS = 10_000

#: The most lines a game may hold, comments and blank lines included.
MAX_GAME_LINES = 50_000

#: The most bytes a game may hold, as read (comments left out of the replay count one).
MAX_GAME_BYTES = 8 * 1024 * 1024

#: The most ``hand`` lines a game may hold.
MAX_GAME_HANDS = 1_000
