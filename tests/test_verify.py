"""The verify_* functions, one rule a test, named as the rule reads.

These are the checks the referee reports and the simulator obeys
(scala40cli/judging/tabletop/verify.py); each test builds the move and the turn it is made in, and
reads the codes the check returns.
"""

from __future__ import annotations

from collections import Counter

from helpers import cards, meld, rules, table_cards

from scala40cli.judging.rulebook.rules import (
    CLASSIC,
    ClosingDiscard,
    ClosingFirstRound,
    DiscardJoker,
    DiscardPlayable,
    DiscardTakenCard,
    FreedJoker,
    OneGoThreshold,
    OpeningJokers,
    OpeningTurnPlays,
    StockExhausted,
    TakeAfterOpening,
    TakeBeforeOpening,
    YesNo,
)
from scala40cli.judging.tabletop.buying import verify_buy
from scala40cli.judging.tabletop.findings import Finding
from scala40cli.judging.tabletop.melds import Meld as TableMeld
from scala40cli.judging.tabletop.turn import Turn
from scala40cli.judging.tabletop.verify import (
    below_threshold,
    closing_allowed,
    freed_joker_must_be_used,
    laying_down_may_close,
    record_attach,
    record_meld,
    record_swap,
    stock_dead,
    verify_attach,
    verify_closing,
    verify_closing_by_laying,
    verify_discard,
    verify_end_of_turn,
    verify_meld,
    verify_swap,
    verify_take,
    verify_touch,
    verify_turn_discard,
    void_after_draw,
)
from scala40cli.model.cards import JOKER, parse_card
from scala40cli.model.violations import Code
from scala40cli.reading.events import Attach, Buy, Discard, Meld, Swap, Take

AT = {"line": 1, "column": 1}


def codes(found: list[Finding]) -> list[str]:
    return [str(f.code) for f in found]


def discard(text: str, *, taken: str | None = None, laid: str = "", opened: bool = True,
            closes: bool = False, table: tuple[TableMeld, ...] = (), **switches: object
            ) -> list[str]:
    card = parse_card(text)
    return codes(verify_discard(
        Discard(player="Anna", card=card, **AT),
        taken=None if taken is None else parse_card(taken), laid=Counter(cards(laid)),
        opened=opened, closes=closes, table=table, rules=rules(**switches)))


def opening_turn(value: int, *, player: str = "Anna") -> Turn:
    """A turn that has laid opening melds worth ``value`` so far."""
    turn = Turn(player=player, opened_before=False)
    turn.last_opening_meld = Meld(player=player, cards=table_cards("5S 6S 7S"), **AT)
    turn.opening_value = value
    return turn


# --- taking ------------------------------------------------------------------------------


def test_the_discard_may_be_taken_before_opening_to_open_with_it() -> None:
    take = Take(player="Anna", card=parse_card("5S"), **AT)
    assert verify_take(take, opened_before=False, rules=CLASSIC) == []


def test_with_take_before_opening_forbidden_nobody_takes_or_buys_before_opening() -> None:
    forbidden = rules(take_before_opening=TakeBeforeOpening.FORBIDDEN)
    take = Take(player="Anna", card=parse_card("5S"), **AT)
    buy = Buy(player="Anna", card=parse_card("5S"), **AT)
    assert codes(verify_take(take, opened_before=False, rules=forbidden)) == [
        str(Code.TAKE_BEFORE_OPENING)]
    assert "buy the discard" in verify_take(buy, opened_before=False, rules=forbidden)[0].message
    assert verify_take(take, opened_before=True, rules=forbidden) == []


def test_a_card_taken_before_opening_must_open() -> None:
    turn = opening_turn(45)
    turn.taken = parse_card("KD")
    turn.take_event = Take(player="Anna", card=turn.taken, **AT)
    assert codes(verify_end_of_turn(turn, CLASSIC)) == [str(Code.TAKE_BEFORE_OPENING)]
    turn.opening_cards.append(turn.taken)
    assert verify_end_of_turn(turn, CLASSIC) == []


def test_a_card_taken_after_opening_must_be_laid_down_unless_take_after_opening_free() -> None:
    turn = Turn(player="Anna", opened_before=True)
    turn.taken = parse_card("KD")
    turn.take_event = Take(player="Anna", card=turn.taken, **AT)
    assert verify_end_of_turn(turn, rules(take_after_opening=TakeAfterOpening.FREE)) == []
    must_use = rules(take_after_opening=TakeAfterOpening.MUST_USE)
    assert [f.code for f in verify_end_of_turn(turn, must_use)] == [Code.TAKEN_CARD_UNUSED]


