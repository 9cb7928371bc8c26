"""The referee's decisions at their boundaries, where a switch value meets a decision.

Each test is a small log just inside and just outside one decision of
docs/decisions.md (cited as D<number>): the legal case, the illegal one, the line each
problem is reported on and what the table holds after it.
"""

from __future__ import annotations

from collections import Counter

import pytest

from scala40cli.judging.match.referee import replay
from scala40cli.model.results import Closing, GameResult
from scala40cli.reading.parser import parse_text


def _replay(text: str, players: tuple[str, ...] = ("Anna", "Bruno"),
            **rules: str) -> GameResult:
    header = "[Players " + " ".join(f'"{p}"' for p in players) + "]\n"
    header += "".join(f'[Rule "{key}" "{value}"]\n' for key, value in rules.items())
    (game,) = parse_text(header + text).games
    return replay(game)


def _lines(game: GameResult, text: str) -> dict[str, int]:
    """Each line of ``text`` -> its line number in the game (the header counted)."""
    first = game.hands[0].line if game.hands else 1
    return {line: first + n for n, line in enumerate(text.splitlines())}


def _codes(game: GameResult) -> list[tuple[str, int]]:
    return [(str(p.code), p.line) for p in game.violations]


def _notes(game: GameResult) -> list[tuple[str, int, str]]:
    return [(str(n.code), n.line, str(n.caused_by.code) if n.caused_by else "")
            for n in game.notes]


# --- D10 and D28: a closing in one go whose opening falls short --------------------------

#: Bruno closes in one go in his first turn with four runs worth exactly 40.
ONE_GO = """hand 1
dealer Anna
deal Anna QH QS QC 9S 10S JS 5D 6D 8C 10C 2S 3C AH
deal Bruno AH 2H 3H 4H 2D 3D 4D 2C 3C 4C 3S 4S 5S
upcard 5S
Bruno draw KD
Bruno meld AH 2H 3H 4H
Bruno meld 2D 3D 4D
Bruno meld 2C 3C 4C
Bruno meld 3S 4S 5S
Bruno discard KD
score Anna 200 Bruno 0
"""
#: The same closing worth 37: A-2-3 of clubs instead of 2-3-4.
SHORT = ONE_GO.replace("2C 3C 4C", "AC 2C 3C")


def test_a_closing_in_one_go_at_the_threshold_is_legal() -> None:
    # D10: exactly 40 opens; 37 is short on the last meld (D7); waived, 37 closes.
    assert _replay(ONE_GO).violations == ()
    game = _replay(SHORT)
    assert _codes(game) == [("M006", _lines(game, SHORT)["Bruno meld 3S 4S 5S"])]
    assert game.hands[0].penalties == {"Anna": 200, "Bruno": 0}
    assert _replay(SHORT, one_go_threshold="waived").violations == ()


def test_an_opening_short_even_with_its_invalid_meld_laid_right_is_its_own_mistake() -> None:
    # D28: `5S 4S 3S` is invalid (D1, M001), laid ascending it is worth 12, and the
    # opening (37) is still short of 40: the M006 would arise had the meld been legal,
    # so it is a violation of its own, on the last meld (D7), not a note of the M001.
    text = SHORT.replace("Bruno meld 3S 4S 5S", "Bruno meld 5S 4S 3S")
    game = _replay(text)
    line = _lines(game, text)["Bruno meld 5S 4S 3S"]
    assert _codes(game) == [("M001", line), ("M006", line)]
    assert game.notes == ()


def test_an_opening_short_only_by_its_invalid_meld_is_its_echo() -> None:
    # Laid ascending, the refused meld makes the opening 40: the shortfall is a note.
    text = ONE_GO.replace("Bruno meld 3S 4S 5S", "Bruno meld 5S 4S 3S")
    game = _replay(text)
    line = _lines(game, text)["Bruno meld 5S 4S 3S"]
    assert _codes(game) == [("M001", line)]
    assert _notes(game) == [("M006", line, "M001")]
    # Cards that make no meld in any order cannot be told: the shortfall stays a note.
    text = ONE_GO.replace("3S 4S 5S", "3S 4S 6S")
    game = _replay(text)
    line = _lines(game, text)["Bruno meld 3S 4S 6S"]
    assert _codes(game) == [("M001", line)]
    assert _notes(game) == [("M006", line, "M001")]


