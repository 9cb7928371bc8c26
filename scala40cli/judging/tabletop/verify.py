"""The rules of play, each written once: one ``verify_*`` function a move.

Each function looks at one move (a take, a meld, an attach, a swap, a discard, the
closing, the end of a turn) against the table it is made at and returns the
:class:`~scala40cli.judging.tabletop.findings.Finding` values of the rules it breaks,
empty when it is legal. The hand referee reports them (its moves in
:mod:`~scala40cli.judging.hands.draw_moves` and :mod:`~scala40cli.judging.hands.play_moves`,
the end of a turn in :mod:`~scala40cli.judging.hands.hand_books`, the closing in
:mod:`~scala40cli.judging.hands.hand_end`). The simulator asks the same functions: its
table (:mod:`~scala40cli.simulate.engine`) and the plays it carries out
(:mod:`~scala40cli.simulate.moves`) refuse a bot's move when they find anything, and the
board its bots plan on (:mod:`~scala40cli.simulate.board`) asks them before it plans a
play; so the referee and the simulator can never disagree on what is legal.

Every rule switch that decides the legality of a move is read here, by one function
for each rule it changes; what makes a valid meld is :mod:`~scala40cli.judging.tabletop.melds`'s
(``jokers_per_meld``, ``run_max``, ``set_joker_suit``), which these functions ask.
``tests/test_rule_reads.py`` holds the table of which module reads which switch.
Which rule decides each check is named in the docstrings: "D12" is the decision
numbered 12 in ``docs/decisions.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Final

from scala40cli.judging.rulebook.rules import (
    ClosingDiscard,
    ClosingFirstRound,
    DiscardJoker,
    DiscardPlayable,
    DiscardTakenCard,
    FreedJoker,
    OneGoThreshold,
    OpeningJokers,
    OpeningTurnPlays,
    Rules,
    StockExhausted,
    TakeAfterOpening,
    TakeBeforeOpening,
    YesNo,
)
from scala40cli.judging.tabletop.findings import Finding
from scala40cli.judging.tabletop.melds import Meld as TableMeld
from scala40cli.judging.tabletop.melds import (
    MeldError,
    attach,
    build_meld,
    fits,
    opening_value,
    swap,
)
from scala40cli.judging.tabletop.turn import Turn
from scala40cli.model.cards import JOKER, Card
from scala40cli.model.violations import Code
from scala40cli.reading.events import Attach, Buy, Discard, Meld, Swap, Take

#: Does a card fit a table meld (``melds.fits``, or a shortcut proved equal to it)?
Fits = Callable[[TableMeld, Card, Rules], bool]

#: The rule values compared with at every turn, bound once: on Python 3.11 reading an
#: enum member off its class costs 0.45 us (``EnumType.__getattr__`` routes every class
#: attribute through Python), more than the check itself.
_TAKE_FORBIDDEN: Final = TakeBeforeOpening.FORBIDDEN
_ONLY_TO_OPEN: Final = TakeBeforeOpening.ONLY_TO_OPEN
_TAKEN_MUST_USE: Final = TakeAfterOpening.MUST_USE
_ONCE_THEN_VOID: Final = StockExhausted.ONCE_THEN_VOID
_RESHUFFLE: Final = StockExhausted.RESHUFFLE
_OPENING_JOKERS_FORBIDDEN: Final = OpeningJokers.FORBIDDEN
_FREED_MUST_USE: Final = FreedJoker.MUST_USE
_TAKEN_DISCARD_FORBIDDEN: Final = DiscardTakenCard.FORBIDDEN
_PLAYABLE_FORBIDDEN: Final = DiscardPlayable.FORBIDDEN
_PLAYABLE_UNLESS_CLOSING: Final = DiscardPlayable.FORBIDDEN_UNLESS_CLOSING
_PLAYABLE_BEFORE_OPENING: Final = DiscardPlayable.FORBIDDEN_BEFORE_OPENING
_JOKER_NOT_CLOSING: Final = DiscardJoker.NOT_CLOSING
_JOKER_CLOSING_ONLY: Final = DiscardJoker.CLOSING_ONLY
_FIRST_ROUND_NOT_ALLOWED: Final = ClosingFirstRound.NOT_ALLOWED
_CLOSING_DISCARD_OPTIONAL: Final = ClosingDiscard.OPTIONAL
_THRESHOLD_WAIVED: Final = OneGoThreshold.WAIVED


# --- drawing and taking -----------------------------------------------------------------


def verify_take(event: Take | Buy, *, opened_before: bool, rules: Rules) -> list[Finding]:
    """``take_before_opening=forbidden``: nobody takes (or buys) the discard before
    opening."""
    if opened_before or rules.take_before_opening is not _TAKE_FORBIDDEN:
        return []
    verb = "buy" if isinstance(event, Buy) else "take"
    return [Finding(Code.TAKE_BEFORE_OPENING, event,
                    f"{event.player} may not {verb} the discard before opening")]


def void_after_draw(*, stock_left: int, reshuffles: int, rules: Rules) -> bool:
    """D16: under ``stock_exhausted=once_then_void`` a draw that empties the stock
    after its one reshuffle makes the hand void once the turn is over."""
    return (stock_left == 0 and reshuffles > 0
            and rules.stock_exhausted is _ONCE_THEN_VOID)


def stock_dead(*, stock_left: int, pile_size: int, rules: Rules) -> bool:
    """``stock_exhausted=reshuffle``: nothing left to draw and the pile only its top:
    the hand is void."""
    return (rules.stock_exhausted is _RESHUFFLE
            and stock_left <= 0 and pile_size <= 1)


# --- laying down ------------------------------------------------------------------------


def verify_meld(turn: Turn, event: Meld, rules: Rules) -> tuple[TableMeld | None, list[Finding]]:
    """The meld laid (None when invalid, D1-D5) and what is wrong with it: an invalid
    combination, a joker in an opening under ``opening_jokers=forbidden``."""
    found: list[Finding] = []
    meld: TableMeld | None
    try:
        meld = build_meld(event.cards, rules)
    except MeldError as error:
        found.append(Finding(Code.INVALID_MELD, event, f"invalid meld: {error}"))
        meld = None
    if (not turn.opened_before and rules.opening_jokers is _OPENING_JOKERS_FORBIDDEN
            and any(tc.card == JOKER for tc in event.cards)):
        found.append(Finding(Code.OPENING_JOKER, event, "no jokers in the opening melds"))
    return meld, found


def below_threshold(turn: Turn, rules: Rules) -> bool:
    """``opening_points``: the melds laid so far in the opening turn are worth less than
    an opening needs (D10)."""
    return turn.opening_value < rules.opening_points


def short_as_laid(turn: Turn, rules: Rules) -> bool:
    """D28: the opening turn would fall short even with its invalid melds laid as their
    cards make a meld, so the shortfall is a mistake of its own, not their echo."""
    return turn.invalid_worth >= 0 and \
        turn.opening_value + turn.invalid_worth < rules.opening_points


def verify_touch(turn: Turn, event: Attach | Swap, owner: str | None,
                 rules: Rules) -> Finding | None:
    """D9: nobody adds to table melds or swaps before opening; in the opening turn
    only once the melds laid so far reach the threshold (held: it then follows from an
    opening that fell short), and as ``opening_turn_plays`` allows (``owner``: the
    owner of the meld touched, None when unknown)."""
    if turn.opened_before:
        return None
    what = "attach" if isinstance(event, Attach) else "swap a joker"
    player = event.player
    if not turn.opening:
        return Finding(Code.NOT_OPENED, event, f"{player} may not {what} before opening")
    if below_threshold(turn, rules):
        return Finding(Code.NOT_OPENED, event, f"{player} may not {what} before opening",
                       held=True)
    plays = rules.opening_turn_plays
    if plays is OpeningTurnPlays.NOTHING:
        return Finding(Code.NOT_OPENED, event, f"{player} may not {what} in the opening turn")
    if plays is OpeningTurnPlays.OWN_MELDS and owner != player:
        return Finding(Code.NOT_OPENED, event,
                       f"in the opening turn {player} may play only on their own melds")
    return None


def verify_attach(event: Attach, meld: TableMeld,
                  rules: Rules) -> tuple[TableMeld | None, list[Finding]]:
    """The meld grown by the attach (None when the cards do not fit it) and why not."""
    try:
        return attach(meld, event.cards, rules), []
    except MeldError as error:
        return None, [Finding(Code.INVALID_ATTACH, event,
                              f"cannot attach to meld {event.meld}: {error}")]


def verify_swap(event: Swap, meld: TableMeld,
                rules: Rules) -> tuple[TableMeld | None, list[Finding]]:
    """The meld after the joker is taken back (None when it may not be) and why not:
    ``joker_swap=no``, or a card that is not the one the joker stands for."""
    try:
        if rules.joker_swap is YesNo.NO:
            raise MeldError("jokers are not taken back under these rules")
        return swap(meld, event.card, rules), []
    except MeldError as error:
        return None, [Finding(Code.INVALID_SWAP, event,
                              f"cannot swap in meld {event.meld}: {error}")]


def freed_joker_must_be_used(rules: Rules) -> bool:
    """``freed_joker=must_use``: a joker taken back is laid down in the same turn."""
    return rules.freed_joker is _FREED_MUST_USE


# --- discarding and closing -------------------------------------------------------------


def verify_discard(event: Discard, *, taken: Card | None, laid: Collection[Card], opened: bool,
                   closes: bool, table: Sequence[TableMeld | None], rules: Rules,
                   fits: Fits = fits) -> list[Finding]:
    """What is wrong with this discard: the card just taken (D14), a card that fits a
    table meld (``discard_playable``), a joker (``discard_joker``). ``taken`` is the
    card taken this turn, ``laid`` the cards laid down, ``opened`` whether the player
    has opened (before or in this turn), ``closes`` whether the discard empties the
    hand."""
    card = event.card
    found: list[Finding] = []
    if (taken is card and card not in laid
            and rules.discard_taken_card is _TAKEN_DISCARD_FORBIDDEN):
        found.append(Finding(Code.DISCARD_TAKEN_CARD, event,
                             f"{event.player} discards the {card} just taken"))
    if _playable_forbidden(rules.discard_playable, closes, opened):
        fitting = next((n for n, meld in enumerate(table, start=1)
                        if meld is not None and fits(meld, card, rules)), None)
        if fitting is not None:
            found.append(Finding(Code.DISCARD_PLAYABLE, event,
                                 f"{card} fits meld {fitting} and may not be discarded"))
    if card.is_joker and not _joker_discard_allowed(rules.discard_joker, closes):
        when = "to close" if closes else "except to close"
        found.append(Finding(Code.DISCARD_JOKER, event, f"a joker may not be discarded {when}"))
    return found


def _playable_forbidden(rule: DiscardPlayable, closes: bool, opened: bool) -> bool:
    if rule is _PLAYABLE_FORBIDDEN:
        return True
    if rule is _PLAYABLE_UNLESS_CLOSING:
        return not closes
    if rule is _PLAYABLE_BEFORE_OPENING:
        return not opened
    return False


def _joker_discard_allowed(rule: DiscardJoker, closes: bool) -> bool:
    if rule is _JOKER_NOT_CLOSING:
        return not closes
    if rule is _JOKER_CLOSING_ONLY:
        return closes
    return True


def closing_allowed(*, first_of_hand: bool, rules: Rules) -> bool:
    """``closing_first_round=not_allowed``: nobody closes in their own first turn of
    the hand."""
    return not (first_of_hand and rules.closing_first_round is _FIRST_ROUND_NOT_ALLOWED)


def verify_closing(turn: Turn, event: Discard | Meld | Attach | Swap,
                   rules: Rules) -> list[Finding]:
    """The closing itself: not in the closer's first turn, when the rules say so."""
    if closing_allowed(first_of_hand=turn.first_of_hand, rules=rules):
        return []
    return [Finding(Code.EARLY_CLOSING, event, f"{turn.player} closes in their first turn "
                    "of the hand, in the first round")]


