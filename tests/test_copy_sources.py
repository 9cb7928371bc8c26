"""Copies counted across a reshuffle: a reshuffled card shown again is the same card.

:class:`~scala40cli.judging.tabletop.copy_sources.CopySources` on its own, with the counts the
table would hand it: the cards never seen (``unseen``) and each reshuffled stock.
"""

from __future__ import annotations

from collections import Counter

from scala40cli.judging.tabletop.copy_sources import CopySources
from scala40cli.model.cards import Card, parse_card

AH, KS = parse_card("AH"), parse_card("KS")


def _sources(*stocks: list[str]) -> CopySources:
    sources = CopySources()
    for stock in stocks:
        sources.reshuffled(Counter(parse_card(code) for code in stock))
    return sources


def test_the_issue_example_a_discarded_card_comes_back_through_an_unknown_draw() -> None:
    # Dario discarded one AH (counted out of the unseen ones), the pile was reshuffled,
    # Elena drew it unknown and shows it; Fabio shows the other AH.
    unseen: Counter[Card] = Counter({AH: 1})
    sources = _sources(["AH", "KS"])
    sources.draw("Elena")
    assert sources.show("Elena", AH, unseen)
    assert sources.show("Fabio", AH, unseen)
    # A third AH, by a player who drew nothing from the reshuffled stock: no source left.
    assert not sources.show("Gino", AH, unseen)
    # Nor by Elena again: the reshuffled stock held one AH, and it is the one she showed.
    assert not sources.show("Elena", AH, unseen)


def test_which_copy_a_card_shown_is_stays_open_whatever_the_order() -> None:
    # Fabio's AH can only be the never seen one, Elena's either: shown in either
    # order, neither is reported, and no third one fits.
    for order in (["Elena", "Fabio"], ["Fabio", "Elena"]):
        unseen: Counter[Card] = Counter({AH: 1})
        sources = _sources(["AH"])
        sources.draw("Elena")
        assert [sources.show(player, AH, unseen) for player in order] == [True, True]
        assert not sources.show("Elena", AH, unseen)


def test_a_card_of_no_reshuffled_stock_is_counted_out_of_the_unseen_ones() -> None:
    unseen: Counter[Card] = Counter({KS: 1})
    sources = _sources(["AH"])
    sources.draw("Elena")
    assert sources.show("Elena", KS, unseen)
    assert not sources.show("Elena", KS, unseen)


def test_a_player_who_drew_nothing_reshuffled_cannot_show_a_reshuffled_card() -> None:
    unseen: Counter[Card] = Counter()
    sources = _sources(["AH", "AH"])
    assert not sources.show("Elena", AH, unseen)
    sources.draw("Fabio")
    assert sources.show("Fabio", AH, unseen)


def test_one_unknown_draw_is_one_card() -> None:
    # The stock held both AH, but Elena drew one card of it: she cannot show two.
    unseen: Counter[Card] = Counter()
    sources = _sources(["AH", "AH", "KS"])
    sources.draw("Elena")
    assert sources.show("Elena", AH, unseen)
    assert not sources.show("Elena", AH, unseen)
    sources.draw("Elena")
    assert sources.show("Elena", AH, unseen)


def test_a_known_draw_out_of_the_reshuffled_stock_takes_its_card_away() -> None:
    # The table's Counter of the stock loses the AH the logging seat drew.
    unseen: Counter[Card] = Counter()
    stock = Counter([AH, KS])
    sources = CopySources()
    sources.reshuffled(stock)
    sources.draw("Elena")
    stock[AH] -= 1
    assert not sources.show("Elena", AH, unseen)
    assert sources.show("Elena", KS, unseen)


def test_two_reshuffles_each_card_from_a_stock_its_player_drew_from() -> None:
    unseen: Counter[Card] = Counter()
    sources = CopySources()
    sources.reshuffled(Counter([AH]))
    sources.draw("Elena")
    sources.draw("Gino")
    sources.reshuffled(Counter([AH]))
    sources.draw("Fabio")
    assert sources.show("Elena", AH, unseen)
    assert sources.show("Fabio", AH, unseen)
    assert not sources.show("Gino", AH, unseen)  # the first stock's one AH is Elena's


def test_the_flow_reroutes_through_several_players_and_stocks() -> None:
    # Elena drew from both stocks, Fabio from the first only, Gino from the second
    # only; each stock holds one AH. Elena shows first and takes either: whichever
    # she took, Fabio's and Gino's shows push her to the other one, until none is left.
    unseen: Counter[Card] = Counter({AH: 1})
    sources = CopySources()
    sources.reshuffled(Counter([AH]))
    sources.draw("Elena")
    sources.draw("Fabio")
    sources.reshuffled(Counter([AH]))
    sources.draw("Elena")
    sources.draw("Gino")
    assert sources.show("Elena", AH, unseen)
    assert sources.show("Fabio", AH, unseen)
    assert sources.show("Gino", AH, unseen)  # Elena's is then the never seen one
    assert not sources.show("Hugo", AH, unseen)


def test_a_known_draw_of_a_copy_a_show_needs_is_refused() -> None:
    # Elena showed the reshuffled stock's one AH (no other is left unseen): the
    # logging seat cannot then draw an AH out of that stock, though no known draw took it.
    unseen: Counter[Card] = Counter()
    sources = _sources(["AH", "KS"])
    sources.draw("Elena")
    assert sources.show("Elena", AH, unseen)
    assert not sources.draw_known(AH)
    assert sources.draw_known(KS)


def test_a_known_draw_leaves_the_copies_that_may_have_been_shown() -> None:
    # Had an AH been left unseen, Elena's could be that one, and the draw is the
    # reshuffled one: then no AH is hidden anywhere any more.
    unseen: Counter[Card] = Counter({AH: 1})
    sources = _sources(["AH", "KS"])
    sources.draw("Elena")
    assert sources.show("Elena", AH, unseen)
    assert sources.draw_known(AH)
    assert not sources.draw_known(AH)
    assert not sources.show("Fabio", AH, unseen)


def test_a_card_no_hidden_hand_involves_is_left_to_the_stock_count() -> None:
    sources = _sources(["KS"])
    assert sources.draw_known(KS) and sources.lays == {}


def test_a_card_with_too_many_ways_to_lie_is_no_longer_checked() -> None:
    # Eight reshuffles of one AH each, drawn by players of changing company: the ways
    # the copies may lie pass MOST_LAYS, and the card is then let through.
    unseen: Counter[Card] = Counter({AH: 1})
    sources = CopySources()
    names = [f"P{n}" for n in range(7)]
    for k in range(8):
        sources.reshuffled(Counter([AH, AH]))
        for n, name in enumerate(names):
            for _ in range(1 + (n + k) % 3):
                sources.draw(name)
    assert sources.show("P0", AH, unseen)
    while sources.lays[AH] is not None:
        assert sources.show("P1", AH, unseen)
    assert sources.show("Zed", AH, unseen)  # nobody could tell any more
