"""The violation catalogue: problems of the deal (``D``) and of turn order and phases (``T``).

Each entry says what its code means, the rule it enforces in words, where the docs
explain that rule, and an example; :mod:`scala40cli.model.violations` gathers them.
"""

from __future__ import annotations

from scala40cli.model.codes import Code, CodeInfo

ENTRIES: dict[Code, CodeInfo] = {
    Code.HAND_NUMBER: CodeInfo(
        name="hand-number",
        summary="The k-th hand of the game is not numbered k, or its `hand` line is missing: "
        "a `dealer` or `deal` line after a hand ended is reported there, and the lines from "
        "it are judged as the next hand.",
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
}