def laying_down_may_close(rules: Rules) -> bool:
    """``closing_discard=optional``: emptying the hand by laying down closes it;
    otherwise a hand closes with a discard."""
    return rules.closing_discard is _CLOSING_DISCARD_OPTIONAL


def verify_closing_by_laying(event: Meld | Attach | Swap, rules: Rules) -> list[Finding]:
    """The hand emptied by a meld, an attach or a swap, with no card left to discard."""
    if laying_down_may_close(rules):
        return []
    return [Finding(Code.CLOSING_WITHOUT_DISCARD, event, f"{event.player} has no card left "
                    "to discard: a hand closes with a discard")]


# --- the end of a turn ------------------------------------------------------------------


def verify_end_of_turn(turn: Turn, rules: Rules) -> list[Finding]:
    """The problems a turn shows once it is over (D7, D8, D12, D13, D15)."""
    found: list[Finding] = []
    if _threshold_applies(turn, rules) and below_threshold(turn, rules):
        assert turn.last_opening_meld is not None
        found.append(Finding(Code.OPENING_TOO_LOW, turn.place(turn.last_opening_meld),
                             f"the opening is worth {turn.opening_value}, "
                             f"less than {rules.opening_points}"))
    if turn.buy is not None:
        found += _buy_findings(turn, turn.buy)
        if not turn.opened_before and turn.buy.card in turn.laid:
            # laid down, but the same opening rules as a take apply (docs/log-format.md)
            found += _taken_card_findings(turn, turn.buy, turn.buy.card, rules)
    elif turn.take_event is not None and turn.taken is not None:
        found += _taken_card_findings(turn, turn.take_event, turn.taken, rules)
    found += [Finding(Code.FREED_JOKER_UNUSED, turn.place(swap_event),
                      "the freed joker must be laid down in the same turn")
              for swap_event in turn.freed_jokers]
    return found


