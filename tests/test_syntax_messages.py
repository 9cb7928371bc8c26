"""Every message a syntax error can produce is in words a person can act on.

A log written at a club table holds typos: ``1OH`` for 10H (a letter O), ``I0H`` (a
letter I), ``QX``. When one typo away from the word there is a card, the message says
which ("did you mean 10H?"). No message ever shows a name of the grammar's own
(``'_attach'``, ``MCARDS``, ``$END``). Both parse paths give the same message.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from scala40cli.audit.pipeline import audit_path
from scala40cli.model.violations import Code
from scala40cli.reading.parser import parse_text
from scala40cli.reading.syntax_errors import card_suggestions

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "illegal"
HEAD = '[Players "Anna" "Bruno"]\nhand 1\n'


def message_of(line: str, *, fast_path: bool = True) -> str:
    parsed = parse_text(f"{HEAD}{line}\n", fast_path=fast_path)
    assert len(parsed.errors) == 1, parsed.errors
    assert parsed.errors[0].code is Code.SYNTAX_ERROR
    return parsed.errors[0].message


SUGGESTIONS = [
    # (a word that is not a card, the cards one typo away, as suggested)
    pytest.param("1OH", ["10H"], id="letter_O_for_zero"),
    pytest.param("I0H", ["10H"], id="letter_I_for_one"),
    pytest.param("lOH", ["10H"], id="letter_l_and_O"),
    pytest.param("1oc", ["10C"], id="lower_case_o"),
    pytest.param("QX", ["QS", "QH", "QD", "QC"], id="unknown_suit_four_cards"),
    pytest.param("5SS", ["5S"], id="one_letter_too_many"),
    pytest.param("S5", ["5S"], id="two_letters_swapped"),
    pytest.param("JKK", ["JK"], id="joker_one_letter_too_many"),
    pytest.param("1Z", [], id="nothing_one_typo_away"),
    pytest.param("K", [], id="too_many_to_help"),
    pytest.param("to", [], id="a_keyword_is_no_typo_for_a_card"),
    pytest.param("10HHHH", [], id="a_long_word_is_no_typo_for_a_card"),
]


@pytest.mark.parametrize(("word", "cards"), SUGGESTIONS)
def test_a_card_one_typo_away_is_suggested(word: str, cards: list[str]) -> None:
    assert card_suggestions(word) == cards


MESSAGES = [
    # (a line of a log, the whole message): one row for each thing the module can say
    ("Anna draw 1OH", "'1OH' is not a card; did you mean 10H?"),
    ("Anna discard I0H", "'I0H' is not a card; did you mean 10H?"),
    ("Anna discard QX", "'QX' is not a card; did you mean QS, QH, QD or QC?"),
    ("deal Anna 5S 1OH 7C", "'1OH' is not a card; did you mean 10H?"),
    ("Anna meld JK(5S) 6S 1OH", "'1OH' is not a card; did you mean 10H?"),
    ("Anna draw 1Z",
     "'1Z' is not a card: expected a rank (A 2-10 J Q K) and a suit (S H D C), or JK"),
    ("stock Anna",
     "'Anna' is not a card: expected a rank (A 2-10 J Q K) and a suit (S H D C), or JK"),
    ("stock JK(5S)", "'JK(5S)': a joker declares the card it stands for only in meld or attach"),
    ("Anna meld 4S 5S(6S)", "'5S(6S)': only a joker may declare the card it stands for"),
    ("Deal Anna 7H", "keywords are lower case: write 'deal', not 'Deal'"),
    ("Anna Draw 5H", "keywords are lower case: write 'draw', not 'Draw'"),
    ("Anna", "expected a verb after 'Anna': draw, take, meld, attach, swap, discard or buy "
     "(or their Italian or French words)"),
    ("Anna discards 5H", "unknown verb 'discards'; did you mean discard?"),
    ("Anna dicsard 5H", "unknown verb 'dicsard'; did you mean discard?"),
    ("Anna cal 5H 6H 7H", "unknown verb 'cal'; did you mean cala?"),
    ("Anna achete 5H", "unknown verb 'achete'; did you mean achète?"),
    ("Anna prend5 5H", "unknown verb 'prend5'; did you mean prend or prende?"),
    ("Anna lays 5H", "unknown verb 'lays': expected draw, take, meld, attach, swap, discard "
     "or buy (or their Italian or French words)"),
    ("scroe Anna 0 Bruno 40", "unknown word 'scroe' at the start of a line; did you mean "
     "score?"),
    ("point Anna 30 Bruno 0", "unknown word 'point' at the start of a line; did you mean "
     "points?"),
    ('punto "Anna Maria" 0 Bruno 40', "unknown word 'punto' at the start of a line; did you "
     "mean punti?"),
    ("manoo 2", "unknown word 'manoo' at the start of a line; did you mean mano?"),
    ("deler Anna", "unknown word 'deler' at the start of a line; did you mean dealer?"),
    ("upcrad 5S", "unknown word 'upcrad' at the start of a line; did you mean upcard?"),
    ("rimescolla", "unknown word 'rimescolla' at the start of a line; did you mean rimescola?"),
    ("Anna 5S", "unknown verb '5S': expected draw, take, meld, attach, swap, discard or buy "
     "(or their Italian or French words)"),
    ("Anna attacca 5S", "expected 'a' after '5S'"),
    ("Anna ajoute 5S to 1", "unexpected 'to' after '5S': expected 'à'"),
    ("Anna scambia 5S dans 1", "unexpected 'dans' after '5S': expected 'in'"),
    ("carte Anna 5S 1OH", "'1OH' is not a card; did you mean 10H?"),
    ("scoperta 5S 6S", "unexpected '6S': 'scoperta' takes one card"),
    ("Anna pioche", "expected a card like 7H or JK or ? (a card the log does not know) after "
     "'pioche' (only 'prend' may leave out its card)"),
    ("mano", "expected a hand number after 'mano'"),
    ("mano scarta 5H", "'mano' starts a line of the format (hand); a player named mano is "
     'written "mano" at the start of a line'),
    ("hand", "expected a hand number after 'hand'"),
    ("hand x", "expected a hand number after 'hand', found 'x'"),
    ("Anna attach 5S to x", "expected a meld number after 'to', found 'x'"),
    ("[Players", "the tag is not closed: expected ']'"),
    ("[Players Anna]", "tag values must be quoted, like [Date \"2026-11-12\"], found 'Anna'"),
    ("Anna draw", "expected a card like 7H or JK or ? (a card the log does not know) after "
     "'draw' (only 'take' may leave out its card)"),
    ("score draw", "expected a number of points after 'draw'"),
    ("Anna attach 5S", "expected 'to' after '5S'"),
    ("]", "unexpected ']': a line starts with a player name, a keyword (hand, dealer, deal, "
     "upcard, stock, reshuffle, score) or a header tag like [Players \"Anna\" \"Bruno\"]"),
    ("upcard 5S 6S", "unexpected '6S': 'upcard' takes one card"),
    ("Anna attach 5S to 1 2", "unexpected '2' after '1': expected the end of the line"),
    ("Anna attach 5S buy", "unexpected 'buy' after '5S': expected 'to'"),
    ("deal *", "unexpected '*' after 'deal': expected a player name"),
    ("score Anna 10 *", "unexpected '*' after '10': expected a player name or the end of the "
     "line"),
    ("[Players attach", "tag values must be quoted, like [Date \"2026-11-12\"], found 'attach'"),
    ('"Anna draw 5S', 'unterminated quoted string: a closing " is missing'),
    ("(", "unexpected character '(': a line starts with a player name, a keyword (hand, "
     "dealer, deal, upcard, stock, reshuffle, score) or a header tag like "
     "[Players \"Anna\" \"Bruno\"]"),
    ("JK(5S)", "unexpected character '(': expected a verb: draw, take, meld, attach, swap, "
     "discard or buy (or their Italian or French words)"),
    ("Anna attach 5S )", "unexpected character ')': expected 'to'"),
    ("Anna take (", "unexpected character '(': expected a card like 7H or JK or the end of "
     "the line"),
]


@pytest.mark.parametrize("fast_path", [True, False], ids=["fast_path", "grammar"])
@pytest.mark.parametrize(("line", "message"), MESSAGES, ids=[m[0] for m in MESSAGES])
def test_each_message_says_in_words_what_was_expected(
    line: str, message: str, fast_path: bool
) -> None:
    assert message_of(line, fast_path=fast_path) == message


#: What the grammar calls its terminals; none may reach a reader.
INTERNAL = re.compile(r"'_|\b(?:MCARDS|CARDS|CARD|PLAYER|NUMBER|POINTS|STRING|NAME|LSQB|RSQB)\b"
                      r"|\$END|_NL")
WORDS = ["Anna", "draw", "5S", "1OH", "to", "in", "1", "[Players", '"x"', "]", "hand", "deal",
         "score", "JK(5S)", "meld", "attach", "swap", "-3", "x", "stock", "upcard", "(", "*",
         "pesca", "attacca", "a", "à", "échange", "dans", "mano", "punti", "talon"]


@pytest.mark.slow
def test_no_message_shows_a_name_of_the_grammar() -> None:
    messages = set()
    for size in (1, 2, 3):
        for words in itertools.product(WORDS, repeat=size):
            parsed = parse_text(f"{HEAD}{' '.join(words)}\n")
            messages.update(error.message for error in parsed.errors)
    assert len(messages) > 100
    assert [m for m in messages if INTERNAL.search(m)] == []


def test_the_lookalike_fixture_suggests_the_card() -> None:
    result = audit_path(str(FIXTURES / "F003-not-a-card-lookalike.s40"))
    messages = [error.message for error in result.errors]
    assert messages == ["'1OH' is not a card; did you mean 10H?"]


def test_a_misspelt_keyword_is_pointed_at_not_the_word_after_it() -> None:
    """``scroe Anna 0 Bruno 40`` read ``scroe`` as a player and said "unknown verb
    'Anna'" at column 7; the caret goes under the word to fix."""
    parsed = parse_text(f"{HEAD}  scroe Anna 0 Bruno 40\n")
    assert [(e.line, e.column) for e in parsed.errors] == [(3, 3)]
