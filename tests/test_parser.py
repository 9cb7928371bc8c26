"""The log parser: grammar, events, games, error messages and recovery."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark import Lark

from scala40cli.model.cards import JOKER, Card, card, parse_card
from scala40cli.model.violations import Code
from scala40cli.reading import fastlines
from scala40cli.reading.events import (
    Attach,
    Buy,
    Deal,
    Dealer,
    Discard,
    Draw,
    Event,
    GameLog,
    HandStart,
    Meld,
    Reshuffle,
    Score,
    Stock,
    Swap,
    TableCard,
    Tag,
    Take,
    Unparsed,
    Upcard,
)
from scala40cli.reading.parser import ParsedLog, decode_log, iter_games, parse_text
from scala40cli.reading.resources import grammar_text
from scala40cli.reading.words import SPELLINGS

#: Every spelling of every word of the format (format 1.2: Italian and French too).
SPELLED = sorted({text for spellings in SPELLINGS.values() for text in spellings.values()})

DOC = Path(__file__).resolve().parent.parent / "docs" / "log-format.md"

C5S, C9C, C7H, C10S = card(5, "S"), card(9, "C"), card(7, "H"), card(10, "S")


def only_events(text: str, *, fast_path: bool = True) -> tuple[Event, ...]:
    """The events of a text that must parse cleanly into one game."""
    parsed = parse_text(text, fast_path=fast_path)
    assert parsed.errors == (), parsed.errors
    assert len(parsed.games) == 1
    return parsed.games[0].events


def one_error(text: str) -> tuple[ParsedLog, str, int, int]:
    parsed = parse_text(text)
    assert len(parsed.errors) == 1, parsed.errors
    error = parsed.errors[0]
    assert error.code is Code.SYNTAX_ERROR
    return parsed, error.message, error.line, error.column


# --- the grammar itself -----------------------------------------------------------------


@pytest.mark.slow
def test_grammar_is_strict_clean() -> None:
    """No terminal collisions and no LALR conflicts (needs lark[interegular])."""
    pytest.importorskip("interegular")
    Lark(grammar_text(), parser="lalr", lexer="contextual", strict=True)


def test_parse_builds_no_tree() -> None:
    from scala40cli.reading.lark_parser import shared_lark

    parser, _ = shared_lark()
    assert parser.parse("Anna draw 5H\n") is None


def test_card_terminal_accepts_exactly_the_card_spellings() -> None:
    """The CARD regex and parse_card agree on every short word over the card alphabet."""
    pattern = re.search(r"^CARD: /(.*)/$", grammar_text(), re.M)
    assert pattern is not None
    regex = re.compile(pattern.group(1))
    alphabet = "0123456789ATJQKatjqkSHDCshdcxZ*♠♥♦♣"
    words = [a + b for a in alphabet for b in alphabet] + ["10S", "10s", "10♣", "100S", "1", "*"]
    for word in words:
        try:
            expected: Card | None = parse_card(word)
        except ValueError:
            expected = None
        assert (regex.fullmatch(word) is not None) == (expected is not None), word


# --- every event kind ---------------------------------------------------------------------

EVENTS: list[tuple[str, Event]] = [
    ('[Players "Anna" "Bruno"]', Tag(line=1, column=1, name="Players", values=("Anna", "Bruno"))),
    ("[Round]", Tag(line=1, column=1, name="Round", values=())),
    ("hand 3", HandStart(line=1, column=1, number=3)),
    ("dealer Anna", Dealer(line=1, column=1, player="Anna")),
    ("deal Anna 5S 9C", Deal(line=1, column=1, player="Anna", cards=(C5S, C9C))),
    ("deal Anna", Deal(line=1, column=1, player="Anna", cards=())),
    ("upcard 5S", Upcard(line=1, column=1, card=C5S)),
    ("stock 9C 5S JK", Stock(line=1, column=1, cards=(C9C, C5S, JOKER))),
    ("Anna draw 9C", Draw(line=1, column=1, player="Anna", card=C9C)),
    ("Anna take 9C", Take(line=1, column=1, player="Anna", card=C9C)),
    ("Anna take", Take(line=1, column=1, player="Anna", card=None)),
    ("Anna meld 4S JK 6S", Meld(line=1, column=1, player="Anna", cards=(
        TableCard(card(4, "S")), TableCard(JOKER), TableCard(card(6, "S"))))),
    ("Anna attach 6S 7S to 3", Attach(line=1, column=1, player="Anna", meld=3, cards=(
        TableCard(card(6, "S")), TableCard(card(7, "S"))))),
    ("Anna attach JK(9S) to 12", Attach(line=1, column=1, player="Anna", meld=12, cards=(
        TableCard(JOKER, card(9, "S")),))),
    ("Anna swap 8D in 2", Swap(line=1, column=1, player="Anna", card=card(8, "D"), meld=2)),
    ("Anna discard 7H", Discard(line=1, column=1, player="Anna", card=C7H)),
    ("Carla buy 7H", Buy(line=1, column=1, player="Carla", card=C7H)),
    ("reshuffle", Reshuffle(line=1, column=1)),
    ("score Anna 23 Bruno 0 Carla -5", Score(line=1, column=1, entries=(
        ("Anna", 23), ("Bruno", 0), ("Carla", -5)))),
]


@pytest.mark.parametrize("fast_path", [True, False])
@pytest.mark.parametrize(("line", "event"), EVENTS, ids=[line for line, _ in EVENTS])
def test_every_event_kind(line: str, event: Event, fast_path: bool) -> None:
    assert only_events(line + "\n", fast_path=fast_path) == (event,)
    assert only_events(line, fast_path=fast_path) == (event,)  # no final newline


CARD_SPELLINGS = [
    ("10S", C10S), ("10s", C10S), ("Ts", C10S), ("TS", C10S), ("10♠", C10S), ("t♠", C10S),
    ("AH", card(1, "H")), ("ah", card(1, "H")), ("A♥", card(1, "H")), ("qD", card(12, "D")),
    ("K♦", card(13, "D")), ("jc", card(11, "C")), ("2♣", card(2, "C")), ("9h", card(9, "H")),
    ("JK", JOKER), ("jk", JOKER), ("Jk", JOKER), ("*", JOKER),
]


@pytest.mark.parametrize(("spelling", "expected"), CARD_SPELLINGS)
@pytest.mark.parametrize("fast_path", [True, False])
def test_card_spellings(spelling: str, expected: Card, fast_path: bool) -> None:
    events = only_events(f"Anna discard {spelling}\ndeal Bruno {spelling} {spelling}\n",
                         fast_path=fast_path)
    assert events[0] == Discard(line=1, column=1, player="Anna", card=expected)
    assert isinstance(events[1], Deal) and events[1].cards == (expected, expected)
    assert events[0].card is expected  # interned


@pytest.mark.parametrize("fast_path", [True, False])
@pytest.mark.parametrize("joker", ["JK", "jk", "*"])
def test_joker_declarations(joker: str, fast_path: bool) -> None:
    (meld,) = only_events(f"Anna meld 4S {joker}(5s) 6S {joker}", fast_path=fast_path)
    assert isinstance(meld, Meld)
    assert meld.cards[1] == TableCard(JOKER, C5S)
    assert meld.cards[3] == TableCard(JOKER, None)
    assert meld.cards[1].code == "JK(5S)"


# --- names, strings, comments, layout -------------------------------------------------


def test_quoted_names_and_strings() -> None:
    text = ('[Event "Circolo; Aurora # 3"]\n'
            '[Players "Anna Maria" "Bruno \\"Il Bello\\"" "back\\\\slash"]\n'
            'dealer "Anna Maria"\n'
            '"Anna Maria" draw 9C ; a comment "with quotes"\n'
            'score "Anna Maria" 10 Bruno 5\n')
    tag1, tag2, dealer, draw, score = only_events(text)
    assert tag1 == Tag(line=1, column=1, name="Event", values=("Circolo; Aurora # 3",))
    assert isinstance(tag2, Tag)
    assert tag2.values == ("Anna Maria", 'Bruno "Il Bello"', "back\\slash")
    assert dealer == Dealer(line=3, column=1, player="Anna Maria")
    assert draw == Draw(line=4, column=1, player="Anna Maria", card=C9C)
    assert isinstance(score, Score) and score.entries == (("Anna Maria", 10), ("Bruno", 5))


@pytest.mark.parametrize("name", ["AS", "JK", "10H", "7", "Kim", "Anna", "draw", "to", "x.y-z_1"])
@pytest.mark.parametrize("fast_path", [True, False])
def test_player_names_that_look_like_cards_or_verbs(name: str, fast_path: bool) -> None:
    """A player never stands where a card or a number may, so such names need no quotes."""
    text = f"dealer {name}\ndeal {name} 5S\n{name} draw 9C\n{name} take\nscore {name} 5\n"
    dealer, deal, draw, take, score = only_events(text, fast_path=fast_path)
    assert dealer == Dealer(line=1, column=1, player=name)
    assert deal == Deal(line=2, column=1, player=name, cards=(C5S,))
    assert draw == Draw(line=3, column=1, player=name, card=C9C)
    assert take == Take(line=4, column=1, player=name, card=None)
    assert score == Score(line=5, column=1, entries=((name, 5),))


#: Bare names in other letters than A-Z: NFC and NFD accents, other scripts (written
#: with escapes where a letter looks like a Latin one).
UNICODE_NAMES = ["Niccolò", "Zoë", "José", "Jose\u0301", "Łukasz", "Ørjan", "Αλέξης",
                 "\u0410nna", "李娜", "O_Brien", "Zoë-2.0", "ŞİR"]


@pytest.mark.parametrize("name", UNICODE_NAMES)
@pytest.mark.parametrize("fast_path", [True, False])
def test_a_bare_name_may_hold_any_letter(name: str, fast_path: bool) -> None:
    """``dealer Niccolò`` was a syntax error: only A-Z were letters."""
    text = f"dealer {name}\ndeal {name} 5S\n{name} draw 9C\n{name} take\nscore {name} 5\n"
    dealer, deal, draw, take, score = only_events(text, fast_path=fast_path)
    assert dealer == Dealer(line=1, column=1, player=name)
    assert deal == Deal(line=2, column=1, player=name, cards=(C5S,))
    assert draw == Draw(line=3, column=1, player=name, card=C9C)
    assert take == Take(line=4, column=1, player=name, card=None)
    assert score == Score(line=5, column=1, entries=((name, 5),))


@pytest.mark.parametrize("line", [
    "Zo\u200bë draw 9C",  # a zero-width space is no letter: such a name is quoted
    "Anna\u202e draw 9C",  # nor is a bidi override
    "score Anna 10é",  # a number ends where a name could not go on
    "score Anna 10\u0301 Bruno 5",
    "hand 1é",
])
@pytest.mark.parametrize("fast_path", [True, False])
def test_what_is_still_no_bare_name(line: str, fast_path: bool) -> None:
    parsed = parse_text(line, fast_path=fast_path)
    assert len(parsed.errors) == 1
    assert parsed == parse_text(line, fast_path=not fast_path)


def test_a_line_keyword_followed_by_a_letter_is_a_name() -> None:
    assert only_events("handé draw 9C") == (Draw(line=1, column=1, player="handé", card=C9C),)
    assert only_events("dealerò take") == (Take(line=1, column=1, player="dealerò", card=None),)


def test_a_bad_line_of_a_player_named_like_hand_does_not_start_a_hand() -> None:
    """Recovery took ``handé drw 9C`` for a broken ``hand`` line: a new hand counted."""
    parsed = parse_text('[Players "handé" "B"]\nhand 1\nhandé drw 9C\n')
    *_, marker = parsed.games[0].events
    assert isinstance(marker, Unparsed) and marker.starts_hand is False
    *_, marker = parse_text('[Players "A" "B"]\nhand 1\nhand x\n').games[0].events
    assert isinstance(marker, Unparsed) and marker.starts_hand is True


def test_a_quoted_name_may_hold_anything_but_a_line_break() -> None:
    (draw,) = only_events('"Zo\u200bë\u202e" draw 9C')
    assert draw == Draw(line=1, column=1, player="Zo\u200bë\u202e", card=C9C)


def test_the_fast_path_reads_bare_names_as_the_grammar_does() -> None:
    """Both paths must accept exactly the same names: the same pattern, written twice."""
    [player] = re.findall(r"^PLAYER: /(.*)/$", grammar_text(), re.MULTILINE)
    bare, quoted = player.split("|", 1)
    assert bare == fastlines.BARE_NAME
    assert quoted.startswith('"')


@pytest.mark.parametrize(("line", "message"), [
    ("hand draw 9C", "'hand' starts a line of the format; a player named hand is written "
                     '"hand" at the start of a line'),
    ("mano pesca 9C", "'mano' starts a line of the format (hand); a player named mano is "
                      'written "mano" at the start of a line'),
    ("talon draw 9C", "'talon' starts a line of the format (stock); a player named talon is "
                      'written "talon" at the start of a line'),
    ("punti scarta 9C", "'punti' starts a line of the format (score); a player named punti "
                        'is written "punti" at the start of a line'),
])
def test_a_player_named_like_a_line_keyword_must_be_quoted(line: str, message: str) -> None:
    """A word that starts a line in any language is read as that word there: the
    message says how to write such a player (it pointed at the verb, after 'hand')."""
    name = line.split()[0]
    (event,) = only_events(f'"{name}"' + line.removeprefix(name))
    assert (event.player, event.card) == (name, C9C)  # type: ignore[attr-defined]
    _, said, at_line, column = one_error(line)
    assert (at_line, column) == (1, 1)
    assert said == message


def test_comments_blank_lines_crlf_tabs_and_positions() -> None:
    text = ("; a comment line\r\n"
            "# another\r\n"
            "\r\n"
            "hand 1   ; trailing comment\r\n"
            "\t  dealer\tAnna\r\n"
            "   Anna\tdraw   9C # done\r\n"
            "Anna discard 9C")
    hand, dealer, draw, discard = only_events(text)
    assert hand == HandStart(line=4, column=1, number=1)
    assert dealer == Dealer(line=5, column=4, player="Anna")
    assert draw == Draw(line=6, column=4, player="Anna", card=C9C)
    assert discard == Discard(line=7, column=1, player="Anna", card=C9C)


@pytest.mark.parametrize("text", ["", "\n\n", "; only a comment", "# c\n  \n\t\n; d\n"])
def test_empty_or_comment_only_file(text: str) -> None:
    assert parse_text(text) == ParsedLog(games=(), errors=())


# --- decoding ------------------------------------------------------------------------------


def test_decode_log_drops_bom() -> None:
    assert decode_log("\ufeffhand 1\n".encode()) == "hand 1\n"
    assert decode_log("Anna ♠".encode()) == "Anna ♠"


def test_decode_log_points_at_the_first_bad_byte() -> None:
    data = "\ufeffhand 1\n".encode() + b"Anna draw 9\xff\n"
    problem = decode_log(data)
    assert not isinstance(problem, str)
    assert problem.code is Code.BAD_ENCODING
    assert (problem.line, problem.column) == (2, 12)
    assert "byte offset 21" in problem.message and "0xFF" in problem.message
    assert problem.context is not None and problem.context.startswith("Anna draw 9")


def test_decode_log_bad_byte_after_a_bom_on_the_first_line() -> None:
    problem = decode_log(b"\xef\xbb\xbfab\xff")
    assert not isinstance(problem, str)
    assert (problem.line, problem.column, problem.context) == (1, 3, "ab\ufffd")
    assert "byte offset 5" in problem.message


def test_only_spaces_and_tabs_separate_words() -> None:
    """str.split would cut at a no-break space; the format does not."""
    for text in ("Anna\xa0draw 9C", "Anna\x0cdraw 9C", "Anna draw 9C\rBruno draw 9C"):
        for fast_path in (True, False):
            parsed = parse_text(text, fast_path=fast_path)
            assert len(parsed.errors) == 1 and parsed.errors[0].line == 1, text


def test_decode_log_column_counts_characters() -> None:
    problem = decode_log("é♠ x".encode() + b"\xc3(")
    assert not isinstance(problem, str)
    assert (problem.line, problem.column) == (1, 5)


# --- games -------------------------------------------------------------------------------

TWO_GAMES = """\
; club night
[Event "first"]
[Players "Anna" "Bruno"]
hand 1
dealer Anna
Bruno draw 9C
Bruno discard 9C

