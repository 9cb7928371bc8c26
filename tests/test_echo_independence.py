"""D28's counterfactual test: a later problem is an echo of an earlier one only if it
would not arise had the earlier event been legal (or absent), so that an independent
mistake later in the same hand or turn is still a violation on its own line."""

from __future__ import annotations

from scala40cli.judging.match.referee import replay
from scala40cli.model.card_counts import full_deck
from scala40cli.model.results import GameResult
from scala40cli.reading.parser import parse_text

ANNA = "AH 2H 3S 4S 6C 8D 10H JD QS 5C 6H 7D 8C"
BRUNO = "9S 9H 9D KS KD KC 9H 9C JK 2C 5D 7S 4H"
#: The top of the stock, in the order the players draw it.
TOP = ("QH", "10S", "3C", "4C", "5H")


def _stock() -> str:
    """A stock line: the cards of ``TOP`` first, then the rest of the deck."""
    deck = full_deck()
    for code in (*ANNA.split(), *BRUNO.split(), "3D", *TOP):
        (found,) = [c for c in deck if c.code == code]
        deck[found] -= 1
    rest = sorted(c.code for c in deck.elements())
    return "stock " + " ".join((*TOP, *rest))


def _hand(plays: str) -> str:
    return (f'[Players "Anna" "Bruno"]\nhand 1\ndealer Anna\ndeal Anna {ANNA}\n'
            f"deal Bruno {BRUNO}\nupcard 3D\n{_stock()}\n" + plays)


OPENING = """Bruno draw QH
Bruno meld 9S 9H 9D
Bruno meld KS KD KC
Bruno discard 2C
Anna draw 10S
Anna discard 10S
Bruno draw 3C
"""


def _judged(text: str) -> GameResult:
    (game,) = parse_text(text).games
    return replay(game)


def _line(text: str, wanted: str) -> int:
    return text.splitlines().index(wanted) + 1


def _violations(game: GameResult) -> set[tuple[str, int]]:
    return {(str(p.code), p.line) for p in game.violations}


def _notes(game: GameResult) -> set[tuple[str, int, int]]:
    return {(str(p.code), p.line, p.caused_by.line) for p in game.notes
            if p.caused_by is not None}


def test_the_opening_of_these_hands_is_legal() -> None:
    text = _hand(OPENING + "Bruno discard 5D\n")
    game = _judged(text)  # the file ends in the middle of the hand: that alone
    assert _violations(game) == {("G006", _line(text, "Bruno discard 5D"))}


def test_a_joker_on_a_set_full_whatever_happened_is_a_violation_of_its_own() -> None:
    # The 9H is refused (the set holds one); the 9C makes four cards, legal either way;
    # the joker makes five whether or not the 9H had been attached: independent.
    text = _hand(OPENING + "Bruno attach 9H to 1\nBruno attach 9C to 1\n"
                 "Bruno attach JK to 1\nBruno discard 5D\n")
    game = _judged(text)
    refused, joker = _line(text, "Bruno attach 9H to 1"), _line(text, "Bruno attach JK to 1")
    assert ("M002", refused) in _violations(game)
    assert ("M002", joker) in _violations(game)
    assert not any(line == _line(text, "Bruno attach 9C to 1") for _c, line in
                   _violations(game))


def test_a_joker_on_a_full_set_after_a_mistake_on_another_meld_is_a_violation() -> None:
    # The same when the 9H went to the set of kings instead.
    text = _hand(OPENING + "Bruno attach 9H to 2\nBruno attach 9C to 1\n"
                 "Bruno attach JK to 1\nBruno discard 5D\n")
    game = _judged(text)
    assert ("M002", _line(text, "Bruno attach 9H to 2")) in _violations(game)
    assert ("M002", _line(text, "Bruno attach JK to 1")) in _violations(game)


def test_a_take_for_a_draw_puts_the_stock_out_of_step_once_and_hides_nothing_else() -> None:
    # Anna takes the 2C where she drew 10S: the take is reported (she does not open
    # with it); Bruno's draw of 3C is then not the stock's top (10S is): a note, and the
    # stock is put back in step, so the later draws are judged as usual, and Bruno's
    # attach to a meld that never existed is a violation of its own.
    plays = ("Bruno draw QH\nBruno meld 9S 9H 9D\nBruno meld KS KD KC\nBruno discard 2C\n"
             "Anna take 2C\nAnna discard 6C\nBruno draw 3C\nBruno attach 7S to 5\n"
             "Bruno discard 4H\nAnna draw 4C\nAnna discard 4C\nBruno draw 5H\n"
             "Bruno discard 5D\n")
    text = _hand(plays)
    game = _judged(text)
    take, draw = _line(text, "Anna take 2C"), _line(text, "Bruno draw 3C")
    assert _violations(game) == {("S007", take), ("M004", _line(text, "Bruno attach 7S to 5"))}
    stock_notes = [(code, line, cause) for code, line, cause in _notes(game)
                   if code in ("S001", "S002")]
    assert stock_notes == [("S001", draw, take)]


def test_a_lost_meld_line_is_no_longer_assumed_once_a_later_move_shows_the_numbers() -> None:
    """Anna's opening falls short (M006), which may mean a meld line the log lost, the
    later numbers then running one ahead. But Anna attaches AS to meld 5 (three aces),
    which meld 4 (4S 5S 6S) would refuse: the numbers run as the table's. Bruno's
    joker on meld 4, which could go at either end, is then a violation of its own."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    from corruptions import make_cases, source
    from echoes import Pair

    wanted = ("opening_meld_shortened-sim-2p-s3-L72", "attach_joker_ambiguous-sim-2p-s3-L126")
    by_id = {case.id: case for case in make_cases([source("sim-2p-s3")])
             if case.id in wanted}
    pair = Pair(by_id[wanted[0]], by_id[wanted[1]])
    text = pair.text()
    assert "Anna attach AS to 5" in text.splitlines()[96]
    (game,) = parse_text(text).games
    assert set(pair.expected()) <= _violations(replay(game))