def test_a_buy_draws_one_extra_card_and_lays_the_bought_card_down() -> None:
    bought = parse_card("KD")
    turn = Turn(player="Anna", opened_before=True)
    turn.buy = Buy(player="Anna", card=bought, **AT)
    turn.taken = bought
    assert [f.code for f in verify_end_of_turn(turn, CLASSIC)] == [Code.INCOMPLETE_BUY] * 2
    turn.draws = 1
    turn.laid.append(bought)
    assert verify_end_of_turn(turn, CLASSIC) == []


def _buy_why(buyer: str = "Carla", *, last: str | None = "Anna", turn_over: bool = True,
             top: str | None = "KD", **switches: object) -> list[str]:
    event = Buy(player=buyer, card=parse_card("KD"), **AT)
    return [f.message for f in verify_buy(
        event, last_discarder=last, turn_over=turn_over, next_player="Bruno",
        pile_top=None if top is None else parse_card(top),
        rules=rules(**({"compra": YesNo.YES} | switches)))]


def test_the_discard_is_bought_right_after_it_is_discarded_by_a_player_not_next() -> None:
    assert _buy_why() == []
    assert _buy_why(compra=YesNo.NO) == [
        "buying the discard out of turn is not played (compra=no)"]
    assert "right after a discard" in _buy_why(last=None)[0]
    assert "right after a discard" in _buy_why(turn_over=False)[0]
    assert _buy_why("Anna") == ["Anna cannot buy their own discard"]
    assert _buy_why("Bruno") == ["Bruno plays next and may take the discard in turn"]
    assert _buy_why(top="2C") == ["the discard is 2C, not KD"]
    assert _buy_why(top=None) == ["the discard is nothing, not KD"]


# --- the opening -------------------------------------------------------------------------


def test_an_opening_must_reach_the_threshold() -> None:
    assert [f.code for f in verify_end_of_turn(opening_turn(39), CLASSIC)] == [
        Code.OPENING_TOO_LOW]
    assert verify_end_of_turn(opening_turn(40), CLASSIC) == []


def test_the_threshold_is_the_opening_points_switch_for_attaches_and_the_turns_end() -> None:
    """One rule, one reader: verify.below_threshold, asked by both checks."""
    fifty = rules(opening_points=50)
    for value, rule, below in [(39, CLASSIC, True), (40, CLASSIC, False),
                               (49, fifty, True), (50, fifty, False)]:
        assert below_threshold(opening_turn(value), rule) is below
        short = [f.code for f in verify_end_of_turn(opening_turn(value), rule)]
        assert short == ([Code.OPENING_TOO_LOW] if below else [])


def test_closing_in_one_go_waives_the_threshold_only_under_one_go_threshold_waived() -> None:
    turn = opening_turn(20)
    turn.closed = True
    assert verify_end_of_turn(turn, CLASSIC) != []
    assert verify_end_of_turn(turn, rules(one_go_threshold=OneGoThreshold.WAIVED)) == []


def test_an_invalid_meld_is_reported_and_not_laid() -> None:
    turn = Turn(player="Anna", opened_before=True)
    laid, found = verify_meld(turn, Meld(player="Anna", cards=table_cards("5S 6S 8S"), **AT),
                              CLASSIC)
    assert laid is None
    assert [f.code for f in found] == [Code.INVALID_MELD]


def test_no_jokers_in_the_opening_under_opening_jokers_forbidden() -> None:
    event = Meld(player="Anna", cards=table_cards("5S JK 7S"), **AT)
    natural = rules(opening_jokers=OpeningJokers.FORBIDDEN)
    before = Turn(player="Anna", opened_before=False)
    after = Turn(player="Anna", opened_before=True)
    assert verify_meld(before, event, CLASSIC)[1] == []
    assert [f.code for f in verify_meld(before, event, natural)[1]] == [Code.OPENING_JOKER]
    assert verify_meld(after, event, natural)[1] == []


# --- touching the table (D9) -------------------------------------------------------------


def _attach(player: str = "Anna") -> Attach:
    return Attach(player=player, cards=table_cards("8S"), meld=1, **AT)


def test_nobody_attaches_before_opening() -> None:
    found = verify_touch(Turn(player="Anna", opened_before=False), _attach(), "Bruno", CLASSIC)
    assert found is not None and found.code is Code.NOT_OPENED and not found.held


