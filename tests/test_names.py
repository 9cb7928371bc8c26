"""Player names: one player in two Unicode forms, and names that look alike (G009)."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner

from scala40cli.audit.pipeline import audit_bytes
from scala40cli.cli.main import main
from scala40cli.judging.match.names import invisible_characters, lookalikes, same_name, skeleton
from scala40cli.model.results import GameResult
from scala40cli.model.violations import Code

ROOT = Path(__file__).resolve().parent.parent
ACCENTED = ROOT / "fixtures" / "legal" / "accented-names.s40"
NFC_JOSE = unicodedata.normalize("NFC", "José")
NFD_JOSE = unicodedata.normalize("NFD", "José")
#: The fixture's game (Niccolò deals, José in the second seat closes in one go), with
#: José in NFC in the [Players] tag and in NFD in his events.
GAME = "\n".join(line.replace(NFC_JOSE, NFD_JOSE) if not line.startswith("[") else line
                 for line in ACCENTED.read_text(encoding="utf-8").splitlines())
CYRILLIC_A = "\u0410"


def judged(text: str) -> GameResult:
    result = audit_bytes(text.encode("utf-8"), "names.s40")
    assert result.errors == ()
    [game] = result.games
    return game


def with_players(tag: str, *, events_as: str = NFD_JOSE) -> str:
    """The fixture's game with another [Players] tag (three names, José's seat second)
    and José's events written as ``events_as``."""
    text = GAME.replace(f'[Players "Niccolò" "{NFC_JOSE}" "Zoë"]', tag)
    return text.replace(f"{NFD_JOSE} ", f"{events_as} ")


def codes(game: GameResult) -> list[str]:
    return [str(v.code) for v in game.violations]


# --- one player, two Unicode forms ---------------------------------------------------------


def test_the_fixture_writes_jose_in_both_forms() -> None:
    assert f'"{NFC_JOSE}"' in GAME and f"\n{NFD_JOSE} draw" in GAME
    assert NFC_JOSE != NFD_JOSE


def test_a_name_in_nfd_in_the_events_is_the_player_of_the_nfc_tag() -> None:
    """Before, José in NFD was 'not a player of this game' (G003) on every line."""
    game = judged(GAME)
    assert game.ok, game.violations
    assert game.winner == NFC_JOSE
    assert list(game.totals) == ["Niccolò", NFC_JOSE, "Zoë"]
    assert game.hands[0].closer == NFC_JOSE


def test_the_report_spells_a_name_as_the_players_tag_does() -> None:
    tag = f'[Players "Niccolò" "{NFD_JOSE}" "Zoë"]'
    game = judged(with_players(tag, events_as=NFC_JOSE))
    assert game.ok, game.violations
    assert game.winner == NFD_JOSE
    assert game.players == ("Niccolò", NFD_JOSE, "Zoë")


def test_a_violation_names_the_player_as_the_tag_does() -> None:
    text = GAME.replace(f"{NFD_JOSE} discard 6D", f"{NFD_JOSE} discard 6D\n{NFD_JOSE} draw 2D")
    game = judged(text)
    assert game.violations
    assert {v.player for v in game.violations if v.player} == {NFC_JOSE}


def test_one_name_twice_in_two_forms_is_g002() -> None:
    game = judged(with_players(f'[Players "{NFC_JOSE}" "{NFD_JOSE}" "Zoë"]'))
    assert codes(game) == ["G002"]


# --- names that look alike: G009 ----------------------------------------------------------