def test_an_invalid_meld_under_a_waived_threshold_is_only_invalid() -> None:
    # D10 with one_go_threshold=waived: the melds of the closing must be valid, whatever
    # their value; an invalid one is M001, and no threshold is judged.
    text = SHORT.replace("Bruno meld 3S 4S 5S", "Bruno meld 5S 4S 3S")
    game = _replay(text, one_go_threshold="waived")
    assert _codes(game) == [("M001", _lines(game, text)["Bruno meld 5S 4S 3S"])]
    assert game.notes == ()
    # Waived is for a closing: an opening of 25 that does not close is short.
    text = SHORT.replace("Bruno meld 3S 4S 5S\n", "").replace("score Anna 200 Bruno 0", "")
    game = _replay(text, one_go_threshold="waived")
    assert ("M006", _lines(game, text)["Bruno meld AC 2C 3C"]) in _codes(game)


# --- D9 and opening_turn_plays: a joker swap in the opening turn --------------------------

#: Bruno opens with 2H..6H and 7S 7D JK; Anna opens with 59 and swaps 7C for his joker.
SWAP = """hand 1
dealer Anna
deal Anna QH QS QC 9S 10S JS 5D 6D 7C 10C 2S 3C AH
deal Bruno 2H 3H 4H 5H 6H 7S 7D JK KS KD KC 9D 4C
upcard 5S
Bruno draw 8H
Bruno meld 2H 3H 4H 5H 6H
Bruno meld 7S 7D JK
Bruno discard 9D
Anna draw JC
Anna meld QH QS QC
Anna meld 9S 10S JS
Anna swap 7C in 2
Anna discard AH
Bruno draw 7H
Bruno attach 7H 8H to 1
Bruno meld KS KD KC
Bruno discard 4C
score Anna 61 Bruno 0
"""


@pytest.mark.parametrize(("plays", "violations"), [
    ("anywhere", []), ("own_melds", ["M005"]), ("nothing", ["M005"])])
def test_a_swap_in_the_opening_turn_under_each_opening_turn_plays(
        plays: str, violations: list[str]) -> None:
    # D9: past the threshold the swap is legal where opening_turn_plays lets it be; on
    # another player's meld, own_melds and nothing refuse it on the swap line. The
    # refused swap still moves the joker (D27): Anna pays for it (61).
    game = _replay(SWAP, opening_turn_plays=plays)
    line = _lines(game, SWAP)["Anna swap 7C in 2"]
    assert _codes(game) == [(code, line) for code in violations]
    assert game.hands[0].penalties == {"Anna": 61, "Bruno": 0}


def test_a_swap_before_the_threshold_is_refused_and_one_at_it_is_not() -> None:
    # D9: before the melds laid so far reach the threshold the swap is M005 on its line.
    text = SWAP.replace("Anna meld 9S 10S JS\nAnna swap 7C in 2",
                        "Anna swap 7C in 2\nAnna meld 9S 10S JS")
    game = _replay(text)
    assert _codes(game) == [("M005", _lines(game, text)["Anna swap 7C in 2"])]
    # Bruno's opening (41) reaches 41; Anna's melds (59) reach 59 exactly: legal.
    assert _replay(SWAP.replace("score Anna 61", "score Anna 61"),
                   opening_points="41").violations == ()
    # At 60 Anna's opening is short (D7, on her last meld), and the swap after it only
    # follows from that: a note of the M006 (D28).
    game = _replay(SWAP, opening_points="60")
    lines = _lines(game, SWAP)
    assert ("M006", lines["Anna meld 9S 10S JS"]) in _codes(game)
    assert ("M005", lines["Anna swap 7C in 2"], "M006") in _notes(game)


def test_a_freed_joker_laid_on_an_own_meld_in_the_opening_turn() -> None:
    # D15 with opening_turn_plays=own_melds: the swap on Bruno's meld is refused (M005)
    # but the joker is Anna's (D27), and laying it on her own run uses it: no M008.
    text = SWAP.replace("Anna swap 7C in 2\n", "Anna swap 7C in 2\nAnna attach JK(QS) to 4\n")
    text = text.replace("score Anna 61", "score Anna 36")
    game = _replay(text, opening_turn_plays="own_melds", freed_joker="must_use")
    assert _codes(game) == [("M005", _lines(game, text)["Anna swap 7C in 2"])]
    # Not laid at all: M008 on the swap line (D15).
    game = _replay(SWAP, freed_joker="must_use")
    assert _codes(game) == [("M008", _lines(game, SWAP)["Anna swap 7C in 2"])]


# --- D16: once_then_void and the last card of the stock ---------------------------------

