"""The words of the table (format 1.2): the verbs and line words in Italian and French are
other spellings of the same events, on both parse paths, and ``fmt`` writes one language.

Each test here fails on the code before format 1.2, where ``Anna pesca 7C`` was F003
"unknown verb".
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from scala40cli.audit.pipeline import audit_path
from scala40cli.model.cards import card
from scala40cli.model.violations import Code
from scala40cli.reading import chunks, fastlines
from scala40cli.reading.events import Discard, Draw, HandStart, Unparsed
from scala40cli.reading.layout import format_log
from scala40cli.reading.parser import parse_text
from scala40cli.reading.resources import grammar_text
from scala40cli.reading.words import (
    LINE_SPELLINGS,
    LINE_WORDS,
    SPELLINGS,
    VERB_SPELLINGS,
    VERB_WORDS,
    Language,
    Word,
    terminal,
)
from scala40cli.reading.writer import event_line

ROOT = Path(__file__).resolve().parent.parent
C9C = card(9, "C")
LEGAL = sorted((ROOT / "fixtures" / "legal").glob("*.s40"))

#: One line of each kind, its words marked ``{word}`` (the table's English spelling).
KINDS = [
    "{hand} 2", "{dealer} Anna", "{deal} Anna 5S 9C ? JK", "{deal} Anna ?", "{upcard} 5S",
    "{stock} 9C 5S JK", "{stock}", "{reshuffle}", "{score} Anna 23 Bruno 0 Carla -5",
    "Anna {draw} 9C", "Anna {draw} ?", "Anna {take} 9C", "Anna {take}",
    "Anna {meld} 4S JK 6S", "Anna {attach} 6S 7S {to} 3", "Anna {attach} JK(9S) {to} 12",
    "Anna {swap} 8D {in} 2", "Anna {discard} 7H", "Carla {buy} 7H",
]


def spelled(line: str, language: Language) -> str:
    return line.format(**{word.value: SPELLINGS[word][language] for word in Word})


def events_of(text: str, fast_path: bool = True) -> tuple[object, ...]:
    parsed = parse_text(text, fast_path=fast_path)
    assert parsed.errors == (), parsed.errors
    return parsed.games[0].events


# --- the table ----------------------------------------------------------------------------


def test_the_table_is_the_one_of_the_docs() -> None:
    """docs/log-format.md shows the table; each row is the table of words.py."""
    doc = (ROOT / "docs" / "log-format.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(.+?)` \| `(.+?)` \| `(.+?)` \|$", doc, re.MULTILINE)
    firsts = {tuple(cell.split()[1] if cell.startswith("P ") else cell.split()[0]
                    for cell in row) for row in rows}
    table = {tuple(SPELLINGS[word][language] for language in Language)
             for word in (*LINE_WORDS, *VERB_WORDS)}
    assert firsts == table


def test_no_two_words_share_a_spelling() -> None:
    """A line word or a verb tells its word and its language (``in`` is no such word)."""
    assert len(LINE_SPELLINGS) == len(LINE_WORDS) * len(Language)
    assert len(VERB_SPELLINGS) == len(VERB_WORDS) * len(Language)
    assert not set(LINE_SPELLINGS) & set(VERB_SPELLINGS)


def test_the_grammar_has_exactly_the_words_of_the_table() -> None:
    """Each terminal of a word matches that word, in the grammar's own text."""
    grammar = grammar_text()
    for word, spellings in SPELLINGS.items():
        for language, text in spellings.items():
            name = terminal(word, language)
            if word in LINE_WORDS:
                expected = f'{name}: "{text}"'
            else:
                expected = f"{name}: /{text}(?![A-Za-z0-9_.\\-])/"
            assert re.search(rf"^{re.escape(expected)}$", grammar, re.MULTILINE), expected
    keywords = re.findall(r'^([A-Z_]+): (?:"[a-zà-ÿ]+"|/[a-zà-ÿ]+\(\?!)', grammar, re.MULTILINE)
    assert len(keywords) == len({terminal(w, lang) for w in Word for lang in Language})