[Event "second"]
[Players "Carla" "Dino"]
hand 1
Carla take
"""


@pytest.mark.parametrize("fast_path", [True, False])
def test_several_games_in_one_file(fast_path: bool) -> None:
    parsed = parse_text(TWO_GAMES, fast_path=fast_path)
    assert parsed.errors == ()
    first, second = parsed.games
    assert (first.index, first.line, first.last_line) == (1, 2, 7)
    assert (second.index, second.line, second.last_line) == (2, 9, 12)
    assert [type(e) for e in first.events] == [Tag, Tag, HandStart, Dealer, Draw, Discard]
    assert [type(e) for e in second.events] == [Tag, Tag, HandStart, Take]
    assert second.events[0] == Tag(line=9, column=1, name="Event", values=("second",))


def test_events_before_any_tag_form_a_game_without_tags() -> None:
    parsed = parse_text("hand 1\nAnna draw 9C\n[Players \"A\" \"B\"]\nhand 1\n")
    first, second = parsed.games
    assert (first.index, first.line, first.last_line) == (1, 1, 2)
    assert not any(isinstance(e, Tag) for e in first.events)
    assert second.index == 2 and isinstance(second.events[0], Tag)


def test_iter_games_streams_in_file_order() -> None:
    items = list(iter_games(TWO_GAMES.replace("Bruno draw 9C", "Bruno draws 9C")))
    assert [type(i).__name__ for i in items] == ["GameLog", "Problem", "GameLog"]
    assert isinstance(items[0], GameLog) and items[0].index == 1


# --- errors and recovery ----------------------------------------------------------------

ERRORS = [
    ("Anna discards 5H", 6, "unknown verb 'discards'; did you mean discard?"),
    ("Anna xyz 5H", 6,
     "unknown verb 'xyz': expected draw, take, meld, attach, swap, discard or buy "
     "(or their Italian or French words)"),
    ("Anna peska 5H", 6, "unknown verb 'peska'; did you mean pesca?"),
    ("Anna defausse 5H", 6, "unknown verb 'defausse'; did you mean défausse?"),
    ("Anna attacca 6S to 1", 17, "unexpected 'to' after '6S': expected 'a'"),
    ("Anna ajoute 6S a 1", 16, "unexpected 'a' after '6S': expected 'à'"),
    ("Anna échange 5H in 2", 17, "unexpected 'in' after '5H': expected 'dans'"),
    ("Anna pesca", 11,
     "expected a card like 7H or JK or ? (a card the log does not know) after 'pesca' "
     "(only 'prende' may leave out its card)"),
    ("Anna pioche 5H 6H", 16, "unexpected '6H': 'pioche' takes one card"),
    ("manche x", 8, "expected a hand number after 'manche', found 'x'"),
    ("Mano 2", 6, "keywords are lower case: write 'mano', not 'Mano'"),
    ("Anna Défausse 5H", 6, "keywords are lower case: write 'défausse', not 'Défausse'"),
    ("Anna discard", 13, "expected a card like 7H or JK after 'discard'"),
    ("Anna draw", 10,
     "expected a card like 7H or JK or ? (a card the log does not know) after 'draw' "
     "(only 'take' may leave out its card)"),
    ("Anna draw 1Z", 11,
     "'1Z' is not a card: expected a rank (A 2-10 J Q K) and a suit (S H D C), or JK"),
    ("deal Anna 7H 1Z 8H", 14, "'1Z' is not a card"),
    ("Anna take 5Hx", 11, "'5Hx' is not a card"),
    ("Anna draw 5H 6H", 14, "unexpected '6H': 'draw' takes one card"),
    ("Anna discard JK(5S)", 14,
     "'JK(5S)': a joker declares the card it stands for only in meld or attach"),
    ("Anna meld 4S 5S(6S)", 14, "'5S(6S)': only a joker may declare the card it stands for"),
    ("Anna meld JK(JK) 7S", 11, "'JK(JK)': a joker cannot stand for a joker"),
    ("Anna meld", 10, "expected cards like 7H 8H JK(9H) after 'meld'"),
    ("Anna attach 6S to", 18, "expected a meld number after 'to'"),
    ("Anna attach 6S to x", 19, "expected a meld number after 'to', found 'x'"),
    ("Anna attach 6S", 15, "expected 'to' after '6S'"),
    ("Anna swap 5H in", 16, "expected a meld number after 'in'"),
    ("hand x", 6, "expected a hand number after 'hand', found 'x'"),
    ("hand 1234567890", 6, "'1234567890' is too large a number"),
    ("dealer", 7, "expected a player name after 'dealer'"),
    ("score Anna 5 Bruno", 19, "expected a number of points after 'Bruno'"),
    ("[Date 2026]", 7, 'tag values must be quoted, like [Date "2026-11-12"], found \'2026\''),
    ('[Date "2026"', 13, "the tag is not closed: expected ']'"),
    ('Anna "x', 6, 'unterminated quoted string: a closing " is missing'),
    ('[Event "a ; b]', 8, 'unterminated quoted string: a closing " is missing'),
    ("Deal Anna 7H", 6, "keywords are lower case: write 'deal', not 'Deal'"),
    ("Anna Draw 5H", 6, "keywords are lower case: write 'draw', not 'Draw'"),
    ("Anna", 5, "expected a verb after 'Anna': draw, take, meld, attach, swap, discard or buy"),
    ("@@@ draw", 1, "unexpected character '@': a line starts with a player name, a keyword"),
    ("reshuffle now", 11, "unexpected 'now' after 'reshuffle': expected the end of the line"),
    ("Anna draw 5H!", 13, "unexpected character '!': expected the end of the line"),
]


@pytest.mark.parametrize(("line", "column", "message"), ERRORS, ids=[e[0] for e in ERRORS])
def test_error_messages_say_what_was_expected(line: str, column: int, message: str) -> None:
    text = f"hand 1\nAnna draw 9C\n{line}\nAnna take\n"
    parsed, said, at_line, at_column = one_error(text)
    assert said.startswith(message)
    assert (at_line, at_column) == (3, column)
    assert parsed.errors[0].context == line


def test_an_error_costs_its_own_line_only() -> None:
    text = ("[Players \"Anna\" \"Bruno\"]\n"
            "hand 1\n"
            "Anna draw 9C\n"
            "Anna discards 9C\n"
            "Bruno draw 5S\n"
            "; comment\n"
            "hand 2\n"
            "Bruno draw 7H\n")
    parsed, _, line, column = one_error(text)
    events = parsed.games[0].events
    assert Unparsed(line=4, column=6, end_line=4) in events
    assert events[-2:] == (HandStart(line=7, column=1, number=2),
                           Draw(line=8, column=1, player="Bruno", card=C7H))
    assert Draw(line=5, column=1, player="Bruno", card=C5S) in events
    assert (line, column) == (4, 6)


def test_events_before_an_error_on_the_slow_path_are_kept() -> None:
    text = '"A B" draw 9C\n"A B" take\n"A B" discard 1Z\n"A B" take\nhand 2\n'
    parsed, _, line, _ = one_error(text)
    assert line == 3
    (game,) = parsed.games
    assert [type(e) for e in game.events] == [Draw, Take, Unparsed, Take, HandStart]
    assert game.events[2] == Unparsed(line=3, column=15, end_line=3)


def test_an_error_in_one_game_does_not_lose_the_next_game() -> None:
    text = TWO_GAMES.replace("Bruno discard 9C", "Bruno discard 9C 9C")
    parsed, _, line, _ = one_error(text)
    assert line == 7
    first, second = parsed.games
    assert first.events[-1] == Unparsed(line=7, column=18, end_line=7)
    assert [type(e) for e in second.events] == [Tag, Tag, HandStart, Take]


def test_a_broken_tag_line_belongs_to_the_game_it_opens() -> None:
    text = TWO_GAMES.replace('[Event "second"]', '[Event "second]')
    parsed, _, line, _ = one_error(text)
    assert line == 9
    first, second = parsed.games
    assert isinstance(first.events[-1], Discard)
    assert isinstance(second.events[0], Unparsed) and second.events[0].end_line == 9
    assert isinstance(second.events[1], Tag) and second.line == 9


def test_garbage_between_tags_does_not_split_the_game() -> None:
    parsed = parse_text('[Event "x"]\n@@\n[Players "A" "B"]\nhand 1\n')
    (game,) = parsed.games
    assert [type(e) for e in game.events] == [Tag, Unparsed, Tag, HandStart]


def test_garbage_only_gives_errors_and_no_game() -> None:
    parsed = parse_text("@@@\n%%%\n")
    assert parsed.games == ()
    assert [(e.line, e.column) for e in parsed.errors] == [(1, 1), (2, 1)]


def test_many_errors_are_each_reported() -> None:
    text = "".join(f"hand {n}\nAnna draw {'1Z' if n % 2 else '9C'}\n" for n in range(1, 200))
    parsed = parse_text(text)
    assert [e.line for e in parsed.errors] == [2 * n for n in range(1, 200, 2)]
    assert sum(isinstance(e, HandStart) for e in parsed.games[0].events) == 199


# --- no input crashes the parser; both paths agree --------------------------------------

FRAGMENTS = st.sampled_from([
    "hand", "dealer", "deal", "upcard", "stock", "reshuffle", "score", "draw", "take",
    "meld", "attach", "to", "swap", "in", "discard", "Anna", "AS", "JK", "*", "jk(5s)",
    "JK(JK)", "5S(6S)", "10♠", "Ts", "1Z", "5Hx", "3", "-7", "1234567890", '"A B"', '"x',
    '"a\\"b"', "[", "]", "[Players", '"Anna"]', ";c", "#c", "(", "\t", " ", "  ", "\n",
    "\r\n", "\r", "\x0c", "\u00a0", "\u2028", "é", "Draw", "?", "??", "5S?", "?5S",
    # names in other letters, and what is not a letter
    "Niccolò", "Zoë", "Jose\u0301", "\u0301", "\u0410nna", "李娜", "٣", "²", "10é", "handé",
    "Zo\u200dë", "\u202e", "\u200b", "ǅ", "_",
    *SPELLED, "Pesca", "defausse", "e\u0301change",
])


@pytest.mark.slow
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.lists(FRAGMENTS, max_size=40).map(" ".join))
def test_fast_path_and_grammar_agree(text: str) -> None:
    fast = parse_text(text)
    assert isinstance(fast, ParsedLog)
    assert fast == parse_text(text, fast_path=False)


WORDS = st.sampled_from([
    "draw", "take", "meld", "attach", "swap", "discard", "to", "in", "Anna", '"A B"', "9C",
    "10h", "T♦", "*", "JK(5S)", "jk(10s)", "5S(6S)", "3", "-4", "007", "x", "1Z", "JK(JK)",
    "?", "? ?", "?x", "(?)",
    "Niccolò", "Jose\u0301", "\u0410nna", "10é", "5\u0301", "Zo\u200bë", "Ⅷ",
    *SPELLED,
])
LINES = st.tuples(
    st.sampled_from(["hand", "dealer", "deal", "upcard", "stock", "reshuffle", "score", "Anna",
                     "  Bruno", '"A B"', "\tAS", "[Players", "hand2", "Deal", "Zoë", "handé",
                     "Jose\u0301", "\u0301", "李娜", *SPELLED]),
    st.lists(WORDS, max_size=6), st.sampled_from(["", " ", " ; c", "#x", "\r"]),
).map(lambda t: " ".join([t[0], *t[1]]) + t[2])


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.lists(LINES, max_size=12).map("\n".join))
def test_fast_path_and_grammar_agree_on_line_like_text(text: str) -> None:
    assert parse_text(text) == parse_text(text, fast_path=False)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=string.printable + "♠♥é\u2028\x00", max_size=200))
def test_random_text_never_raises(text: str) -> None:
    parsed = parse_text(text)
    assert isinstance(parsed, ParsedLog)
    for error in parsed.errors:
        assert error.code is Code.SYNTAX_ERROR and error.line >= 1 and error.column >= 1


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=100))
def test_random_bytes_decode_or_report(data: bytes) -> None:
    decoded = decode_log(data)
    if not isinstance(decoded, str):
        assert decoded.code is Code.BAD_ENCODING and decoded.line >= 1
        assert isinstance(parse_text(data.decode("utf-8", "replace")), ParsedLog)


# --- the user's guide --------------------------------------------------------------------


def test_the_example_in_the_guide_parses() -> None:
    blocks = re.findall(r"```s40\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert blocks, "docs/log-format.md has no ```s40 example"
    example = max(blocks, key=len)
    parsed = parse_text(example)
    assert parsed.errors == ()
    (game,) = parsed.games
    kinds = [type(e) for e in game.events]
    assert kinds.count(HandStart) == 1 and kinds.count(Deal) == 2
    assert kinds[-2:] == [Discard, Score]
    players = next(e for e in game.events if isinstance(e, Tag) and e.name == "Players")
    assert len(players.values) == 2


# --- tag lines by regular expression; repeated lines from the cache ----------------------

TAG_PARTS = st.tuples(
    st.sampled_from(["[", "[ ", "[\t", " [", "(", ""]),
    st.sampled_from(["Event", "Players", "Rule", "a.b-c_9", "", "Ev ent", "é", "1"]),
    st.lists(st.sampled_from(['"x"', '"A B"', '""', '"a\\"b"', '"a\\\\"', '"\\n"', '"x',
                              '"; c"', '"#"', '"♠é"', "x", " ", "\t", '"a""b"']), max_size=4),
    st.sampled_from(["]", " ]", "", "]]", "] ; note", "]#x", "] x", "]\r", "] \r", "]\t"]),
).map(lambda t: t[0] + t[1] + " ".join(t[2]) + t[3])


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(st.lists(TAG_PARTS, min_size=1, max_size=5).map("\n".join))
def test_tag_lines_read_by_the_fast_path_and_by_the_grammar_agree(text: str) -> None:
    assert parse_text(text) == parse_text(text, fast_path=False)


def test_a_tag_line_needs_no_grammar() -> None:
    from scala40cli.reading.fastlines import fast_tag

    tag = fast_tag('[Players "Anna" "B \\"2\\""  "x\\\\"] ; who', 7)
    assert tag == Tag(line=7, column=1, name="Players", values=("Anna", 'B "2"', "x\\"))
    assert fast_tag('[Event "x" y]', 1) is None  # the grammar says why


@pytest.mark.parametrize("line", ["", "   ", "\t", "; a comment", "  # note", "\r"])
def test_a_line_without_an_event_is_no_event_on_the_fast_path(line: str) -> None:
    """A blank or comment-only line gives the fast path's own ``BLANK``, which no
    isinstance check on events can mistake for one (it once was a ``Reshuffle``)."""
    from scala40cli.reading.fastlines import BLANK, cached_fast_event, fast_event

    assert fast_event(line, 3) is BLANK and not isinstance(BLANK, Event)
    assert cached_fast_event(line, 4) is BLANK and cached_fast_event(line, 5) is BLANK
    assert parse_text(f"hand 1\n{line}\nreshuffle\n").games[0].events == (
        HandStart(line=1, column=1, number=1), Reshuffle(line=3, column=1))


def test_repeated_lines_keep_their_own_line_numbers() -> None:
    from scala40cli.reading import fastlines

    text = "hand 1\nAnna draw 5H\n\nAnna draw 5H\n  Anna draw 5H ; again\nAnna draw 5H\n"
    game = parse_text(text).games[0]
    draws = [(e.line, e.column) for e in game.events if isinstance(e, Draw)]
    assert draws == [(2, 1), (4, 1), (5, 3), (6, 1)]
    assert parse_text(text) == parse_text(text, fast_path=False)
    assert "Anna draw 5H" in fastlines._line_cache


REPEATED_LINES = ("hand 1", "dealer Anna", "upcard 7H", "Anna draw 5H", "Anna draw ?",
                  "Anna take 5H", "Anna take", "Anna meld 5H 6H 7H", "Anna meld JK(4H) 5H 6H",
                  "Anna attach 8H to 1", "Anna swap 4H in 1", "Anna discard 5H",
                  "Bruno buy 9C", "reshuffle")


@pytest.mark.parametrize("line", REPEATED_LINES)
def test_a_remembered_event_read_again_is_the_same_event_on_its_new_line(line: str) -> None:
    """``at_line`` rebuilds each class by hand: a field left out or swapped would show."""
    from scala40cli.reading.event_base import replace
    from scala40cli.reading.fastlines import at_line, fast_event

    first = fast_event(line, 3)
    assert isinstance(first, Event)
    again = at_line(first, 40)
    assert type(again) is type(first) and again == replace(first, line=40)
    assert again.line == 40 and first.line == 3


def test_every_kind_of_repeated_line_reads_as_the_grammar_reads_it() -> None:
    text = "\n".join([*REPEATED_LINES, "", *REPEATED_LINES, *REPEATED_LINES]) + "\n"
    assert parse_text(text) == parse_text(text, fast_path=False)


def test_lines_that_hardly_repeat_are_not_remembered(monkeypatch: pytest.MonkeyPatch) -> None:
    """A deal, the stock, a score line or a tag would only push the lines that repeat
    out of the cache; they are read each time, to the same events."""
    from scala40cli.reading import fastlines

    monkeypatch.setattr(fastlines, "_line_cache", {})
    text = ('[Players "Anna" "Bruno"]\nhand 1\ndealer Anna\ndeal Anna 5H 6H\nupcard 7H\n'
            "stock 8H 9H\nAnna draw 5H\n\nscore Anna 0 Bruno 5\n")
    for _ in range(2):
        assert parse_text(text) == parse_text(text, fast_path=False)
    assert set(fastlines._line_cache) == {"hand 1", "dealer Anna", "upcard 7H",
                                          "Anna draw 5H", ""}


def test_an_event_is_its_line_its_column_and_what_its_line_says() -> None:
    """``verb`` is a class attribute, never a field (the compiled build once made it
    the first field); the fast path builds events by position, in field order."""
    from scala40cli.reading.event_base import fields

    assert fields(Draw) == ("line", "column", "player", "card")
    assert fields(Reshuffle) == ("line", "column")
    assert Draw.verb == "draw" and Draw(1, 2, "Anna", None) == Draw(
        line=1, column=2, player="Anna", card=None)


def test_the_line_cache_stays_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from scala40cli.reading import fastlines

    monkeypatch.setattr(fastlines, "LINE_CACHE_SIZE", 10)
    monkeypatch.setattr(fastlines, "_line_cache", {})
    text = "hand 1\n" + "".join(f"P{n} draw 5H\n" for n in range(45))
    assert parse_text(text) == parse_text(text, fast_path=False)
    assert 0 < len(fastlines._line_cache) <= 10
