"""The violation codes: a stable code and name for every kind of problem.

Like a linter's rule table. Codes never change meaning once published; a retired
code is never reused. The letter says the area: ``G`` game and match, ``D`` deal,
``T`` turn order and phases, ``S`` stock and discard pile, ``M`` melds and opening,
``C`` closing and scores; ``F`` problems of a file as a whole (it cannot be read or
parsed), which the report lists under the file rather than under a game.
``docs/violations.md`` explains each one; a test keeps the two in step.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Code(StrEnum):
    """Every problem scala40 reports. The value is the wire format."""

    UNREADABLE_FILE = "F001"
    BAD_ENCODING = "F002"
    SYNTAX_ERROR = "F003"

    MISSING_PLAYERS = "G001"
    BAD_PLAYERS = "G002"
    UNKNOWN_PLAYER = "G003"
    BAD_RULES = "G004"
    AFTER_MATCH_END = "G005"
    UNFINISHED_HAND = "G006"
    UNREADABLE_HAND = "G007"
    BAD_REENTRY = "G008"
    LOOKALIKE_NAMES = "G009"

    HAND_NUMBER = "D001"
    MISSING_DEALER = "D002"
    WRONG_DEALER = "D003"
    MISSING_DEAL = "D004"
    DEAL_SIZE = "D005"
    DEAL_PLAYER = "D006"
    TOO_MANY_COPIES = "D007"
    MISSING_UPCARD = "D008"
    UPCARD_JOKER = "D009"
    DECK_MISMATCH = "D010"

    WRONG_TURN = "T001"
    PLAY_BEFORE_DRAW = "T002"
    SECOND_DRAW = "T003"
    NOT_IN_HAND = "T004"
    AFTER_HAND_END = "T005"
    OUT_OF_PLACE = "T006"

    DRAW_NOT_TOP = "S001"
    NOT_IN_STOCK = "S002"
    TAKE_NOT_TOP = "S003"
    EMPTY_DISCARD_PILE = "S004"
    EARLY_RESHUFFLE = "S005"
    MISSING_RESHUFFLE = "S006"
    TAKE_BEFORE_OPENING = "S007"
    TAKEN_CARD_UNUSED = "S008"
    DISCARD_TAKEN_CARD = "S009"
    DISCARD_PLAYABLE = "S010"
    DISCARD_JOKER = "S011"
    ILLEGAL_BUY = "S012"
    INCOMPLETE_BUY = "S013"

    INVALID_MELD = "M001"
    INVALID_ATTACH = "M002"
    INVALID_SWAP = "M003"
    NO_SUCH_MELD = "M004"
    NOT_OPENED = "M005"
    OPENING_TOO_LOW = "M006"
    OPENING_JOKER = "M007"
    FREED_JOKER_UNUSED = "M008"

    CLOSING_WITHOUT_DISCARD = "C001"
    SCORE_MISMATCH = "C002"
    SCORE_PLAYERS = "C003"
    EARLY_CLOSING = "C004"
    MISSING_SCORE = "C005"


@dataclass(frozen=True, slots=True, kw_only=True)
class CodeInfo:
    """What a code means, for reports, ``docs/violations.md`` and ``scala40 explain``.

    ``source`` is the rule the code enforces, in words a player reads (never a file
    name or a decision number); ``see`` is where the docs explain that rule, a path
    under ``docs/`` with its anchor (``decisions.md#d17``), so that the generated page
    and ``scala40 explain`` can both point a reader at it.
    """

    name: str
    summary: str
    source: str
    example: str
    see: str = ""


RULEBOOK: dict[Code, CodeInfo] = {
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
        summary="The game has no [Players] tag, so it cannot be replayed.",
        source="Every game names its players in a [Players] tag",
        see="log-format.md#header-tags",
        example='[Event "Friday"] then `hand 1` with no [Players "A" "B"]',
    ),
    Code.BAD_PLAYERS: CodeInfo(
        name="bad-players",
        summary="The [Players] tag names fewer than 2 or more than 6 players, or a name twice.",
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
        summary="The game ends in the middle of a hand; that hand scores nothing.",
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
        "reported at the [Players] tag, once for each name or pair. Alike means: equal "
        "once invisible characters are dropped (a zero-width joiner or space, a bidi "
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
    Code.HAND_NUMBER: CodeInfo(
        name="hand-number",
        summary="The k-th hand of the game is not numbered k.",
        source="The k-th hand of a game is numbered k; a gap is reported once",
        see="decisions.md#d21",
        example="hand 3 right after hand 1",
    ),
    Code.MISSING_DEALER: CodeInfo(
        name="missing-dealer",
        summary="The hand has no `dealer` line; the referee assumes the next dealer in rotation.",
        source="Every hand names its dealer in a `dealer` line",
        see="log-format.md#the-deal",
        example="hand 2 followed directly by deal lines",
    ),
    Code.WRONG_DEALER: CodeInfo(
        name="wrong-dealer",
        summary="The dealer is not the next player still in the match after the previous dealer.",
        source="The deal passes to the next player still in the match; the dealer written is "
        "taken as fact",
        see="decisions.md#d20",
        example="dealer Anna in hand 1, dealer Carla in hand 2 of Anna, Bruno, Carla",
    ),
    Code.MISSING_DEAL: CodeInfo(
        name="missing-deal",
        summary="A player still in the match was dealt no cards; reported at the `hand` line.",
        source="Every player still in the match is dealt in, one `deal` line each",
        see="log-format.md#the-deal",
        example="three players, two deal lines",
    ),
    Code.DEAL_SIZE: CodeInfo(
        name="deal-size",
        summary="A deal line does not give exactly 13 cards.",
        source="Each player is dealt 13 cards",
        see="rules.md#the-classic-rules",
        example="deal Anna with 12 cards",
    ),
    Code.DEAL_PLAYER: CodeInfo(
        name="deal-player",
        summary="A deal line for a player who is out of the match or was already dealt.",
        source="Every player still in the match is dealt in, one `deal` line each",
        see="log-format.md#the-deal",
        example="two deal lines for Anna",
    ),
    Code.TOO_MANY_COPIES: CodeInfo(
        name="too-many-copies",
        summary="A card appears more often than the deck holds it (two copies, four jokers).",
        source="Two 52-card decks and their jokers: every card exists in two copies",
        see="rules.md#the-classic-rules",
        example="a third 7H in the deal",
    ),
    Code.MISSING_UPCARD: CodeInfo(
        name="missing-upcard",
        summary="Play starts without an `upcard` line.",
        source="One card turned face up starts the discard pile",
        see="rules.md#the-classic-rules",
        example="deal lines followed directly by `Anna draw 5S`",
    ),
    Code.UPCARD_JOKER: CodeInfo(
        name="upcard-joker",
        summary="A joker turned up as the upcard was not put back and replaced by another upcard.",
        source="With upcard_joker=returned, a joker turned up goes back into the stock and "
        "another card is turned up",
        see="rules.md#switches",
        example="upcard JK followed by a draw",
    ),
    Code.DECK_MISMATCH: CodeInfo(
        name="deck-mismatch",
        summary="With a `stock` line, the deals, upcard and stock are not exactly the full deck.",
        source="A `stock` line, the deals and the upcard together make exactly the full deck",
        see="log-format.md#the-deal",
        example="a stock that lacks one 9C",
    ),
    Code.WRONG_TURN: CodeInfo(
        name="wrong-turn",
        summary="A player acts when it is another player's turn; play continues from the "
        "player who acted.",
        source="Players play in turn; after an event by the wrong player, play goes on from "
        "that player",
        see="decisions.md#d19",
        example="Carla draw 5S when Bruno is to play",
    ),
    Code.PLAY_BEFORE_DRAW: CodeInfo(
        name="play-before-draw",
        summary="A meld, attach, swap or discard before the turn's draw or take.",
        source="A turn starts with one draw from the stock or one take from the discard pile",
        see="rules.md#the-classic-rules",
        example="Anna meld 3S 4S 5S as the first event of her turn",
    ),
    Code.SECOND_DRAW: CodeInfo(
        name="second-draw",
        summary="A second draw or take in the same turn.",
        source="A turn holds exactly one draw or take",
        see="rules.md#the-classic-rules",
        example="Anna draw 5S then Anna take 9C",
    ),
    Code.NOT_IN_HAND: CodeInfo(
        name="not-in-hand",
        summary="The player discards, melds, attaches or swaps a card that is not in their hand.",
        source="A player can play only the cards in their hand; what cannot happen is not "
        "applied",
        see="decisions.md#d27",
        example="Anna discard KH when Anna holds no KH",
    ),
    Code.AFTER_HAND_END: CodeInfo(
        name="after-hand-end",
        summary="An event comes after the hand ended; it and the rest of the hand are ignored.",
        source="The hand ends when a player closes or the stock runs out for good; the first "
        "event after it is reported, the rest of the hand ignored",
        see="decisions.md#own-after-hand-end",
        example="Bruno draw 4C after Anna discarded her last card",
    ),
    Code.OUT_OF_PLACE: CodeInfo(
        name="out-of-place",
        summary="An event where the format does not allow it: a deal during play, a `score` "
        "in the middle of a hand, a turn before the deal.",
        source="Each event has its place: deals before play, turns after the deal, a `score` "
        "after the hand ends",
        see="decisions.md#own-turn-before-deal",
        example="score Anna 0 Bruno 12 before anyone closed",
    ),
    Code.DRAW_NOT_TOP: CodeInfo(
        name="draw-not-top",
        summary="With a known stock, the card drawn is not the top of the stock.",
        source="With a known stock, every draw is its top card; a card drawn from elsewhere "
        "leaves the stock and the top stays on top",
        see="decisions.md#d18",
        example="stock 4H 9C ... then Anna draw 9C",
    ),
    Code.NOT_IN_STOCK: CodeInfo(
        name="not-in-stock",
        summary="The card drawn has no copy left in the stock.",
        source="Every card exists in two copies: a draw needs a copy left in the stock",
        see="decisions.md#own-draw-not-in-stock",
        example="a draw of a third KS",
    ),
    Code.TAKE_NOT_TOP: CodeInfo(
        name="take-not-top",
        summary="`take C` when C is not the top card of the discard pile.",
        source="Only the top card of the discard pile can be taken",
        see="rules.md#the-classic-rules",
        example="Bruno take 9C when the pile shows 4D",
    ),
    Code.EMPTY_DISCARD_PILE: CodeInfo(
        name="empty-discard-pile",
        summary="`take` when the discard pile is empty.",
        source="Only the top card of the discard pile can be taken, so an empty pile gives "
        "nothing",
        see="rules.md#the-classic-rules",
        example="take right after a reshuffle that left no pile",
    ),
    Code.EARLY_RESHUFFLE: CodeInfo(
        name="early-reshuffle",
        summary="`reshuffle` while the stock still has cards.",
        source="The discard pile is reshuffled into the stock only when the stock is empty",
        see="decisions.md#d17",
        example="reshuffle with 20 cards in the stock",
    ),
    Code.MISSING_RESHUFFLE: CodeInfo(
        name="missing-reshuffle",
        summary="A draw from an empty stock with no `reshuffle` line before it; the referee "
        "reshuffles and goes on.",
        source="A draw from an empty stock needs a `reshuffle` line first; the referee then "
        "reshuffles by itself",
        see="decisions.md#d17",
        example="the stock ran out and Anna draws",
    ),
    Code.TAKE_BEFORE_OPENING: CodeInfo(
        name="take-before-opening",
        summary="A player who had not opened took the discard and did not open with it in "
        "that turn (take_before_opening=only_to_open), or took it at all (forbidden).",
        source="With take_before_opening=only_to_open, a player who has not opened takes the "
        "discard only to open with it in that turn; with forbidden, never",
        see="decisions.md#d12",
        example="Bruno take 9C, then discards without opening",
    ),
    Code.TAKEN_CARD_UNUSED: CodeInfo(
        name="taken-card-unused",
        summary="After opening, the card taken from the discard pile did not reach the table "
        "in the same turn (take_after_opening=must_use).",
        source="With take_after_opening=must_use, a card of the taken code reaches the table "
        "in the same turn",
        see="decisions.md#d13",
        example="Anna take 9C, then Anna discard 4D with the 9C still in hand",
    ),
    Code.DISCARD_TAKEN_CARD: CodeInfo(
        name="discard-taken-card",
        summary="The player discards the card just taken from the discard pile.",
        source="With discard_taken_card=forbidden, the card just taken is not discarded in the"
        " same turn; the two copies of a card are alike",
        see="decisions.md#d14",
        example="Anna take 9C then Anna discard 9C",
    ),
    Code.DISCARD_PLAYABLE: CodeInfo(
        name="discard-playable",
        summary="A discard of a card that could be attached to a meld on the table, where "
        "discard_playable forbids it.",
        source="With discard_playable, a card that could be attached to a meld on the table is"
        ' not discarded (text D: "le carte che attaccano non possono mai essere '
        'scartate")',
        see="rules.md#variant-mechanics-as-scala40-judges-them",
        example="Anna discard 8S while 5S 6S 7S is on the table",
    ),
    Code.DISCARD_JOKER: CodeInfo(
        name="discard-joker",
        summary="A joker discarded where discard_joker forbids it: as the closing discard "
        "(not_closing) or as any other discard (closing_only).",
        source="With discard_joker=not_closing a joker is never the closing discard; with "
        "closing_only it is only the closing discard",
        see="rules.md#variant-mechanics-as-scala40-judges-them",
        example="Anna discard JK as her last card with discard_joker=not_closing",
    ),
    Code.ILLEGAL_BUY: CodeInfo(
        name="illegal-buy",
        summary="A buy of the discard out of turn that the rules do not allow: compra is off, "
        "the buyer discarded it or is the next player, or it does not come right after a "
        "discard.",
        source="With compra=yes, a player other than the discarder and the next player may buy"
        " a discard right after it is made",
        see="log-format.md#variants",
        example="Bruno buy 7C when Bruno is the next to play",
    ),
    Code.INCOMPLETE_BUY: CodeInfo(
        name="incomplete-buy",
        summary="A buy that does not draw exactly one extra card or does not lay the bought "
        "card down at once; reported at the buy line.",
        source="A buy draws exactly one extra card and lays the bought card down at once",
        see="log-format.md#variants",
        example="Carla buy 7C, then Bruno plays with the 7C still in Carla's hand",
    ),
    Code.INVALID_MELD: CodeInfo(
        name="invalid-meld",
        summary="A meld that is neither a valid set nor a valid run (order, suits, ranks, "
        "length, jokers).",
        source="A set is 3 or 4 cards of one rank in different suits; a run is 3 or more "
        "consecutive cards of one suit, written ascending, a joker standing where it is"
        " written",
        see="decisions.md#d1",
        example="Anna meld 6S 5S 4S (runs are written ascending)",
    ),
    Code.INVALID_ATTACH: CodeInfo(
        name="invalid-attach",
        summary="Cards that do not extend the meld into a valid set or run.",
        source="Attached cards extend the meld into a valid set or run; a joker that could go "
        "at two places says which card it stands for",
        see="decisions.md#d4",
        example="Anna attach 9H to 2 where meld 2 is 3S 4S 5S",
    ),
    Code.INVALID_SWAP: CodeInfo(
        name="invalid-swap",
        summary="The card does not replace the meld's joker: the meld has no joker, or the "
        "card is not the one the joker stands for.",
        source="A joker on the table is taken back only by putting in its place the card it "
        "stands for",
        see="decisions.md#d2",
        example="Anna swap 8D in 2 where the joker of meld 2 stands for 8S",
    ),
    Code.NO_SUCH_MELD: CodeInfo(
        name="no-such-meld",
        summary="An attach or swap names a meld number not on the table in this hand.",
        source="The melds of a hand are numbered 1, 2, 3 ... in the order they are laid",
        see="log-format.md#turns",
        example="Anna attach 6S to 9 with four melds on the table",
    ),
    Code.NOT_OPENED: CodeInfo(
        name="not-opened",
        summary="An attach or swap by a player who has not opened (in the opening turn: "
        "before the melds laid so far reach the threshold, or anywhere opening_turn_plays "
        "does not allow in that turn).",
        source="Nobody attaches or swaps before opening; in the opening turn, only once the "
        "melds laid so far reach the threshold",
        see="decisions.md#d9",
        example="Bruno attach 6S to 1 before Bruno opened",
    ),
    Code.OPENING_TOO_LOW: CodeInfo(
        name="opening-too-low",
        summary="The melds of the opening turn are worth less than the opening threshold; "
        "reported on the last meld of that turn.",
        source="The melds of the opening turn are worth at least the opening threshold (40 "
        "points in classic), judged at the end of the turn",
        see="decisions.md#d7",
        example="Anna meld 7S 7H 7D (21 points) as her opening",
    ),
    Code.OPENING_JOKER: CodeInfo(
        name="opening-joker",
        summary="A joker in a meld of the opening turn where the rules allow natural cards only.",
        source="With opening_jokers=forbidden, no meld of the opening turn holds a joker",
        see="decisions.md#d11",
        example="Anna meld 10S JK QS KS as her opening",
    ),
    Code.FREED_JOKER_UNUSED: CodeInfo(
        name="freed-joker-unused",
        summary="A joker freed by a swap was not laid down in the same turn "
        "(freed_joker=must_use).",
        source="With freed_joker=must_use, a joker freed by a swap is laid down again in the "
        "same turn",
        see="decisions.md#d15",
        example="Anna swap 8D in 2 and then discards, keeping the joker",
    ),
    Code.CLOSING_WITHOUT_DISCARD: CodeInfo(
        name="closing-without-discard",
        summary="The player emptied their hand by laying cards down, with no card left to "
        "discard (closing_discard=needs); the hand ends there.",
        source="With closing_discard=needs, a player closes by discarding their last card, not"
        " by laying it down",
        see="rules.md#switches",
        example="Anna meld 3S 4S 5S with those her last three cards",
    ),
    Code.SCORE_MISMATCH: CodeInfo(
        name="score-mismatch",
        summary="A penalty on the `score` line differs from the referee's. A line that holds "
        "every player's running total instead is reported once, as running totals.",
        source="The penalties of a hand: the closer 0, the others the value of their cards or "
        "the flat 100 if never opened, with the bonuses of the rules",
        see="decisions.md#d23",
        example="score Anna 0 Bruno 30 where Bruno holds 35 points",
    ),
    Code.SCORE_PLAYERS: CodeInfo(
        name="score-players",
        summary="A `score` line that does not name every player of the hand exactly once.",
        source="A `score` line names every player of the hand exactly once",
        see="decisions.md#d25",
        example="score Anna 0 for a hand of Anna and Bruno",
    ),
    Code.EARLY_CLOSING: CodeInfo(
        name="early-closing",
        summary="A player closes in their own first turn of the hand, whatever their seat, "
        "where closing_first_round=not_allowed.",
        source="With closing_first_round=not_allowed, nobody closes in their own first turn "
        "of the hand, whatever their seat",
        see="rules.md#variant-mechanics-as-scala40-judges-them",
        example="Anna closes in the first turn of the hand",
    ),
    Code.MISSING_SCORE: CodeInfo(
        name="missing-score",
        summary="A hand ends with cards the log does not know (`?`) in the hand of a "
        "player who did not close, and no `score` line says the penalties: the referee "
        "cannot compute them, so the hand needs its score line (format 1.1).",
        source="A player's penalty depends on cards the log does not know: only the score "
        "line written at the table can give it",
        see="log-format.md#unknown-cards-format-11",
        example="hand 2 ends with Bruno holding unknown cards and is followed by `hand 3`",
    ),
}