def test_an_attach_before_the_opening_reaches_the_threshold_waits_for_the_turns_end() -> None:
    found = verify_touch(opening_turn(30), _attach(), "Anna", CLASSIC)
    assert found is not None and found.held


def test_in_the_opening_turn_attaches_follow_opening_turn_plays() -> None:
    turn = opening_turn(40)
    assert verify_touch(turn, _attach(), "Bruno", CLASSIC) is None
    own = rules(opening_turn_plays=OpeningTurnPlays.OWN_MELDS)
    assert verify_touch(turn, _attach(), "Anna", own) is None
    assert verify_touch(turn, _attach(), "Bruno", own) is not None
    nothing = rules(opening_turn_plays=OpeningTurnPlays.NOTHING)
    assert verify_touch(turn, _attach(), "Anna", nothing) is not None


def test_once_opened_anyone_attaches_anywhere() -> None:
    assert verify_touch(Turn(player="Anna", opened_before=True), _attach(), "Bruno",
                        rules(opening_turn_plays=OpeningTurnPlays.NOTHING)) is None


def test_an_attach_must_fit_the_meld() -> None:
    run = meld("5S 6S 7S")
    grown, found = verify_attach(_attach(), run, CLASSIC)
    assert grown is not None and found == []
    bad = Attach(player="Anna", cards=table_cards("9S"), meld=1, **AT)
    assert [f.code for f in verify_attach(bad, run, CLASSIC)[1]] == [Code.INVALID_ATTACH]


def test_a_joker_is_taken_back_with_the_card_it_stands_for_unless_joker_swap_no() -> None:
    run = meld("5S JK 7S")
    right = Swap(player="Anna", card=parse_card("6S"), meld=1, **AT)
    wrong = Swap(player="Anna", card=parse_card("6H"), meld=1, **AT)
    assert verify_swap(right, run, CLASSIC)[1] == []
    assert [f.code for f in verify_swap(wrong, run, CLASSIC)[1]] == [Code.INVALID_SWAP]
    assert "not taken back" in verify_swap(right, run, rules(joker_swap=YesNo.NO))[1][0].message


def test_a_freed_joker_must_be_laid_down_in_the_same_turn_under_must_use() -> None:
    assert not freed_joker_must_be_used(CLASSIC)
    assert freed_joker_must_be_used(rules(freed_joker=FreedJoker.MUST_USE))
    turn = Turn(player="Anna", opened_before=True)
    turn.freed_jokers.append(Swap(player="Anna", card=parse_card("6S"), meld=1, **AT))
    assert [f.code for f in verify_end_of_turn(turn, CLASSIC)] == [Code.FREED_JOKER_UNUSED]


# --- discards ----------------------------------------------------------------------------


def test_any_card_may_be_discarded_under_classic_rules() -> None:
    assert discard("8S", table=(meld("5S 6S 7S"),)) == []


def test_the_card_just_taken_is_not_discarded_unless_laid_down_or_allowed() -> None:
    forbidden = DiscardTakenCard.FORBIDDEN
    assert discard("KD", taken="KD", discard_taken_card=forbidden) == [
        str(Code.DISCARD_TAKEN_CARD)]
    assert discard("KD", taken="KD", laid="KD", discard_taken_card=forbidden) == []
    assert discard("KD", taken="KD", discard_taken_card=DiscardTakenCard.ALLOWED) == []


def test_a_card_that_fits_a_table_meld_follows_discard_playable() -> None:
    table = (meld("KS KH KC"), meld("5S 6S 7S"))
    playable = str(Code.DISCARD_PLAYABLE)
    assert discard("8S", table=table, discard_playable=DiscardPlayable.FORBIDDEN) == [playable]
    unless = DiscardPlayable.FORBIDDEN_UNLESS_CLOSING
    assert discard("8S", table=table, closes=True, discard_playable=unless) == []
    assert discard("8S", table=table, discard_playable=unless) == [playable]
    before = DiscardPlayable.FORBIDDEN_BEFORE_OPENING
    assert discard("8S", table=table, opened=True, discard_playable=before) == []
    assert discard("8S", table=table, opened=False, discard_playable=before) == [playable]