LOOKALIKE_PAIRS = [
    pytest.param("Anna", f"{CYRILLIC_A}nna", "look alike (U+0410 CYRILLIC CAPITAL LETTER A "
                 "looks like a Latin letter)", id="cyrillic-A"),
    pytest.param("Carlo", "C\u0430rl\u043e", "look alike (U+0430 CYRILLIC SMALL LETTER A, "
                 "U+043E CYRILLIC SMALL LETTER O look like Latin letters)", id="cyrillic-a-o"),
    pytest.param("Nikos", "\u039d\u03b9\u03bao\u0455", "look alike", id="greek-and-cyrillic"),
    pytest.param("Anna", "anna", "differ only in case", id="case"),
    pytest.param("STRASSE", "straße", "differ only in case", id="casefold-sharp-s"),
    pytest.param("Anna", "\uff21nna", "look alike (the same letters in other forms or spacing)",
                 id="fullwidth"),
    pytest.param("Anna Maria", "Anna  Maria", "look alike (the same letters in other forms or "
                 "spacing)", id="two-spaces"),
    pytest.param("Anna", "Anna ", "look alike", id="trailing-space"),
    pytest.param("Anna", "An\u200dna", "holds an invisible character U+200D ZERO WIDTH JOINER "
                 "and so looks like 'Anna'", id="zwj"),
    pytest.param("Anna", "\u200bAnna", "holds an invisible character U+200B ZERO WIDTH SPACE "
                 "and so looks like 'Anna'", id="zwsp"),
    pytest.param("Anna", "An\u00adna", "holds an invisible character U+00AD SOFT HYPHEN and "
                 "so looks like 'Anna'", id="soft-hyphen"),
    pytest.param("Anna", "\u202eAnna\u202c", "holds invisible characters U+202E RIGHT-TO-LEFT "
                 "OVERRIDE and U+202C POP DIRECTIONAL FORMATTING and so looks like 'Anna'",
                 id="bidi-override"),
    pytest.param("Anna", "Anna\ufe0f", "holds an invisible character U+FE0F VARIATION "
                 "SELECTOR-16 and so looks like 'Anna'", id="variation-selector"),
]


@pytest.mark.parametrize(("first", "second", "reason"), LOOKALIKE_PAIRS)
def test_lookalike_pairs(first: str, second: str, reason: str) -> None:
    """One problem a pair, whatever else is wrong with its names: before, a name with an
    invisible character was reported twice (the character, and the pair alike)."""
    [pair] = lookalikes([first, second, "Zoë"])
    assert pair.names == (first, second)
    assert reason in pair.reason


@pytest.mark.parametrize(("names", "message"), [
    pytest.param(("Anna", "An\u202ena", "Bruno"),
                 "the player name 'An\\u202ena' holds an invisible character U+202E "
                 "RIGHT-TO-LEFT OVERRIDE and so looks like 'Anna'", id="issue-24"),
    pytest.param(("Anna", "anna", f"{CYRILLIC_A}nna"),
                 f"the players 'Anna', 'anna' and '{CYRILLIC_A}nna' look alike (U+0410 "
                 "CYRILLIC CAPITAL LETTER A looks like a Latin letter; the case differs)",
                 id="three-alike"),
    pytest.param(("An\u200dna", "Ann\u200ba"),
                 "the players 'An\\u200dna' and 'Ann\\u200ba' differ only in invisible "
                 "characters: 'An\\u200dna' holds an invisible character U+200D ZERO WIDTH "
                 "JOINER; 'Ann\\u200ba' holds an invisible character U+200B ZERO WIDTH SPACE",
                 id="both-invisible"),
    pytest.param(("anna", "An\u200dna"),
                 "the players 'anna' and 'An\\u200dna' differ only in case once invisible "
                 "characters are dropped: 'An\\u200dna' holds an invisible character U+200D "
                 "ZERO WIDTH JOINER", id="case-and-invisible"),
    pytest.param(("Car\u200bla", "Bruno"),
                 "the player name 'Car\\u200bla' holds an invisible character U+200B ZERO "
                 "WIDTH SPACE", id="alone"),
])
def test_one_problem_one_message_that_says_all_of_it(names: tuple[str, ...],
                                                     message: str) -> None:
    [problem] = lookalikes(names)
    assert problem.message() == message