_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def _stock_left(*lines: str) -> list[str]:
    """The cards of the two decks and four jokers not on these lines, sorted."""
    deck = Counter({rank + suit: 2 for rank in _RANKS for suit in "SHDC"})
    deck["JK"] = 4
    deck.subtract(" ".join(lines).split())
    return sorted(deck.elements())


def _to_the_last_card(last: str) -> tuple[str, str]:
    """A hand played until the reshuffled stock holds one card, ``last``: Bruno opens
    with 11 cards, then every turn draws a card and discards it. Returns the log and the
    player to draw ``last``."""
    anna = "QH QS QC 9S 10S JS 5D 6D 7D 8C 9C 10C AH"
    bruno = "2H 3H 4H 5H 6H 7S 7D 7C KS KD KC 7H 8H"
    lines = ["hand 1", "dealer Anna", f"deal Anna {anna}", f"deal Bruno {bruno}",
             "upcard 5S", "Bruno draw 9D", "Bruno meld 2H 3H 4H 5H 6H",
             "Bruno meld 7S 7D 7C", "Bruno meld KS KD KC", "Bruno discard 9D"]
    stock = _stock_left(anna, bruno, "5S 9D")
    pile = ["5S", "9D"]
    players = ("Anna", "Bruno")
    turn = 0
    for reshuffled in (False, True):
        if reshuffled:
            lines.append("reshuffle")
            stock, pile = pile[:-1], pile[-1:]
            stock.remove(last)
            stock.insert(0, last)
        while len(stock) > int(reshuffled):
            card, player = stock.pop(), players[turn % 2]
            lines += [f"{player} draw {card}", f"{player} discard {card}"]
            pile.append(card)
            turn += 1
    return "\n".join(lines) + "\n", players[turn % 2]


def test_closing_with_the_last_card_of_the_reshuffled_stock_closes_the_hand() -> None:
    # D16: the turn that empties the stock after its one reshuffle ends the hand after
    # its discard unless that discard closed: Anna draws the last card and closes in one
    # go, and the closing counts (Bruno pays 7H 8H doubled).
    text, player = _to_the_last_card("JC")
    assert player == "Anna"
    closing = ("Anna draw JC\nAnna meld QH QS QC\nAnna meld 9S 10S JS\nAnna meld 5D 6D 7D\n"
               "Anna meld 8C 9C 10C JC\nAnna discard AH\nscore Anna 0 Bruno 30\n")
    game = _replay(text + closing, stock_exhausted="once_then_void")
    assert game.violations == ()
    assert game.hands[0].closing is Closing.IN_ONE_GO
    assert game.hands[0].penalties == {"Anna": 0, "Bruno": 30}


def test_a_turn_that_takes_the_last_card_without_closing_makes_the_hand_void() -> None:
    # D16: Anna opens with the last card but keeps one: the hand is void (nobody
    # scores), and the next line of play is after its end (T005).
    text, _ = _to_the_last_card("JC")
    turn = ("Anna draw JC\nAnna meld QH QS QC\nAnna meld 9S 10S JS\nAnna meld 5D 6D 7D\n"
            "Anna meld 8C 9C 10C\nAnna discard AH\n")
    game = _replay(text + turn + "score Anna 0 Bruno 0\n", stock_exhausted="once_then_void")
    assert game.violations == ()
    assert game.hands[0].closing is Closing.VOID
    assert game.hands[0].penalties == {"Anna": 0, "Bruno": 0}
    after = text + turn + "Bruno draw 2C\n"
    game = _replay(after, stock_exhausted="once_then_void")
    assert _codes(game) == [("T005", len(after.splitlines()) + 2)]  # two header lines
    # Under reshuffle the hand goes on: that draw wants its reshuffle line (D17).
    game = _replay(after, stock_exhausted="reshuffle")
    assert _codes(game)[0] == ("S006", len(after.splitlines()) + 2)


# --- compra: a buy next to a closing -------------------------------------------------------