def test_a_discard_that_fits_names_the_first_meld_it_fits() -> None:
    table = (meld("KS KH KC"), meld("5S 6S 7S"), meld("8S 9S 10S"))
    found = verify_discard(Discard(player="Anna", card=parse_card("4S"), **AT), taken=None,
                           laid=Counter(), opened=True, closes=False, table=table,
                           rules=rules(discard_playable=DiscardPlayable.FORBIDDEN))
    assert "fits meld 2" in found[0].message


def test_a_joker_is_discarded_as_discard_joker_says() -> None:
    joker = str(Code.DISCARD_JOKER)
    assert discard("JK") == []
    assert discard("JK", closes=True, discard_joker=DiscardJoker.NOT_CLOSING) == [joker]
    assert discard("JK", discard_joker=DiscardJoker.NOT_CLOSING) == []
    assert discard("JK", discard_joker=DiscardJoker.CLOSING_ONLY) == [joker]
    assert discard("JK", closes=True, discard_joker=DiscardJoker.CLOSING_ONLY) == []


# --- closing and the stock ---------------------------------------------------------------


def test_nobody_closes_in_their_first_turn_under_closing_first_round_not_allowed() -> None:
    not_allowed = rules(closing_first_round=ClosingFirstRound.NOT_ALLOWED)
    first = Turn(player="Anna", opened_before=False, first_of_hand=True)
    later = Turn(player="Anna", opened_before=False, first_of_hand=False)
    event = Discard(player="Anna", card=parse_card("KD"), **AT)
    assert verify_closing(first, event, CLASSIC) == []
    assert [f.code for f in verify_closing(first, event, not_allowed)] == [Code.EARLY_CLOSING]
    assert verify_closing(later, event, not_allowed) == []
    assert closing_allowed(first_of_hand=True, rules=CLASSIC)
    assert not closing_allowed(first_of_hand=True, rules=not_allowed)


def test_a_hand_closes_with_a_discard_unless_closing_discard_optional() -> None:
    event = Meld(player="Anna", cards=table_cards("5S 6S 7S"), **AT)
    needs = rules(closing_discard=ClosingDiscard.NEEDS)
    optional = rules(closing_discard=ClosingDiscard.OPTIONAL)
    assert [f.code for f in verify_closing_by_laying(event, needs)] == [
        Code.CLOSING_WITHOUT_DISCARD]
    assert verify_closing_by_laying(event, optional) == []
    assert laying_down_may_close(optional) and not laying_down_may_close(needs)


def test_the_stock_emptied_after_its_one_reshuffle_voids_the_hand_under_once_then_void() -> None:
    once = rules(stock_exhausted=StockExhausted.ONCE_THEN_VOID)
    again = rules(stock_exhausted=StockExhausted.RESHUFFLE)
    assert void_after_draw(stock_left=0, reshuffles=1, rules=once)
    assert not void_after_draw(stock_left=0, reshuffles=0, rules=once)
    assert not void_after_draw(stock_left=3, reshuffles=1, rules=once)
    assert not void_after_draw(stock_left=0, reshuffles=1, rules=again)


def test_nothing_to_draw_and_only_the_piles_top_voids_the_hand_under_reshuffle() -> None:
    again = rules(stock_exhausted=StockExhausted.RESHUFFLE)
    once = rules(stock_exhausted=StockExhausted.ONCE_THEN_VOID)
    assert stock_dead(stock_left=0, pile_size=1, rules=again)
    assert not stock_dead(stock_left=0, pile_size=2, rules=again)
    assert not stock_dead(stock_left=1, pile_size=1, rules=again)
    assert not stock_dead(stock_left=0, pile_size=1, rules=once)


# --- what a turn did: the record its end-of-turn checks read --------------------------


def _swap_event(card: str = "6S") -> Swap:
    return Swap(player="Anna", card=parse_card(card), meld=1, **AT)


def test_melds_laid_before_opening_make_the_opening_and_count_toward_it() -> None:
    turn = Turn(player="Anna", opened_before=False)
    first = Meld(player="Anna", cards=table_cards("KS KH KD"), **AT)
    record_meld(turn, first, meld("KS KH KD"))
    invalid = Meld(player="Anna", cards=table_cards("5S 6S 8S"), **AT)
    record_meld(turn, invalid, None)
    assert turn.opening and turn.last_opening_meld is invalid
    assert turn.opening_value == 30  # the invalid meld counts 0
    assert Counter(turn.opening_cards) == Counter(cards("KS KH KD 5S 6S 8S"))
    assert turn.laid == turn.opening_cards


