"""The parts of the hand referee on their own, rule by rule: its books, whose turn it is,
the end of a hand, the deal's one-line rules, the look ahead and the header tags.

Each part is driven through a small hand (Anna deals to herself and Bruno, Bruno
plays first), set up by feeding a few lines; the test then asks the part directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import small_hand
from helpers import cards

from scala40cli.judging.hands.hand import HandReferee
from scala40cli.judging.hands.lookahead import last_deal_line, next_hand_number
from scala40cli.judging.hands.phases import Kind, Phase
from scala40cli.judging.match.header import read_header
from scala40cli.judging.rulebook.rules import CLASSIC, Teams
from scala40cli.judging.tabletop.findings import Finding
from scala40cli.judging.tabletop.turn import Turn
from scala40cli.model.cards import parse_card
from scala40cli.model.results import Closing, Problem
from scala40cli.model.violations import Code
from scala40cli.reading.event_base import replace
from scala40cli.reading.events import Buy, Event, Tag
from scala40cli.reading.parser import parse_text

PLAYERS = ("Anna", "Bruno")
DEAL = small_hand.DEAL


@dataclass
class Table:
    """A hand referee and what it reported: (code, line, as a note or not)."""

    referee: HandReferee
    events: list[Event]
    reported: list[tuple[Code, int, bool]] = field(default_factory=list)

    @property
    def violations(self) -> list[Code]:
        return [code for code, _line, note in self.reported if not note]


def events_of(body: str, players: str = '"Anna" "Bruno"') -> list[Event]:
    parsed = parse_text(f"[Players {players}]\nhand 1\n{body}\n")
    assert not parsed.errors, parsed.errors
    return list(parsed.games[0].events[1:])


def table(body: str = DEAL, expected_dealer: str | None = None) -> Table:
    """A hand fed ``body`` line by line, with the game's events to look ahead in."""
    start, *rest = events_of(body)
    reported: list[tuple[Code, int, bool]] = []

    def flag(finding: Finding, player: str | None = None,
             cause: Problem | None = None) -> Problem:
        reported.append((finding.code, finding.event.line, cause is not None))
        event = finding.event
        return Problem(code=finding.code, message=finding.message, line=event.line,
                       column=event.column, player=player, caused_by=cause)

    referee = HandReferee(number=1, start=start, still_in=PLAYERS, game_players=PLAYERS,
                          expected_dealer=expected_dealer, rules=CLASSIC, flag=flag)
    referee.upcoming = rest
    for position, event in enumerate(rest):
        referee.feed(event, position)
    return Table(referee, rest, reported)


def line(event_text: str, number: int = 99) -> Event:
    """One line of play, parsed on its own, placed at line ``number``."""
    parsed = parse_text(f'[Players "Anna" "Bruno"]\nhand 1\n{event_text}\n')
    event = parsed.games[0].events[-1]
    return replace(event, line=number)


# --- the books: the cards of the player in turn ----------------------------------------


def test_a_play_before_the_draw_takes_the_top_of_the_pile_it_uses() -> None:
    books = table(DEAL + "\nBruno draw 8H\nBruno discard 9D").referee
    turn = books.accept(line("Anna meld 9D 9S 9C"))  # 9D is the top of the pile
    assert turn is not None
    books.need_draw(turn, line("Anna meld 9D 9S 9C"), cards("9D 9S 9C"))
    assert books.hands["Anna"][parse_card("9D")] == 1
    assert books.discard_pile == list(cards("5S"))
    assert turn.drew and not turn.owes_draw


def test_a_play_before_the_draw_owes_a_stock_card_when_the_play_shows_none() -> None:
    books = table(DEAL + "\nBruno draw 8H\nBruno discard 9D").referee
    meld = line("Anna meld QH QS QC")
    turn = books.accept(meld)
    assert turn is not None
    books.need_draw(turn, meld, cards("QH QS QC"))
    assert turn.owes_draw
    books.pay_draw(turn)
    assert not turn.owes_draw and books.size("Anna") == 14


def test_cards_not_in_hand_are_reported_and_leave_the_hand_as_it_was() -> None:
    parts = table(DEAL + "\nBruno draw 8H")
    books = parts.referee
    books.remove_from_hand(line("Bruno discard AS", 30), cards("AS"))
    assert (Code.NOT_IN_HAND, 30, False) in parts.reported
    assert books.size("Bruno") == 14
    assert books.doubts.of_hand("Bruno") is not None


