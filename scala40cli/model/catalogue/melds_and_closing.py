"""The violation catalogue: problems of melds and the opening (``M``), and of closing
and scores (``C``).

Each entry says what its code means, the rule it enforces in words, where the docs
explain that rule, and an example; :mod:`scala40cli.model.violations` gathers them.
"""

from __future__ import annotations

from scala40cli.model.codes import Code, CodeInfo

ENTRIES: dict[Code, CodeInfo] = {
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
        "every player's running total instead is reported once, as running totals; so is "
        "the line of a paper score sheet that can be no hand's penalties but holds the "
        "running totals of some that can.",
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
    Code.IMPOSSIBLE_SCORE: CodeInfo(
        name="impossible-score",
        summary="The `score` line of a paper score sheet (a hand of nothing but its score "
        "line) can be no hand's penalties under the rules: nobody or two players score as "
        "the closer does, or a penalty is less than the cheapest card or more than the "
        "costliest hand a player can hold (doubled only by a closing in one go). The "
        "penalties are taken as written.",
        source="A hand is closed by one player, who scores 0 (or what the rules give the "
        "closer), or is void, 0 for everyone; every other player pays for the cards left "
        "in hand, at least one, or the flat penalty of a hand never opened",
        see="log-format.md#a-paper-score-sheet",
        example="score Anna 5 Bruno 70, where nobody scores 0",
    ),
}