def test_a_hand_line_starts_with_one_of_the_letters_the_chunker_looks_for() -> None:
    """The chunker counts hand lines by their first byte before matching them."""
    assert {ord(text[0]) for text in SPELLINGS[Word.HAND].values()} == {chunks._H, chunks._M}


# --- reading ------------------------------------------------------------------------------


@pytest.mark.parametrize("fast_path", [True, False], ids=["fast_path", "grammar"])
@pytest.mark.parametrize("language", [Language.IT, Language.FR])
@pytest.mark.parametrize("line", KINDS)
def test_each_line_reads_as_in_english(line: str, language: Language, fast_path: bool) -> None:
    assert events_of(spelled(line, language), fast_path) == events_of(spelled(line, Language.EN))


@pytest.mark.parametrize("language", list(Language))
@pytest.mark.parametrize("line", KINDS)
def test_the_fast_path_reads_every_language(line: str, language: Language) -> None:
    """No Italian or French line is left to Lark: the same speed in every language."""
    event = fastlines.fast_event(spelled(line, language), 1)
    assert event is not None and event is not fastlines.BLANK


def test_a_log_may_mix_the_languages_line_by_line() -> None:
    text = "mano 1\nAnna draw 9C\nAnna défausse 9C\nBruno pesca 5S\n"
    assert events_of(text) == events_of(text, fast_path=False) == (
        HandStart(line=1, column=1, number=1), Draw(line=2, column=1, player="Anna", card=C9C),
        Discard(line=3, column=1, player="Anna", card=C9C),
        Draw(line=4, column=1, player="Bruno", card=card(5, "S")))



@pytest.mark.parametrize("fast_path", [True, False], ids=["fast_path", "grammar"])
@pytest.mark.parametrize("line", [
    "Anna attach 6S a 1", "Anna attacca 6S to 1", "Anna ajoute 6S a 1", "Anna attacca 6S à 1",
    "Anna échange 8D in 2", "Anna scambia 8D dans 2", "Anna swap 8D dans 2",
])
def test_a_preposition_goes_with_its_own_verb(line: str, fast_path: bool) -> None:
    parsed = parse_text(line, fast_path=fast_path)
    assert [error.code for error in parsed.errors] == [Code.SYNTAX_ERROR]


@pytest.mark.parametrize("line", ["Anna scarta 7P", "Anna défausse 7T", "Anna pesca 7F",
                                  "carte Anna 7Q 5S", "scoperta RC"])
def test_a_translated_suit_letter_is_refused_never_guessed(line: str) -> None:
    """``P`` (picche, pique), ``T`` (trèfle), ``F`` (fiori): no suit of the format."""
    (error,) = parse_text(line).errors
    assert "is not a card" in error.message


def test_c_is_clubs_in_every_language() -> None:
    assert events_of("Anna scarta 7C")[0] == Discard(line=1, column=1, player="Anna",
                                                       card=card(7, "C"))


def test_keywords_are_lower_case_in_every_language() -> None:
    (error,) = parse_text("Anna Scarta 7C").errors
    assert error.message == "keywords are lower case: write 'scarta', not 'Scarta'"


@pytest.mark.parametrize("line", ["mano x", "manche", "hand ?"])
def test_an_unreadable_hand_line_still_starts_a_hand_in_any_language(line: str) -> None:
    *_, marker = parse_text(f'[Players "A" "B"]\nhand 1\n{line}\n').games[0].events
    assert isinstance(marker, Unparsed) and marker.starts_hand


@pytest.mark.parametrize("word", sorted(LINE_SPELLINGS))
def test_a_player_named_like_a_line_word_is_quoted_at_the_start_of_a_line(word: str) -> None:
    """Such a name is read as the keyword there, in any language: the writer quotes it,
    and what it writes reads back (elsewhere on a line the name stays bare)."""
    draw = Draw(line=1, column=1, player=word, card=C9C)
    for language in Language:
        line = event_line(draw, language)
        assert line.startswith(f'"{word}" ')
        assert events_of(line) == (draw,)
    assert event_line(Discard(line=1, column=1, player="Anna", card=C9C)) == "Anna discard 9C"