def _threshold_applies(turn: Turn, rules: Rules) -> bool:
    """An opening must reach the threshold (D10), but for a closing in one go
    under ``one_go_threshold=waived``: its melds need only be valid."""
    if not turn.opening:
        return False
    return not (turn.closed and rules.one_go_threshold is _THRESHOLD_WAIVED)


def _taken_card_findings(turn: Turn, event: Take | Buy, taken: Card, rules: Rules
                         ) -> list[Finding]:
    """D12 (before opening: inside an opening meld) and D13 (after: on the table)."""
    if not turn.opened_before:
        if (rules.take_before_opening is _ONLY_TO_OPEN
                and taken not in turn.opening_cards):
            return [Finding(Code.TAKE_BEFORE_OPENING, turn.place(event),
                            f"{turn.player} took {taken} before opening without opening "
                            "with it")]
    elif rules.take_after_opening is _TAKEN_MUST_USE and taken not in turn.laid:
        return [Finding(Code.TAKEN_CARD_UNUSED, turn.place(event),
                        f"{turn.player} took {taken} and did not lay it down this turn")]
    return []


def _buy_findings(turn: Turn, buy: Buy) -> list[Finding]:
    """A buy draws exactly one extra card and lays the bought card down at once. A
    second draw (T003) and a play before the draw (T002) are reported on their own
    lines, and the count of draws only follows from them (D28)."""
    found: list[Finding] = []
    if turn.draws == 0 and not turn.flagged_no_draw:
        found.append(Finding(Code.INCOMPLETE_BUY, turn.place(buy),
                             f"{turn.player} bought {buy.card} without drawing the extra "
                             "card"))
    if buy.card not in turn.laid:
        found.append(Finding(Code.INCOMPLETE_BUY, turn.place(buy),
                             f"{turn.player} bought {buy.card} and did not lay it down at "
                             "once"))
    return found