def test_melds_laid_once_opened_are_laid_down_but_open_nothing() -> None:
    turn = Turn(player="Anna", opened_before=True)
    record_meld(turn, Meld(player="Anna", cards=table_cards("KS KH KD"), **AT),
                meld("KS KH KD"))
    assert Counter(turn.laid) == Counter(cards("KS KH KD"))
    assert not turn.opening and turn.opening_value == 0 and not turn.opening_cards


def test_a_freed_joker_is_owed_only_under_freed_joker_must_use() -> None:
    turn = Turn(player="Anna", opened_before=True)
    record_swap(turn, _swap_event(), CLASSIC)
    assert Counter(turn.laid) == Counter(cards("6S")) and turn.freed_jokers == []
    must_use = rules(freed_joker=FreedJoker.MUST_USE)
    record_swap(turn, _swap_event("9D"), must_use)
    assert turn.freed_jokers == [_swap_event("9D")]
    assert [f.code for f in verify_end_of_turn(turn, must_use)] == [Code.FREED_JOKER_UNUSED]


def test_a_joker_laid_in_a_meld_or_attached_pays_the_first_freed_joker() -> None:
    must_use = rules(freed_joker=FreedJoker.MUST_USE)
    turn = Turn(player="Anna", opened_before=True)
    first, second = _swap_event("6S"), _swap_event("9D")
    record_swap(turn, first, must_use)
    record_swap(turn, second, must_use)
    record_attach(turn, Attach(player="Anna", cards=table_cards("8S"), meld=1, **AT))
    assert turn.freed_jokers == [first, second]  # a natural card pays nothing
    record_meld(turn, Meld(player="Anna", cards=table_cards("JK KH KD"), **AT),
                meld("JK KH KD"))
    assert turn.freed_jokers == [second]
    record_attach(turn, Attach(player="Anna", cards=table_cards("JK(9S)"), meld=2, **AT))
    assert turn.freed_jokers == []
    assert verify_end_of_turn(turn, must_use) == []
    assert Counter(turn.laid) == Counter(cards("6S 9D 8S JK KH KD JK"))


def test_the_discard_that_ends_a_turn_is_checked_with_the_closing_it_makes() -> None:
    not_first = rules(closing_first_round=ClosingFirstRound.NOT_ALLOWED,
                      discard_joker=DiscardJoker.CLOSING_ONLY)
    turn = Turn(player="Anna", opened_before=True, first_of_hand=True)
    joker = Discard(player="Anna", card=JOKER, **AT)
    assert [f.code for f in verify_turn_discard(turn, joker, closes=True, table=(),
                                                rules=not_first)] == [Code.EARLY_CLOSING]
    assert [f.code for f in verify_turn_discard(turn, joker, closes=False, table=(),
                                                rules=not_first)] == [Code.DISCARD_JOKER]
    turn.first_of_hand = False
    assert verify_turn_discard(turn, joker, closes=True, table=(), rules=not_first) == []


def test_the_card_just_taken_is_checked_against_the_turns_record() -> None:
    taken = parse_card("KD")
    turn = Turn(player="Anna", opened_before=True, taken=taken)
    event = Discard(player="Anna", card=taken, **AT)
    assert [f.code for f in verify_turn_discard(turn, event, closes=False, table=(),
                                                rules=CLASSIC)] == [Code.DISCARD_TAKEN_CARD]
    playable = rules(discard_playable=DiscardPlayable.FORBIDDEN)
    table = (meld("KS KH KC"),)
    assert [f.code for f in verify_turn_discard(turn, event, closes=False, table=table,
                                                rules=playable)] == [
        Code.DISCARD_TAKEN_CARD, Code.DISCARD_PLAYABLE]


def test_a_turn_copy_has_every_attribute_of_the_turn() -> None:
    """Turn.copy (the simulator tries a closing on a copy) copies every attribute: a
    new attribute left out of its list would be caught here (in the pure build, where
    a turn's attributes can be listed)."""
    from scala40cli.judging.tabletop.turn import _FIELDS

    turn = Turn(player="Anna", opened_before=True, drew=True, draws=1)
    turn.opening_value, turn.taken, turn.closed = 40, parse_card("KD"), True
    turn.laid.append(parse_card("KD"))
    twin = turn.copy()
    assert all(getattr(twin, name) == getattr(turn, name) for name in _FIELDS)
    assert twin.laid is turn.laid and twin is not turn
    if hasattr(turn, "__dict__"):
        assert set(vars(turn)) == set(_FIELDS)
