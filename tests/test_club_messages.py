"""Messages that lead to the fix (issue 33, part 3): each says what a club's scorer must
change, on the line to change, in words that read one way only."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from click.testing import CliRunner

from scala40cli.cli.main import main
from scala40cli.judging.match.referee import replay
from scala40cli.model.results import GameResult
from scala40cli.reading.parser import parse_text
from scala40cli.reporting.text_report import hand_table
from scala40cli.reporting.widths import display_width, pad

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def _replay(text: str) -> GameResult:
    return replay(parse_text(text).games[0])


def _messages(game: GameResult) -> list[tuple[str, int, str]]:
    return [(str(p.code), p.line, p.message) for p in game.violations]


def test_a_rank_written_as_its_number_gets_the_card_it_means() -> None:
    parsed = parse_text('[Players "A" "B"]\nhand 1\nA discard 11H\nA discard 12s\n'
                        "A discard 13D\nA discard 1C\n")
    assert [e.message.split("; ")[1] for e in parsed.errors] == [
        "did you mean JH?", "did you mean QS?", "did you mean KD?", "did you mean AC?"]


def test_a_score_that_differs_says_which_is_written_and_which_computed() -> None:
    text = (FIXTURES / "illegal" / "C002-score-mismatch.s40").read_text(encoding="utf-8")
    assert "score Anna 40 Bruno 0" in text  # Anna holds 44
    assert _messages(_replay(text)) == [
        ("C002", 25, "Anna scores 44, not the 40 written on the score line")]


def test_c005_names_the_players_and_no_mark_says_declared_without_a_score_line() -> None:
    path = FIXTURES / "illegal" / "C005-missing-score.s40"
    game = _replay(path.read_text(encoding="utf-8"))
    [(code, _, message)] = _messages(game)
    assert code == "C005"
    assert message == ("hand 1 ends with unknown cards in the hand of Bruno: a score line "
                       "must give the penalties")
    table = hand_table(game)
    assert "0?" in table[2] and "0*" not in table[2]
    assert table[-1].startswith("? the cards seen only: no score line gave the penalty")
    assert not any("declared on the score line" in line for line in table)


def test_a_third_copy_names_the_lines_of_the_other_copies() -> None:
    game = _replay((FIXTURES / "hostile" / "third-copy.s40").read_text(encoding="utf-8"))
    assert _messages(game) == [
        ("D007", 11, "more copies than the deck holds: 9C (9C also on line 9)")]
    game = _replay((FIXTURES / "hostile" / "fifth-joker.s40").read_text(encoding="utf-8"))
    assert _messages(game)[0][2].endswith("(JK also on lines 9 and 11)")


def test_widths_are_counted_as_a_terminal_shows_them() -> None:
    nfd = unicodedata.normalize("NFD", "Nicolò")
    assert len(nfd) == 7 and display_width(nfd) == 6
    assert display_width("王小明") == 6
    assert display_width("An\u200bna") == 4
    assert pad(nfd, 8) == nfd + "  " and pad("王", 3, right=True) == " 王"


def test_the_score_sheet_aligns_names_in_nfd_and_wide_characters() -> None:
    nfd = unicodedata.normalize("NFD", "Nicolò")
    game = _replay(f'[Players "{nfd}" "王小明" "Anna"]\nhand 1\n'
                   f"score {nfd} 0 王小明 30 Anna 5\n")
    rows = hand_table(game)
    assert rows[:3] == [f"Hand   {nfd}  王小明  Anna  Closed by",
                        "-----  ------  ------  ----  ---------",
                        f"1          0*     30*    5*  {nfd}"]


def test_explain_quotes_the_decision_rather_than_a_file() -> None:
    result = CliRunner().invoke(main, ["explain", "M006"], catch_exceptions=False)
    assert "From the referee's decisions, D7. When the opening is judged:" in result.output
    assert "reported on the line of the last meld laid in that turn" in result.output
    assert "docs/decisions.md" not in result.output


# --- a missing hand line, two discards in a turn --------------------------------------------

FOUR = (FIXTURES / "legal" / "four-players.s40").read_text(encoding="utf-8")


def test_a_missing_hand_line_is_reported_and_its_lines_judged_as_that_hand() -> None:
    text = FOUR.replace("\nhand 2\n", "\n", 1)
    legal = _replay(FOUR)
    game = _replay(text)
    [(code, line, message)] = _messages(game)
    assert code == "D001" and text.splitlines()[line - 1] == "dealer Anna"
    assert message == ("a 'hand 2' line seems to be missing before this line: what follows "
                       "is judged as hand 2")
    assert [hand.number for hand in game.hands] == [hand.number for hand in legal.hands]
    assert (game.totals, game.winner) == (legal.totals, legal.winner)


def test_a_missing_hand_line_before_a_deal_line_too() -> None:
    lines = FOUR.splitlines()
    at = lines.index("hand 2")
    text = "\n".join(lines[:at] + lines[at + 2:]) + "\n"  # no hand line, no dealer line
    game = _replay(text)
    assert [code for code, _, _ in _messages(game)] == ["D001", "D002"]
    assert game.hands[1].penalties == _replay(FOUR).hands[1].penalties


def test_a_second_discard_says_the_player_has_already_discarded() -> None:
    head = """[Players "Lucia" "Marco"]
hand 1
dealer Marco
deal Lucia QS QH QD 2C 3C 4C 5C 9H 9D 9S KD 7S 8H
deal Marco 2S 3S 4S 5S 6H 7H 8D 9C 10C JC QC KC AH
upcard 6S
Lucia draw 4H
Lucia discard 8H
"""
    game = _replay(head + "Lucia discard 7S\nMarco draw 5D\nMarco discard 5D\n")
    assert _messages(game) == [
        ("T001", 9, "it is Marco's turn: Lucia has already discarded (on line 8)")]
    assert ("T002", 9) in [(str(n.code), n.line) for n in game.notes]
    game = _replay(head + "Marco draw 5D\nLucia discard 7S\n")  # another turn between
    assert _messages(game)[0][2] == "it is Marco's turn, not Lucia's"