# --- whole games: the referee sees the same game in every language ----------------------


@pytest.mark.parametrize("fixture", LEGAL, ids=lambda path: path.name)
def test_a_legal_game_in_mixed_languages_is_judged_as_in_english(
        fixture: Path, tmp_path: Path) -> None:
    """Every line of the fixture in a language drawn at random: the same report."""
    games = parse_text(fixture.read_text(encoding="utf-8")).games
    draw = random.Random(fixture.name)
    events = [event for game in games for event in game.events]
    mixed, english = tmp_path / fixture.name, tmp_path / f"en-{fixture.name}"
    mixed.write_text("".join(f"{event_line(e, draw.choice(list(Language)))}\n"
                             for e in events), encoding="utf-8")
    english.write_text("".join(f"{event_line(e)}\n" for e in events), encoding="utf-8")
    judged, expected = audit_path(str(mixed)), audit_path(str(english))
    assert [game.to_dict() for game in judged.games] == [
        game.to_dict() for game in expected.games]
    assert not judged.errors and len(judged.games) == len(games)


# --- fmt ----------------------------------------------------------------------------------

MIXED = """\
[Players "Anna" "Bruno"]

mano 1   ; written in Italian
mazziere Bruno
Anna pesca 9C
Anna draw 5S
Anna scarta 5s
"""


def test_fmt_keeps_the_language_most_lines_are_written_in() -> None:
    assert format_log(MIXED.encode()) == MIXED.replace("draw", "pesca").replace("5s", "5S")


@pytest.mark.parametrize(("language", "expected"), [
    (Language.EN, "hand 1   ; written in Italian\ndealer Bruno\nAnna draw 9C\nAnna draw 5S\n"
                  "Anna discard 5S\n"),
    (Language.FR, "manche 1 ; written in Italian\ndonneur Bruno\nAnna pioche 9C\n"
                  "Anna pioche 5S\nAnna défausse 5S\n"),
])
def test_fmt_writes_the_language_asked_for(language: Language, expected: str) -> None:
    assert format_log(MIXED.encode(), language) == '[Players "Anna" "Bruno"]\n\n' + expected


def test_fmt_on_a_tie_keeps_the_language_written_first() -> None:
    text = "Anna pioche 9C\nAnna draw 5S\n"
    assert format_log(text.encode()) == "Anna pioche 9C\nAnna pioche 5S\n"


def test_fmt_writes_each_game_in_its_own_language() -> None:
    text = ('[Players "A" "B"]\n\nhand 1\nA draw 9C\n\n'
            '[Players "C" "D"]\n\nmano 1\nC draw 9C\nC pesca 5S\n')
    assert format_log(text.encode()) == text.replace("C draw", "C pesca")


@pytest.mark.parametrize("language", list(Language))
def test_fmt_in_any_language_is_a_fixed_point_that_reads_back(language: Language) -> None:
    text = (ROOT / "fixtures" / "legal" / "two-players.s40").read_bytes()
    once = format_log(text, language)
    assert isinstance(once, str)
    assert format_log(once.encode()) == once  # the language of its own lines: the same
    assert parse_text(once).games[0].events[2:] and parse_text(once).errors == ()
    english = format_log(once.encode(), Language.EN)
    assert english == format_log(text, Language.EN)


def test_the_fmt_command_takes_the_language_of_the_words() -> None:
    from click.testing import CliRunner

    from scala40cli.cli.main import main

    runner = CliRunner()
    result = runner.invoke(main, ["fmt", "--verbs", "fr", "-"], input=MIXED)
    assert result.exit_code == 0, result.output
    assert "Anna défausse 5S\n" in result.stdout and "pesca" not in result.stdout
    refused = runner.invoke(main, ["fmt", "--verbs", "de", "-"], input=MIXED)
    assert refused.exit_code == 2


def test_the_languages_of_the_command_line_are_those_of_the_words() -> None:
    from scala40cli.cli.choices import LANGUAGES

    assert tuple(Language) == LANGUAGES
