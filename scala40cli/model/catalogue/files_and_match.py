"""The violation catalogue: problems of a file as a whole (``F``: it cannot be read or
parsed, listed under the file rather than under a game), and of the game and the match
(``G``).

Each entry says what its code means, the rule it enforces in words, where the docs
explain that rule, and an example; :mod:`scala40cli.model.violations` gathers them.
"""

from __future__ import annotations

from scala40cli.model.codes import Code, CodeInfo

ENTRIES: dict[Code, CodeInfo] = {
    Code.UNREADABLE_FILE: CodeInfo(
        name="unreadable-file",
        summary="The file cannot be opened or read (missing, a directory, no permission).",
        source="A file to read must exist and be a readable regular file",
        see="log-format.md#the-file",
        example="scala40 replay missing.s40",
    ),
    Code.BAD_ENCODING: CodeInfo(
        name="bad-encoding",
        summary="The file is not valid UTF-8; the message gives the offset of the first bad byte.",
        source="A log is a UTF-8 text file",
        see="log-format.md#the-file",
        example="a log saved as Latin-1 with an accented name",
    ),
    Code.SYNTAX_ERROR: CodeInfo(
        name="syntax-error",
        summary="A line does not follow the log format; the message says what was expected. "
        "Reading resumes at the next header tag or `hand` line.",
        source="Every line of a log is one event, written in the words the log format defines",
        see="log-format.md#when-a-line-cannot-be-read",
        example="Anna discards 5S",
    ),
    Code.MISSING_PLAYERS: CodeInfo(
        name="missing-players",
        summary="The game has no [Players] tag, so it cannot be replayed. Where another tag "
        "holds 2 to 6 values ([Giocatori ...], [Joueurs ...], [Player ...]: tag names are "
        "never translated), G001 is on that tag and says to write [Players ...].",
        source="Every game names its players in a [Players] tag",
        see="log-format.md#header-tags",
        example='[Event "Friday"] then `hand 1` with no [Players "A" "B"]',
    ),
    Code.BAD_PLAYERS: CodeInfo(
        name="bad-players",
        summary="The [Players] tag names fewer than 2 or more than 6 players, a name twice, "
        "or a blank name.",
        source="A game has 2 to 6 players, each named once",
        see="log-format.md#header-tags",
        example='[Players "Anna"]',
    ),
    Code.UNKNOWN_PLAYER: CodeInfo(
        name="unknown-player",
        summary="An event names a player who is not in the game or not in this hand. A turn "
        "line under a name close to exactly one player's (Guilia for Giulia) is judged as "
        "that player's, and the message asks \"did you mean Giulia?\".",
        source="Players are named exactly as in the [Players] tag; a name close to exactly one"
        " player's is read as that player's",
        see="decisions.md#own-misspelt-name",
        example="Zoe draw 5S",
    ),
    Code.BAD_RULES: CodeInfo(
        name="bad-rules",
        summary="A [Rules] or [Rule] tag names an unknown preset, key or value.",
        source="The rules are a preset and rule switches whose keys and values are fixed words",
        see="rules.md#switches",
        example='[Rule "opening_point" "40"]',
    ),
    Code.AFTER_MATCH_END: CodeInfo(
        name="after-match-end",
        summary="An event comes after the match ended (one player left).",
        source="The match ends when one player is left; nothing is played after it",
        see="decisions.md#d24",
        example="hand 7 after the second-to-last player was eliminated",
    ),
    Code.UNFINISHED_HAND: CodeInfo(
        name="unfinished-hand",
        summary="The game ends in the middle of a hand; that hand scores nothing. (The last "
        "hand of a match saved while it is played, tagged `[Result \"*\"]`, may stop "
        "anywhere: it is unfinished, not a violation.)",
        source="A game that stops in the middle of a hand is reported, and that hand scores "
        "nothing",
        see="decisions.md#d22",
        example="the file ends after `Anna draw 5S`",
    ),
    Code.UNREADABLE_HAND: CodeInfo(
        name="unreadable-hand",
        summary="A line of this game could not be parsed (see the file's errors). The hand "
        "goes on being judged without it; what only follows from the lost line is a note, not "
        "a violation. An unreadable `hand` line still counts as a hand.",
        source="Every line of a log is one event in the log format; what an unreadable line "
        "did is unknown",
        see="log-format.md#when-a-line-cannot-be-read",
        example="Anna discrad 5S",
    ),
    Code.BAD_REENTRY: CodeInfo(
        name="bad-reentry",
        summary="With reentry=yes, an eliminated player is dealt in again where re-entry is "
        "not allowed: a second re-entry, after mortal combat, or while the match is being "
        "decided. (With reentry=no, a deal for a player out of the match is D006.)",
        source="With reentry=yes an eliminated player may come back once, by being dealt in, "
        "while at least two players are still in",
        see="rules.md#variant-mechanics-as-scala40-judges-them",
        example="Carla re-enters in hand 5 after re-entering once already in hand 3",
    ),
    Code.LOOKALIKE_NAMES: CodeInfo(
        name="lookalike-names",
        summary="Two players' names look alike, or a name holds invisible characters; "
        "reported at the [Players] tag, once for each problem: a name holding invisible "
        "characters, or the names that look alike, each name in one G009 at most, whose "
        "message says all that is wrong with it (`'An\\u202ena' holds an invisible "
        "character U+202E RIGHT-TO-LEFT OVERRIDE and so looks like 'Anna'`). Alike "
        "means: equal once invisible characters are dropped (a zero-width joiner or space, a bidi "
        "control, any format character), equal but for case (`Anna`, `anna`), or equal "
        "once Cyrillic and Greek letters that look like Latin ones are read as Latin, "
        "compatibility forms folded and spaces collapsed (Latin `Anna`, `\u0410nna` with a "
        "Cyrillic A). The game is replayed as written, the names being different, but it "
        "counts as a violation (exit status 1): a log whose players cannot be told apart "
        "by reading it cannot be checked by the people who read it, and a name that looks "
        "like another is how one player's moves are passed off as another's. The same "
        "name in two Unicode forms (`José` as one letter or as e + a combining accent) is "
        "no problem: names are compared in NFC, and the report spells them as the "
        "[Players] tag does.",
        source="The players of a game can be told apart by reading their names; a name is "
        "compared in one Unicode form (NFC)",
        see="log-format.md#player-names",
        example='[Players "Anna" "\u0410nna" "Bruno"] (the second with a Cyrillic A)',
    ),
    Code.RESULT_MISMATCH: CodeInfo(
        name="result-mismatch",
        summary="The [Result] tag names a winner other than the one the referee finds from "
        "the hands (or the match did not end). `[Result \"*\"]`, a match still being played, "
        "names no winner and is never this violation.",
        source="The result recorded with a match is the outcome of its hands, as a score "
        "line is the penalties of its hand",
        see="log-format.md#header-tags",
        example='[Result "Bruno"] on a match that Anna won',
    ),
}