#: Anna discards 8C; Carla (not the next player) buys it and opens with it; Bruno then
#: closes in one go.
BUY = """hand 1
dealer Carla
deal Anna QH QS QC 9S 10S JS 5D 6D 8C 10C 2S 3C AH
deal Bruno 8D 3H 4H 5H 6H 7S 7D 7C KS KD KC 9D 10D
deal Carla 8D 8S KH KD KC 2C 3C 4C 5C 9D 7H 6D QS
upcard 5S
Anna draw JC
Anna meld QH QS QC
Anna meld 9S 10S JS
Anna discard 8C
Carla buy 8C
Carla draw 2H
Carla meld 8C 8D 8S
Carla meld KH KD KC
Bruno draw 2C
Bruno meld 3H 4H 5H 6H
Bruno meld 7S 7D 7C
Bruno meld KS KD KC
Bruno meld 8D 9D 10D
Bruno discard 2C
score Anna 94 Bruno 0 Carla 96
"""
THREE = ("Anna", "Bruno", "Carla")


def test_a_buy_just_before_a_closing_and_of_the_closing_discard() -> None:
    # The buyer opened in the buy (D8: her penalty is her cards, doubled: 96).
    assert _replay(BUY, THREE, compra="yes").violations == ()
    # The closing discard cannot be bought: the hand is over (T005 on the buy).
    text = BUY.replace("score", "Anna buy 2C\nAnna draw 4S\nAnna attach 2C to 5\nscore")
    game = _replay(text, THREE, compra="yes")
    assert _codes(game) == [("T005", _lines(game, text)["Anna buy 2C"])]
    assert game.hands[0].penalties == {"Anna": 94, "Bruno": 0, "Carla": 96}


def test_a_buy_that_opens_is_judged_as_an_opening() -> None:
    # D7 in a buy: 54 is short of 55, on the buy's last meld; D12 with forbidden: the
    # buy before opening is S007 on the buy line.
    game = _replay(BUY, THREE, compra="yes", opening_points="55")
    assert ("M006", _lines(game, BUY)["Carla meld KH KD KC"]) in _codes(game)
    game = _replay(BUY, THREE, compra="yes", take_before_opening="forbidden")
    assert _codes(game) == [("S007", _lines(game, BUY)["Carla buy 8C"])]


# --- D2 to D5: what a run or a set takes -----------------------------------------------

#: Bruno lays 2C..KC; Anna opens with 59 and plays on it.
RUN = """hand 1
dealer Anna
deal Anna QH QS QC 9S 10S JS AC AC JK 7H 7S 7D 4H
deal Bruno 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 5D
upcard 5S
Bruno draw 6D
Bruno meld 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC
Bruno discard 5D
Anna draw 2H
Anna meld QH QS QC
Anna meld 9S 10S JS
{moves}
"""


def _moves(moves: str, **rules: str) -> list[tuple[str, str]]:
    """The violations of Anna's moves, each with the text of its line."""
    text = RUN.format(moves=moves)
    game = _replay(text, **rules)
    line_of = {n: line for line, n in _lines(game, text).items()}
    return [(str(p.code), line_of[p.line]) for p in game.violations if str(p.code) != "G006"]


@pytest.mark.parametrize(("moves", "rules", "refused"), [
    # D3: a natural ace or a joker declared as the ace goes low on 2..K.
    ("Anna attach AC to 1", {}, []),
    ("Anna attach JK(AC) to 1", {}, []),
    # D4: an undeclared joker on 2..K could be either ace.
    ("Anna attach JK to 1", {}, ["Anna attach JK to 1"]),
    # D5: never two natural aces; a joker as the other ace makes 14 (run_max=14 only).
    ("Anna attach AC to 1\nAnna attach AC to 1", {}, ["Anna attach AC to 1"]),
    ("Anna attach AC to 1\nAnna attach JK to 1", {}, []),
    ("Anna attach JK(AC) to 1\nAnna attach AC to 1", {}, []),
    ("Anna attach JK(AC) to 1\nAnna attach AC to 1", {"run_max": "13"},
     ["Anna attach AC to 1"]),
    # D2: a set's joker moves to another missing suit under any, not under declared.
    ("Anna meld 7H 7S JK(7D)\nAnna attach 7D to 4", {}, []),
    ("Anna meld 7H 7S JK(7D)\nAnna attach 7D to 4", {"set_joker_suit": "declared"},
     ["Anna attach 7D to 4"]),
])
def test_what_a_meld_takes_at_its_ends(moves: str, rules: dict[str, str],
                                       refused: list[str]) -> None:
    # The second AC of a pair of attaches is the one refused (the last line of moves).
    found = _moves(moves, **rules)
    assert [code for code, _ in found] == ["M002"] * len(refused)
    if refused:
        assert found[-1][1] == moves.splitlines()[-1]


# --- format 1.2: the limits of a paper score sheet ------------------------------------------