@pytest.mark.parametrize("names", [
    ("Anna", "An\u202ena", "anna", f"{CYRILLIC_A}nna", "Bruno", "Br\u200buno", "Zo\u00e9"),
    ("\u200bCarla", "Dario\u2060", "Elsa", "ELSA", "Fabio"),
    *[(first, second, "Zoë") for first, second, _ in
      (case.values for case in LOOKALIKE_PAIRS)],
])
def test_a_name_is_in_one_problem_at_most(names: tuple[str, ...]) -> None:
    """Whatever mix of checks a name fails, it is named by one G009 (issue 24)."""
    problems = lookalikes(names)
    named = [name for problem in problems for name in problem.names]
    assert len(named) == len(set(named))
    assert all(set(problem.subject) <= set(problem.names) for problem in problems)
    for name in names:  # every name with a problem is in one
        has_one = bool(invisible_characters(name)) or any(
            other != name and skeleton(other) == skeleton(name) for other in names)
        assert (name in named) == has_one, name


@pytest.mark.parametrize(("first", "second"), [
    ("Anna", "Anne"), ("Bruno", "Bruna"), ("José", "Jose"), ("Niccolò", "Nicolò"),
    ("Zoë", "Zoe"), ("Νίκος", "Nikos"), ("Ivan", "\u0418\u0432\u0430\u043d"),
    ("李娜", "李那"), ("A1", "Al"), (NFC_JOSE, NFD_JOSE),
])
def test_names_that_differ_to_the_eye_are_not_lookalikes(first: str, second: str) -> None:
    assert list(lookalikes([first, second])) == []


@pytest.mark.parametrize("char", ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad",
                                  "\u200e", "\u200f", "\u202a", "\u202e", "\u2066", "\u2069",
                                  "\u00a0", "\u3000", "\t", "\x07", "\u034f", "\u3164"])
def test_invisible_characters_are_named_by_code(char: str) -> None:
    [found] = invisible_characters(f"An{char}na")
    assert found.startswith(f"U+{ord(char):04X} ")
    [alike] = lookalikes([f"An{char}na", "Bruno"])
    assert alike.names == (f"An{char}na",)
    assert char not in alike.message()  # shown as its escape, never itself


def test_visible_letters_of_any_script_are_not_invisible() -> None:
    for name in ["Niccolò", "José", NFD_JOSE, "Αλέξης", "李娜", "ŞİR", "Anna Maria", "O'Brien"]:
        assert invisible_characters(name) == [], name


def test_same_name_and_skeleton() -> None:
    assert same_name(NFC_JOSE, NFD_JOSE)
    assert not same_name("Anna", "anna")
    assert skeleton(f"{CYRILLIC_A}NNA") == skeleton("anna") == "anna"


def test_g009_is_reported_at_the_players_tag_and_the_game_is_still_judged() -> None:
    tag = f'[Players "Niccolò" "{NFC_JOSE}" "Nicc\u200dolò"]'
    text = with_players(tag).replace("Zoë", '"Nicc\u200dolò"')
    game = judged(text)
    line = text.splitlines().index(tag) + 1
    assert [(str(v.code), v.line) for v in game.violations] == [("G009", line)]
    assert game.winner == NFC_JOSE  # the rest of the game is judged as usual
    assert game.hands[0].closer == NFC_JOSE


def test_g009_is_a_violation_exit_status_1_and_has_a_doc_entry(tmp_path: Path) -> None:
    log = tmp_path / "alike.s40"
    log.write_text(with_players(f'[Players "Anna" "{NFC_JOSE}" "{CYRILLIC_A}nna"]')
                   .replace("Niccolò", "Anna").replace("Zoë", f"{CYRILLIC_A}nna"),
                   encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(log)], catch_exceptions=False)
    assert result.exit_code == 1
    assert " G009 the players 'Anna' and '\u0410nna' look alike" in result.stdout
    explained = CliRunner().invoke(main, ["explain", "G009"], catch_exceptions=False)
    assert "lookalike-names" in explained.stdout
    assert Code.LOOKALIKE_NAMES.value == "G009"
    doc = (ROOT / "docs" / "violations.md").read_text(encoding="utf-8")
    assert "lookalike-names" in doc and "violation (exit status 1)" in doc