def test_a_finding_that_may_follow_from_the_turn_is_held_until_it_is_over() -> None:
    books = table(DEAL + "\nBruno draw 8H").referee
    turn = Turn(player="Bruno", opened_before=False)
    event = line("Bruno attach 8H to 1")
    books.report_or_hold(turn, Finding(Code.NOT_OPENED, event, "held", held=True), "Bruno")
    books.report_or_hold(turn, None, "Bruno")
    assert [f.code for f in turn.deferred] == [Code.NOT_OPENED]


# --- whose turn it is --------------------------------------------------------------------


def test_the_player_after_the_dealer_plays_first_and_the_order_goes_round() -> None:
    books = table(DEAL + "\nBruno draw 8H").referee
    assert (books.first_player(), books.next_after("Bruno")) == ("Bruno", "Anna")


def test_a_dealer_against_the_rotation_is_a_slip_when_play_follows_the_rotation() -> None:
    """D28: Bruno should deal and Anna, after him, plays first: "dealer Anna" was a
    slip of the pen (reported once), not a hand where Anna dealt and played first."""
    parts = table(DEAL + "\nAnna draw 8H", expected_dealer="Bruno")
    assert parts.violations == [Code.WRONG_DEALER]
    assert (parts.referee.dealer, parts.referee.current) == ("Bruno", "Anna")


def test_a_dealer_against_the_rotation_stands_when_play_follows_the_dealer_written() -> None:
    parts = table(DEAL + "\nBruno draw 8H", expected_dealer="Bruno")
    assert parts.violations == [Code.WRONG_DEALER]
    assert (parts.referee.dealer, parts.referee.current) == ("Anna", "Bruno")


def test_a_line_under_a_mistyped_name_is_the_player_in_turn_when_the_next_line_is() -> None:
    parts = table(DEAL + "\nBruno draw 8H\nBruna meld 2H 3H 4H 5H 6H\nBruno meld 7S 7D 7C\n"
                         "Bruno discard 9D")
    assert parts.violations == [Code.UNKNOWN_PLAYER]
    assert parts.referee.owners == ["Bruno", "Bruno"]


def test_another_players_line_takes_the_turn_over() -> None:
    parts = table(DEAL + "\nBruno draw 8H\nAnna draw JC")
    assert parts.violations == [Code.WRONG_TURN]
    assert parts.referee.current == "Anna"


def test_a_stranger_is_refused_a_turn() -> None:
    parts = table(DEAL + "\nBruno draw 8H")
    assert parts.referee.accept(line("Zoe draw 3D", 40)) is None
    assert (Code.UNKNOWN_PLAYER, 40, False) in parts.reported
    assert parts.referee.current == "Bruno"


def test_only_the_buyer_is_buying() -> None:
    books = table(DEAL + "\nBruno draw 8H").referee
    assert not books.buying("Bruno")
    buy = line("Anna buy 9D")
    assert isinstance(buy, Buy)
    books.turn = Turn(player="Anna", opened_before=False, buy=buy)
    assert books.buying("Anna") and not books.buying("Bruno")


# --- the end of a hand ---------------------------------------------------------------------


def test_a_score_only_hand_takes_its_penalties_as_declared() -> None:
    ending = table("dealer Anna").referee
    assert ending.score_only()
    ending.end_score_only({"Anna": 30, "Bruno": 0})
    assert ending.phase is Phase.ENDED and ending.paper
    assert ending.penalties == {"Anna": 30, "Bruno": 0}
    assert ending.unverified == {"Anna": "a score-only hand", "Bruno": "a score-only hand"}
    # who closed is read with the score line (tests/test_paper_sheets.py)
    assert ending.closer is None


def test_a_void_hand_scores_nothing() -> None:
    ending = table(DEAL + "\nBruno draw 8H").referee
    ending.end_void()
    assert (ending.closing, ending.penalties) == (Closing.VOID, {"Anna": 0, "Bruno": 0})


def test_only_the_first_line_after_the_end_is_reported() -> None:
    parts = table(DEAL + "\nBruno draw 8H")
    parts.referee.end_void()
    parts.referee.after_end(line("Anna draw 2D", 50))
    parts.referee.after_end(line("Anna draw 3D", 51))
    assert [r for r in parts.reported if r[0] is Code.AFTER_HAND_END] == [
        (Code.AFTER_HAND_END, 50, False)]


def test_a_hand_given_up_scores_nothing_and_reports_what_its_turn_held() -> None:
    parts = table(DEAL + "\nBruno draw 8H")
    turn = parts.referee.turn
    assert turn is not None
    turn.deferred.append(Finding(Code.NOT_OPENED, line("Bruno attach 8H to 1", 60), "held",
                                 held=True))
    parts.referee.give_up()
    assert (Code.NOT_OPENED, 60, False) in parts.reported
    assert parts.referee.penalties == {"Anna": 0, "Bruno": 0}
    assert parts.referee.closing is Closing.UNFINISHED