@pytest.mark.parametrize(("line", "rules", "impossible"), [
    # Ten cards an opened player may hold: four jokers and six aces, 166; 167 is odd,
    # no doubled penalty; a flat 100 doubled is 200 (D23).
    ("score Anna 0 Bruno 166", {}, False),
    ("score Anna 0 Bruno 167", {}, True),
    ("score Anna 0 Bruno 200", {}, False),
    ("score Anna 0 Bruno 201", {}, True),
    # The cheapest card: a 2, or an ace alone under ace_penalty=1_if_last.
    ("score Anna 0 Bruno 1", {}, True),
    ("score Anna 0 Bruno 2", {}, False),
    ("score Anna 0 Bruno 1", {"ace_penalty": "1_if_last"}, False),
    # minus100: a closing in one go scores -100; with winner_bonus=-100, -200 (D23).
    ("score Anna -100 Bruno 100", {"in_hand_bonus": "minus100"}, False),
    ("score Anna -200 Bruno 100", {"in_hand_bonus": "minus100", "winner_bonus": "-100"},
     False),
    ("score Anna 0 Bruno 0", {}, False),  # a void hand
])
def test_a_paper_score_line_at_the_limits_of_a_hand(line: str, rules: dict[str, str],
                                                    impossible: bool) -> None:
    game = _replay(f"hand 1\ndealer Bruno\n{line}\n", **rules)
    assert _codes(game) == ([("C006", game.hands[0].line + 2)] if impossible else [])


def test_a_bought_card_not_laid_is_one_mistake() -> None:
    # D28: Carla opens in the buy without the 8C she bought (S013 on the buy). Had the
    # buy been legal the 8C would be in a meld the log lost (8C 8D 8S), so her opening
    # of 30 and her score line (96, as if laid) only follow from it: notes, and her
    # declared penalty is taken.
    text = BUY.replace("Carla meld 8C 8D 8S\n", "")
    game = _replay(text, THREE, compra="yes")
    lines = _lines(game, text)
    assert _codes(game) == [("S013", lines["Carla buy 8C"])]
    assert _notes(game) == [("M006", lines["Carla meld KH KD KC"], "S013"),
                            ("C002", lines["score Anna 94 Bruno 0 Carla 96"], "S013")]
    assert game.hands[0].penalties["Carla"] == 96


def test_a_buy_that_draws_twice_or_plays_first_is_reported_where_it_goes_wrong() -> None:
    # D28 and the table of lines: the buy line is legal; a second draw is T003 on that
    # draw, a play before the draw T002 on that play, and the buy's count of draws only
    # follows from them (no S013 on the buy line, before the mistake).
    text = BUY.replace("Carla draw 2H\n", "Carla draw 2H\nCarla draw 2D\n")
    game = _replay(text, THREE, compra="yes")
    assert _codes(game) == [("T003", _lines(game, text)["Carla draw 2D"])]
    text = BUY.replace("Carla draw 2H\n", "")
    game = _replay(text, THREE, compra="yes")
    assert _codes(game)[0] == ("T002", _lines(game, text)["Carla meld 8C 8D 8S"])
    assert "S013" not in [code for code, _ in _codes(game)]
    # A buy followed by nothing of its own draws nothing and lays nothing: two S013 on
    # the buy line.
    text = BUY.replace("Carla draw 2H\nCarla meld 8C 8D 8S\nCarla meld KH KD KC\n", "")
    game = _replay(text, THREE, compra="yes")
    line = _lines(game, text)["Carla buy 8C"]
    assert [(code, n) for code, n in _codes(game) if n == line] == [("S013", line)] * 2


def test_no_joker_in_any_meld_of_the_opening_turn() -> None:
    # D11: with opening_jokers=forbidden a joker in a meld of the opening turn is M007
    # on that meld, even once the melds before it reach the threshold (41); in a later
    # turn Bruno lays a joker freely.
    text = """hand 1
dealer Anna
deal Anna QH QS QC 9S 10S JS 5D 6D 7C 10C 2S 3C AH
deal Bruno 2H 3H 4H 5H 6H 7S 7D 7H KS KD JK 9D 4C
upcard 5S
Bruno draw 8H
Bruno meld 2H 3H 4H 5H 6H
Bruno meld 7S 7D 7H
Bruno meld KS KD JK
Bruno discard 9D
Anna draw JC
Anna meld QH QS QC
Anna meld 9S 10S JS
Anna discard AH
Bruno draw JK
Bruno attach JK(7H) to 1
Bruno discard 4C
"""
    game = _replay(text, opening_jokers="forbidden")
    assert [p for p in _codes(game) if p[0] != "G006"] == [
        ("M007", _lines(game, text)["Bruno meld KS KD JK"])]
    assert [p for p in _codes(_replay(text)) if p[0] != "G006"] == []