__all__ = ["Fits", "below_threshold", "closing_allowed", "freed_joker_must_be_used",
           "laying_down_may_close", "stock_dead", "verify_attach", "verify_closing",
           "verify_closing_by_laying", "verify_discard", "verify_end_of_turn",
           "verify_meld", "verify_swap", "verify_take", "verify_touch", "void_after_draw"]


# --- what a turn did: the record its end-of-turn checks read ----------------------------


def record_meld(turn: Turn, event: Meld, meld: TableMeld | None) -> None:
    """A meld laid this turn (``meld``: as built, None when invalid). Its cards are laid
    down; before opening it is an opening meld, whose value counts toward the threshold
    (an invalid one counts 0); each joker in it lays down the first joker freed this
    turn and not laid yet (D15), an invalid meld's too (D27: it stays on the table)."""
    cards = [tc.card for tc in event.cards]
    turn.laid += cards
    if not turn.opened_before:
        turn.opening_value += opening_value(meld) if meld is not None else 0
        turn.last_opening_meld = event
        turn.opening_cards += cards
    _lay_freed_jokers(turn, cards)


def record_attach(turn: Turn, event: Attach) -> None:
    """Cards attached this turn are laid down; each joker among them lays down the first
    joker freed this turn and not laid yet (D15)."""
    cards = [tc.card for tc in event.cards]
    turn.laid += cards
    _lay_freed_jokers(turn, cards)


def _lay_freed_jokers(turn: Turn, cards: list[Card]) -> None:
    """Each joker laid down pays back the first joker freed this turn and not laid yet."""
    for _ in range(min(cards.count(JOKER), len(turn.freed_jokers))):
        turn.freed_jokers.pop(0)


def record_swap(turn: Turn, event: Swap, rules: Rules) -> None:
    """The natural card given for a table joker is laid down; under
    ``freed_joker=must_use`` the joker taken back is owed to the table by the turn's end."""
    turn.laid.append(event.card)
    if freed_joker_must_be_used(rules):
        turn.freed_jokers.append(event)


def verify_turn_discard(turn: Turn, event: Discard, *, closes: bool,
                        table: Sequence[TableMeld | None], rules: Rules,
                        fits: Fits = fits) -> list[Finding]:
    """The discard that ends ``turn``, and the closing it makes when it empties the
    hand (``closes``): :func:`verify_closing` then :func:`verify_discard`, on what the
    turn took and laid down."""
    found = verify_closing(turn, event, rules) if closes else []
    return found + verify_discard(event, taken=turn.taken, laid=turn.laid,
                                  opened=turn.has_opened, closes=closes, table=table,
                                  rules=rules, fits=fits)


__all__ += ["record_attach", "record_meld", "record_swap", "verify_turn_discard"]