# --- the deal's one-line rules ------------------------------------------------------------


def test_a_deal_has_one_dealer_one_stock_and_one_upcard_unless_a_joker_is_returned() -> None:
    deal = table("dealer Anna").referee.setup
    assert deal is not None
    assert deal.has(Kind.DEALER) and not deal.has(Kind.STOCK) and not deal.has(Kind.UPCARD)
    deal = table(DEAL).referee.setup
    assert deal is not None and deal.has(Kind.UPCARD) and not deal.has(Kind.DEAL)


# --- the look ahead ------------------------------------------------------------------------


def test_the_last_line_of_the_deal_is_looked_for_in_the_hand_only() -> None:
    events = events_of("dealer Anna\nBruno draw 8H\nupcard 5S\nhand 2\ndealer Bruno")
    assert last_deal_line(events, 0) == 3
    assert last_deal_line(events, 3) == -1
    assert next_hand_number(events, 0) == 2
    assert next_hand_number(events, 4) is None


# --- the header ------------------------------------------------------------------------------


def _header(text: str) -> tuple[list[Code], tuple[str, ...], Teams]:
    game = parse_text(text + "\nhand 1\n").games[0]
    codes: list[Code] = []

    def flag(finding: Finding, player: str | None = None,
             cause: Problem | None = None) -> Problem:
        codes.append(finding.code)
        return Problem(code=finding.code, message=finding.message, line=1, column=1)

    tags = [e for e in game.events if isinstance(e, Tag)]
    header = read_header(game, tags, None, flag)
    return codes, header.players, header.rules.teams


def test_a_game_names_two_to_six_players_with_different_names() -> None:
    assert _header('[Players "Anna" "Bruno"]') == ([], PLAYERS, Teams.NONE)
    assert _header('[Players "Anna"]')[:2] == ([Code.BAD_PLAYERS], ())
    assert _header('[Players "Anna" "Anna"]')[:2] == ([Code.BAD_PLAYERS], ())
    assert _header('[Event "no players"]')[:2] == ([Code.MISSING_PLAYERS], ())


def test_pairs_need_four_players() -> None:
    codes, players, _teams = _header('[Players "Anna" "Bruno"]\n[Rule "teams" "pairs"]')
    assert codes == [Code.BAD_RULES] and players == PLAYERS



def test_the_look_ahead_sees_every_line_a_player_writes() -> None:
    """Compiled by mypyc too (the suite runs on the compiled wheel): who is still to
    play, and whose line comes next, for each kind of line a player writes."""
    from scala40cli.judging.hands.lookahead import next_player_event, players_to_come
    from scala40cli.reading.events import PLAYER_EVENTS, Reshuffle, TableCard

    # typed values: the compiled classes check the types of what they are given
    values = {"card": parse_card("5H"), "cards": (TableCard(parse_card("5H")),), "meld": 1}
    for index, cls in enumerate(PLAYER_EVENTS):
        fields: dict[str, object] = {"line": 2, "column": 1, "player": f"P{index}"}
        extra = [f for f in cls.__match_args__ if f not in fields]
        event = cls(**fields, **{name: values[name] for name in extra})
        assert players_to_come([event], 0) == {f"P{index}"}
        ahead = next_player_event([Reshuffle(line=1, column=1), event], 0)
        assert ahead is (None if cls.__name__ == "Buy" else event)


def test_a_card_leaving_a_hand_leaves_no_zero_count_behind() -> None:
    """holds_cards() asks only whether a hand's Counter is empty, at every discard and
    play: a card that leaves a hand, whichever way, is deleted at zero."""
    books = table(DEAL + "\nBruno draw 8H").referee
    bruno = books.hands["Bruno"]
    books.remove_from_hand(line("Bruno meld 2H 3H 4H"), cards("2H 3H 4H"))
    assert books.take_out(line("Bruno discard 9D"), parse_card("9D"))
    assert books.take_out(line("Bruno discard KS"), parse_card("KS"))
    assert 0 not in bruno.values() and parse_card("9D") not in bruno
    everything = list(bruno.elements())
    books.remove_from_hand(line("Bruno meld 5H 6H 7S"), everything)
    assert not bruno and books.size("Bruno") == 0 and not books.holds_cards("Bruno")
    books.unknown["Bruno"] = 1  # a card the log did not show is still a card
    assert books.holds_cards("Bruno")
