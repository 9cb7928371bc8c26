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


@dataclass(frozen=True, slots=True, kw_only=True)
class CodeInfo:
    """What a code means, for reports, ``docs/violations.md`` and ``scala40 explain``."""

    name: str
    summary: str
    source: str
    example: str


RULEBOOK: dict[Code, CodeInfo] = {
    Code.UNREADABLE_FILE: CodeInfo(
        name="unreadable-file",
        summary="The file cannot be opened or read (missing, a directory, no permission).",
        source="-",
        example="scala40 replay missing.s40",
    ),
    Code.BAD_ENCODING: CodeInfo(
        name="bad-encoding",
        summary="The file is not valid UTF-8; the message gives the offset of the first bad byte.",
        source="log format: UTF-8",
        example="a log saved as Latin-1 with an accented name",
    ),
    Code.SYNTAX_ERROR: CodeInfo(
        name="syntax-error",
        summary="A line does not follow the log format; the message says what was expected. "
        "Reading resumes at the next header tag or `hand` line.",
        source="log format",
        example="Anna discards 5S",
    ),
    Code.MISSING_PLAYERS: CodeInfo(
        name="missing-players",
        summary="The game has no [Players] tag, so it cannot be replayed.",
        source="log format: `Players` is required",
        example='[Event "Friday"] then `hand 1` with no [Players "A" "B"]',
    ),
    Code.BAD_PLAYERS: CodeInfo(
        name="bad-players",
        summary="The [Players] tag names fewer than 2 or more than 6 players, or a name twice.",
        source="log format: 2 to 6 distinct names",
        example='[Players "Anna"]',
    ),
    Code.UNKNOWN_PLAYER: CodeInfo(
        name="unknown-player",
        summary="An event names a player who is not in the game or not in this hand.",
        source="log format: players are named exactly as in the Players tag",
        example="Zoe draw 5S",
    ),
    Code.BAD_RULES: CodeInfo(
        name="bad-rules",
        summary="A [Rules] or [Rule] tag names an unknown preset, key or value.",
        source="rules matrix: keys and values are fixed tokens",
        example='[Rule "opening_point" "40"]',
    ),
    Code.AFTER_MATCH_END: CodeInfo(
        name="after-match-end",
        summary="An event comes after the match ended (one player left).",
        source="rules: the match ends when one player is left",
        example="hand 7 after the second-to-last player was eliminated",
    ),
    Code.UNFINISHED_HAND: CodeInfo(
        name="unfinished-hand",
        summary="The game ends in the middle of a hand; that hand scores nothing.",
        source="referee decision 22",
        example="the file ends after `Anna draw 5S`",
    ),
    Code.UNREADABLE_HAND: CodeInfo(
        name="unreadable-hand",
        summary="A line of this game could not be parsed (see the file's errors). If it falls "
        "in a hand in play, the rest of that hand is not judged and it scores nothing; an "
        "unreadable `hand` line still counts as a hand.",
        source="log format",
        example="Anna discrad 5S",
    ),
    Code.BAD_REENTRY: CodeInfo(
        name="bad-reentry",
        summary="With reentry=yes, an eliminated player is dealt in again where re-entry is "
        "not allowed: a second re-entry, after mortal combat, or while the match is being "
        "decided. (With reentry=no, a deal for a player out of the match is D006.)",
        source="rules matrix: reentry (text D)",
        example="Carla re-enters in hand 5 after re-entering once already in hand 3",
    ),
    Code.HAND_NUMBER: CodeInfo(
        name="hand-number",
        summary="The k-th hand of the game is not numbered k.",
        source="log format: hands are numbered 1, 2, 3 ... with no gaps; decision 21",
        example="hand 3 right after hand 1",
    ),
    Code.MISSING_DEALER: CodeInfo(
        name="missing-dealer",
        summary="The hand has no `dealer` line; the referee assumes the next dealer in rotation.",
        source="log format",
        example="hand 2 followed directly by deal lines",
    ),
    Code.WRONG_DEALER: CodeInfo(
        name="wrong-dealer",
        summary="The dealer is not the next player still in the match after the previous dealer.",
        source="rules: the deal passes to the next player; decision 20",
        example="dealer Anna in hand 1, dealer Carla in hand 2 of Anna, Bruno, Carla",
    ),
    Code.MISSING_DEAL: CodeInfo(
        name="missing-deal",
        summary="A player still in the match was dealt no cards; reported at the `hand` line.",
        source="log format: one deal line for each player still in the match",
        example="three players, two deal lines",
    ),
    Code.DEAL_SIZE: CodeInfo(
        name="deal-size",
        summary="A deal line does not give exactly 13 cards.",
        source="rules: 13 cards to each player",
        example="deal Anna with 12 cards",
    ),
    Code.DEAL_PLAYER: CodeInfo(
        name="deal-player",
        summary="A deal line for a player who is out of the match or was already dealt.",
        source="log format: one deal line for each player still in the match",
        example="two deal lines for Anna",
    ),
    Code.TOO_MANY_COPIES: CodeInfo(
        name="too-many-copies",
        summary="A card appears more often than the deck holds it (two copies, four jokers).",
        source="rules: two decks, every card in two copies",
        example="a third 7H in the deal",
    ),
    Code.MISSING_UPCARD: CodeInfo(
        name="missing-upcard",
        summary="Play starts without an `upcard` line.",
        source="rules: one card face up starts the discard pile",
        example="deal lines followed directly by `Anna draw 5S`",
    ),
    Code.UPCARD_JOKER: CodeInfo(
        name="upcard-joker",
        summary="A joker turned up as the upcard was not put back and replaced by another upcard.",
        source="rules matrix: upcard_joker=returned",
        example="upcard JK followed by a draw",
    ),
    Code.DECK_MISMATCH: CodeInfo(
        name="deck-mismatch",
        summary="With a `stock` line, the deals, upcard and stock are not exactly the full deck.",
        source="log format: stock",
        example="a stock that lacks one 9C",
    ),
    Code.WRONG_TURN: CodeInfo(
        name="wrong-turn",
        summary="A player acts when it is another player's turn; play continues from the "
        "player who acted.",
        source="rules: the turn passes to the next player; decision 19",
        example="Carla draw 5S when Bruno is to play",
    ),
    Code.PLAY_BEFORE_DRAW: CodeInfo(
        name="play-before-draw",
        summary="A meld, attach, swap or discard before the turn's draw or take.",
        source="rules: a turn starts with one draw or take",
        example="Anna meld 3S 4S 5S as the first event of her turn",
    ),
    Code.SECOND_DRAW: CodeInfo(
        name="second-draw",
        summary="A second draw or take in the same turn.",
        source="rules: exactly one draw or take a turn",
        example="Anna draw 5S then Anna take 9C",
    ),
    Code.NOT_IN_HAND: CodeInfo(
        name="not-in-hand",
        summary="The player discards, melds, attaches or swaps a card that is not in their hand.",
        source="rules",
        example="Anna discard KH when Anna holds no KH",
    ),
    Code.AFTER_HAND_END: CodeInfo(
        name="after-hand-end",
        summary="An event comes after the hand ended; it and the rest of the hand are ignored.",
        source="rules: the hand ends when a player closes; decision 16",
        example="Bruno draw 4C after Anna discarded her last card",
    ),
    Code.OUT_OF_PLACE: CodeInfo(
        name="out-of-place",
        summary="An event where the format does not allow it: a deal during play, a `score` "
        "in the middle of a hand, a turn before the deal.",
        source="log format",
        example="score Anna 0 Bruno 12 before anyone closed",
    ),
    Code.DRAW_NOT_TOP: CodeInfo(
        name="draw-not-top",
        summary="With a known stock, the card drawn is not the top of the stock.",
        source="log format: every stock draw must be the next card of it; decision 18",
        example="stock 4H 9C ... then Anna draw 9C",
    ),
    Code.NOT_IN_STOCK: CodeInfo(
        name="not-in-stock",
        summary="The card drawn has no copy left in the stock.",
        source="rules: two copies of every card",
        example="a draw of a third KS",
    ),
    Code.TAKE_NOT_TOP: CodeInfo(
        name="take-not-top",
        summary="`take C` when C is not the top card of the discard pile.",
        source="rules: only the top card of the discard pile can be taken",
        example="Bruno take 9C when the pile shows 4D",
    ),
    Code.EMPTY_DISCARD_PILE: CodeInfo(
        name="empty-discard-pile",
        summary="`take` when the discard pile is empty.",
        source="rules",
        example="take right after a reshuffle that left no pile",
    ),
    Code.EARLY_RESHUFFLE: CodeInfo(
        name="early-reshuffle",
        summary="`reshuffle` while the stock still has cards.",
        source="rules: the discard pile is reshuffled only when the stock is empty; decision 17",
        example="reshuffle with 20 cards in the stock",
    ),
    Code.MISSING_RESHUFFLE: CodeInfo(
        name="missing-reshuffle",
        summary="A draw from an empty stock with no `reshuffle` line before it; the referee "
        "reshuffles and goes on.",
        source="decision 17",
        example="the stock ran out and Anna draws",
    ),
    Code.TAKE_BEFORE_OPENING: CodeInfo(
        name="take-before-opening",
        summary="A player who had not opened took the discard and did not open with it in "
        "that turn (take_before_opening=only_to_open), or took it at all (forbidden).",
        source="rules matrix: take_before_opening; decision 12",
        example="Bruno take 9C, then discards without opening",
    ),
    Code.TAKEN_CARD_UNUSED: CodeInfo(
        name="taken-card-unused",
        summary="After opening, the card taken from the discard pile did not reach the table "
        "in the same turn (take_after_opening=must_use).",
        source="rules matrix: take_after_opening; decision 13",
        example="Anna take 9C, then Anna discard 4D with the 9C still in hand",
    ),
    Code.DISCARD_TAKEN_CARD: CodeInfo(
        name="discard-taken-card",
        summary="The player discards the card just taken from the discard pile.",
        source="rules matrix: discard_taken_card; decision 14",
        example="Anna take 9C then Anna discard 9C",
    ),
    Code.DISCARD_PLAYABLE: CodeInfo(
        name="discard-playable",
        summary="A discard of a card that could be attached to a meld on the table, where "
        "discard_playable forbids it.",
        source="rules matrix: discard_playable (text D: cards that attach are never "
        "discarded)",
        example="Anna discard 8S while 5S 6S 7S is on the table",
    ),
    Code.DISCARD_JOKER: CodeInfo(
        name="discard-joker",
        summary="A joker discarded where discard_joker forbids it: as the closing discard "
        "(not_closing) or as any other discard (closing_only).",
        source="rules matrix: discard_joker (text C)",
        example="Anna discard JK as her last card with discard_joker=not_closing",
    ),
    Code.ILLEGAL_BUY: CodeInfo(
        name="illegal-buy",
        summary="A buy of the discard out of turn that the rules do not allow: compra is off, "
        "the buyer discarded it or is the next player, or it does not come right after a "
        "discard.",
        source="rules matrix: compra (text A, variant)",
        example="Bruno buy 7C when Bruno is the next to play",
    ),
    Code.INCOMPLETE_BUY: CodeInfo(
        name="incomplete-buy",
        summary="A buy that does not draw exactly one extra card or does not lay the bought "
        "card down at once; reported at the buy line.",
        source="rules matrix: compra",
        example="Carla buy 7C, then Bruno plays with the 7C still in Carla's hand",
    ),
    Code.INVALID_MELD: CodeInfo(
        name="invalid-meld",
        summary="A meld that is neither a valid set nor a valid run (order, suits, ranks, "
        "length, jokers).",
        source="rules: sets and runs; decision 1",
        example="Anna meld 6S 5S 4S (runs are written ascending)",
    ),
    Code.INVALID_ATTACH: CodeInfo(
        name="invalid-attach",
        summary="Cards that do not extend the meld into a valid set or run.",
        source="rules: attaching; decisions 3 and 4",
        example="Anna attach 9H to 2 where meld 2 is 3S 4S 5S",
    ),
    Code.INVALID_SWAP: CodeInfo(
        name="invalid-swap",
        summary="The card does not replace the meld's joker: the meld has no joker, or the "
        "card is not the one the joker stands for.",
        source="rules: a joker is taken back with the card it stands for",
        example="Anna swap 8D in 2 where the joker of meld 2 stands for 8S",
    ),
    Code.NO_SUCH_MELD: CodeInfo(
        name="no-such-meld",
        summary="An attach or swap names a meld number not on the table in this hand.",
        source="log format: melds are numbered 1, 2, 3 ... each hand",
        example="Anna attach 6S to 9 with four melds on the table",
    ),
    Code.NOT_OPENED: CodeInfo(
        name="not-opened",
        summary="An attach or swap by a player who has not opened (in the opening turn: "
        "before the melds laid so far reach the threshold, or anywhere opening_turn_plays "
        "does not allow in that turn).",
        source="rules: nobody adds to table melds or swaps jokers before opening; decision 9",
        example="Bruno attach 6S to 1 before Bruno opened",
    ),
    Code.OPENING_TOO_LOW: CodeInfo(
        name="opening-too-low",
        summary="The melds of the opening turn are worth less than the opening threshold; "
        "reported on the last meld of that turn.",
        source="rules: the opening is at least 40 points; decisions 6 to 8",
        example="Anna meld 7S 7H 7D (21 points) as her opening",
    ),
    Code.OPENING_JOKER: CodeInfo(
        name="opening-joker",
        summary="A joker in a meld of the opening turn where the rules allow natural cards only.",
        source="rules matrix: opening_jokers=forbidden; decision 11",
        example="Anna meld 10S JK QS KS as her opening",
    ),
    Code.FREED_JOKER_UNUSED: CodeInfo(
        name="freed-joker-unused",
        summary="A joker freed by a swap was not laid down in the same turn "
        "(freed_joker=must_use).",
        source="rules matrix: freed_joker; decision 15",
        example="Anna swap 8D in 2 and then discards, keeping the joker",
    ),
    Code.CLOSING_WITHOUT_DISCARD: CodeInfo(
        name="closing-without-discard",
        summary="The player emptied their hand by laying cards down, with no card left to "
        "discard (closing_discard=needs); the hand ends there.",
        source="rules: you close by discarding, not by laying down",
        example="Anna meld 3S 4S 5S with those her last three cards",
    ),
    Code.SCORE_MISMATCH: CodeInfo(
        name="score-mismatch",
        summary="A penalty on the `score` line differs from the referee's.",
        source="rules: scoring",
        example="score Anna 0 Bruno 30 where Bruno holds 35 points",
    ),
    Code.SCORE_PLAYERS: CodeInfo(
        name="score-players",
        summary="A `score` line that does not name every player of the hand exactly once.",
        source="decision 25",
        example="score Anna 0 for a hand of Anna and Bruno",
    ),
    Code.EARLY_CLOSING: CodeInfo(
        name="early-closing",
        summary="A player closes in their own first turn of the hand, whatever their seat, "
        "where closing_first_round=not_allowed.",
        source="rules matrix: closing_first_round (text C)",
        example="Anna closes in the first turn of the hand",
    ),
}


def info(code: Code) -> CodeInfo:
    """The rulebook entry of a code."""
    return RULEBOOK[code]