@pytest.mark.parametrize(("sheet", "expected"), [
    # D21: the k-th hand is numbered k; a gap is reported once, not on every hand after.
    ("hand 1\ndealer Carla\nscore Anna 10 Bruno 0 Carla 5\nhand 3\ndealer Anna\n"
     "score Anna 0 Bruno 5 Carla 5\nhand 4\ndealer Bruno\nscore Anna 0 Bruno 5 Carla 5\n",
     [("D001", "hand 3")]),
    # D20: the dealer written is a fact: hand 2's wrong dealer is D003, and hand 3's
    # dealer follows it (Carla after Bruno), with no second D003.
    ("hand 1\ndealer Carla\nscore Anna 10 Bruno 0 Carla 5\nhand 2\ndealer Bruno\n"
     "score Anna 0 Bruno 5 Carla 5\nhand 3\ndealer Carla\nscore Anna 0 Bruno 5 Carla 5\n",
     [("D003", "dealer Bruno")]),
    # D24: a total of 100 stays in, 101 is out; the deal then skips the player out.
    ("hand 1\ndealer Carla\nscore Anna 100 Bruno 0 Carla 5\nhand 2\ndealer Anna\n"
     "score Anna 0 Bruno 5 Carla 5\n", []),
    ("hand 1\ndealer Carla\nscore Anna 101 Bruno 0 Carla 5\nhand 2\ndealer Anna\n"
     "score Bruno 5 Carla 0\n", [("D003", "dealer Anna")]),
    # D25: a score line names every player of the hand once.
    ("hand 1\ndealer Carla\nscore Anna 10 Bruno 0\n", [("C003", "score Anna 10 Bruno 0")]),
    ("hand 1\ndealer Carla\nscore Anna 10 Bruno 0 Carla 5 Anna 10\n",
     [("C003", "score Anna 10 Bruno 0 Carla 5 Anna 10")]),
])
def test_hand_numbers_dealers_and_score_lines(sheet: str,
                                              expected: list[tuple[str, str]]) -> None:
    game = _replay(sheet, THREE)
    line_of = {n: line for line, n in _lines(game, sheet).items()}
    assert [(str(p.code), line_of[p.line]) for p in game.violations] == expected



#: Bruno lays two melds with a joker; Anna, opened, swaps both jokers out in one turn.
TWO_SWAPS = """hand 1
dealer Anna
deal Anna QH QS QC 9S 10S JS 5D 6D 7C 4H 8C 9C AH
deal Bruno 2H 3H JK 7S 7D JK KS KD KC 9D 4C 5C 6C
upcard 5S
Bruno draw 8H
Bruno meld 2H 3H JK
Bruno meld 7S 7D JK
Bruno meld KS KD KC
Bruno discard 9D
Anna draw JC
Anna meld QH QS QC
Anna meld 9S 10S JS
Anna discard AH
Bruno draw 2C
Bruno discard 2C
Anna draw 10C
Anna swap 4H in 1
Anna swap 7C in 2
{lay}Anna discard 5D
"""


@pytest.mark.parametrize(("lay", "expected"), [
    # D15: the joker laid pays back the first swap; the second swap's is unused.
    ("Anna meld 8C 9C 10C JK\n", [("M008", "Anna swap 7C in 2")]),
    ("", [("M008", "Anna swap 4H in 1"), ("M008", "Anna swap 7C in 2")]),
    # Both jokers laid in one line that is refused (one joker a meld): the line stays
    # on the table (D27), so both freed jokers are laid; only the meld is wrong.
    ("Anna meld 8C 9C 10C JK JK(QC)\n", [("M001", "Anna meld 8C 9C 10C JK JK(QC)")]),
    ("Anna attach JK JK to 1\n", [("M002", "Anna attach JK JK to 1")]),
])
def test_each_joker_laid_pays_back_one_freed_joker(lay: str,
                                                   expected: list[tuple[str, str]]) -> None:
    text = TWO_SWAPS.format(lay=lay)
    game = _replay(text, freed_joker="must_use")
    line_of = {n: line for line, n in _lines(game, text).items()}
    assert [(str(p.code), line_of[p.line]) for p in game.violations
            if str(p.code) != "G006"] == expected
