"""The violation catalogue: problems with the stock and the discard pile (``S``):
drawing, taking, discarding, buying and reshuffling.

Each entry says what its code means, the rule it enforces in words, where the docs
explain that rule, and an example; :mod:`scala40cli.model.violations` gathers them.
"""

from __future__ import annotations

from scala40cli.model.codes import Code, CodeInfo

ENTRIES: dict[Code, CodeInfo] = {
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
        summary="A buy that draws no extra card and plays nothing, or does not lay the bought "
        "card down at once; reported at the buy line (a second draw is T003, a play before "
        "the draw T002).",
        source="A buy draws exactly one extra card and lays the bought card down at once",
        see="log-format.md#variants",
        example="Carla buy 7C, then Bruno plays with the 7C still in Carla's hand",
    ),
}
