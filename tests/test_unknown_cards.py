"""The referee on a log with unknown cards (format 1.1), and on a paper score sheet."""

from __future__ import annotations

from scala40cli.judging.match.referee import replay
from scala40cli.model.results import GameResult
from scala40cli.reading.parser import parse_text

HEAD = '[Players "Anna" "Bruno"]\n'
#: Anna's seat: Bruno's cards and draws unknown. Anna closes; Bruno keeps 7 cards.
HAND = """hand 1
dealer Bruno
deal Anna 2H 3H 4H 5H 6H 7S 7D 7C KS KD KC 9D 4C
deal Bruno {bruno}
upcard 5S
Anna draw 8H
Anna meld 2H 3H 4H 5H 6H
Anna meld 7S 7D 7C
Anna discard 9D
Bruno draw ?
Bruno meld QH QS QC
Bruno meld 9S 10S JS
Bruno discard AH
Anna draw 7H
Anna attach 7H 8H to 1
Anna meld KS KD KC
Anna discard 4C
"""


def _replay(text: str) -> GameResult:
    parsed = parse_text(text)
    assert parsed.errors == ()
    (game,) = parsed.games
    return replay(game)


def _codes(game: GameResult) -> list[tuple[str, int]]:
    return [(str(p.code), p.line) for p in game.violations]


def test_a_declared_penalty_is_taken_for_unknown_cards() -> None:
    game = _replay(HEAD + HAND.format(bruno="?") + "score Anna 0 Bruno 61\n")
    assert game.violations == ()
    (hand,) = game.hands
    assert hand.penalties == {"Anna": 0, "Bruno": 61}
    assert hand.unverified == {"Bruno": "holds 7 unknown cards"}
    assert game.totals == {"Anna": 0, "Bruno": 61}


def test_a_declared_penalty_below_the_cards_seen_is_a_mismatch() -> None:
    # Bruno was dealt the AD, seen, and never laid it: his penalty is at least 11.
    game = _replay(HEAD + HAND.format(bruno="AD" + " ?" * 12) + "score Anna 0 Bruno 5\n")
    assert _codes(game) == [("C002", 19)]
    assert "already cost 11" in game.violations[0].message


def test_a_declared_penalty_above_what_the_cards_can_cost_is_a_mismatch() -> None:
    game = _replay(HEAD + HAND.format(bruno="?") + "score Anna 0 Bruno 176\n")
    assert _codes(game) == [("C002", 19)]  # 7 unknown cards cost at most 7 x 25


def test_a_player_who_never_opened_pays_the_flat_penalty_unknown_cards_or_not() -> None:
    text = HEAD + HAND.format(bruno="?").replace("Bruno meld QH QS QC\nBruno meld 9S 10S JS\n",
                                                 "")
    game = _replay(text + "score Anna 0 Bruno 90\n")
    assert [(str(p.code), p.message) for p in game.violations] == [
        ("C002", "Bruno scores 100, not the 90 written on the score line")]
    assert game.hands[0].unverified == {}


def test_no_score_line_where_it_is_needed_is_c005() -> None:
    game = _replay(HEAD + HAND.format(bruno="?"))
    assert _codes(game) == [("C005", 18)]


def test_a_card_played_from_unknown_ones_is_counted_against_the_deck() -> None:
    # Anna holds a KS and the upcard is the other: Bruno cannot lay a third one.
    text = HEAD + HAND.format(bruno="?").replace("upcard 5S", "upcard KS")
    text = text.replace("Bruno meld QH QS QC", "Bruno meld KS KH KD")
    game = _replay(text + "score Anna 0 Bruno 61\n")
    assert _codes(game) == [("D007", 12)]


def test_a_log_with_unknown_cards_has_no_stock_line() -> None:
    text = HEAD + HAND.format(bruno="?").replace("upcard 5S\n", "upcard 5S\nstock 3S 4S\n")
    game = _replay(text + "score Anna 0 Bruno 61\n")
    assert _codes(game) == [("T006", 7)]


def test_a_paper_score_sheet_gets_its_standings_checked() -> None:
    text = HEAD + "".join(f"hand {n}\nscore Anna {a} Bruno {b}\n"
                          for n, (a, b) in enumerate([(0, 60), (30, 0), (0, 50)], start=1))
    game = _replay(text)
    assert game.violations == ()
    assert game.totals == {"Anna": 30, "Bruno": 110}
    assert [(out.player, out.hand) for out in game.eliminated] == [("Bruno", 3)]
    assert game.finished and game.winner == "Anna"
    assert all(hand.unverified for hand in game.hands)
    assert [hand.closer for hand in game.hands] == ["Anna", "Bruno", "Anna"]


def test_a_paper_score_sheet_checks_the_dealers_written() -> None:
    text = HEAD + "hand 1\ndealer Anna\nscore Anna 0 Bruno 60\nhand 2\ndealer Anna\n" \
        "score Anna 30 Bruno 0\n"
    assert _codes(_replay(text)) == [("D003", 6)]
