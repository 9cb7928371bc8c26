"""``scala40 show``: the table the referee holds after any line, on every fixture, for
JSON Lines logs and unknown cards, checked against the schema and against a count of
the cards made without the referee."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from helpers import fast_sample
from jsonschema import Draft202012Validator

from scala40cli.cli.main import main
from scala40cli.judging.match.referee import replay
from scala40cli.reading.parser import parse_text
from scala40cli.reading.resources import schema
from scala40cli.reporting.events_jsonl import s40_to_jsonl
from scala40cli.viewing.documents import show_document
from scala40cli.viewing.loading import ViewedFile, view_bytes
from scala40cli.viewing.stepping import step_game

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = sorted((ROOT / "fixtures").rglob("*.s40"))
VALIDATOR = Draft202012Validator(schema("show.schema.json"))


def _fixture_id(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def _viewed(path: Path) -> ViewedFile:
    return view_bytes(path.read_bytes(), str(path.relative_to(ROOT)))


def test_the_schema_is_a_schema() -> None:
    Draft202012Validator.check_schema(schema("show.schema.json"))


@pytest.mark.parametrize("path", fast_sample(FIXTURES, 8, _fixture_id))
def test_show_works_on_every_line_with_a_problem_of_every_fixture(path: Path) -> None:
    viewed = _viewed(path)
    for game in viewed.games:
        lines = {p.line for p in (*game.result.violations, *game.result.notes)}
        for line in sorted(lines | {game.game.line, game.last_line}):
            document = show_document(viewed, game, line)
            VALIDATOR.validate(document)
            on_line = {p["line"] for p in document["on_line"]}
            assert on_line <= {line}
            if document["on_line"] and game.before(line) is not None:
                assert document["before"] is not None


@pytest.mark.parametrize("path", fast_sample(FIXTURES, 8, _fixture_id))
def test_a_stepped_game_is_judged_as_a_replayed_one(path: Path) -> None:
    for game in parse_text(path.read_bytes().decode("utf-8", errors="replace")).games:
        assert step_game(game).result == replay(game)


def test_show_on_a_violation_says_what_the_table_was_before_it() -> None:
    path = "fixtures/illegal/T004-not-in-hand-meld.s40"
    result = CliRunner().invoke(main, ["show", f"{path}:18", "--format", "json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    VALIDATOR.validate(document)
    anna_before = next(p for p in document["before"]["players"] if p["name"] == "Anna")
    anna_after = next(p for p in document["players"] if p["name"] == "Anna")
    assert "QD" not in anna_before["hand"] and {"QH", "QS", "QC"} <= set(anna_before["hand"])
    assert len(anna_after["hand"]) == len(anna_before["hand"]) - 2  # QH QS laid, no QD
    assert document["on_line"][0]["code"] == "T004"
    assert document["text"] == "Anna meld QH QS QD"
    text = CliRunner().invoke(main, ["show", f"{path}:18"]).output
    assert "Before this line:" in text and "violation T004" in text


def test_show_without_a_line_shows_the_end_and_a_wrong_line_is_a_usage_error() -> None:
    path = "fixtures/legal/two-players.s40"
    last = len((ROOT / path).read_text(encoding="utf-8").splitlines())
    document = json.loads(CliRunner().invoke(main, ["show", path, "--format", "json"]).output)
    assert document["line"] == last
    wrong = CliRunner().invoke(main, ["show", f"{path}:{last + 5}"])
    assert wrong.exit_code == 2 and "no line" in wrong.output
    missing = CliRunner().invoke(main, ["show", "no/such.s40:3"])
    assert missing.exit_code == 1 and "Traceback" not in missing.output


def test_show_keeps_unknown_cards_unknown() -> None:
    viewed = _viewed(ROOT / "fixtures/table/walk-through.s40")
    game = viewed.games[0]
    unknowns = [p.unknown for s in game.steps for p in s.view.players]
    assert max(unknowns) > 0
    for step in game.steps:
        VALIDATOR.validate(show_document(viewed, game, step.line))


@pytest.mark.parametrize("name", ["legal/four-players.s40", "illegal/T004-not-in-hand-meld.s40",
                                  "table/walk-through.s40"])
def test_a_json_lines_log_shows_the_same_tables(name: str) -> None:
    path = ROOT / "fixtures" / name
    jsonl = s40_to_jsonl(path.read_bytes())
    assert isinstance(jsonl, str)
    as_s40 = view_bytes(path.read_bytes(), "x")
    as_json = view_bytes(jsonl.encode(), "x", input_format="jsonl")
    for ours, theirs in zip(as_s40.games, as_json.games, strict=True):
        assert [s.view for s in ours.steps] == [s.view for s in theirs.steps]


def test_a_file_line_name_is_read_as_a_file_when_it_exists(tmp_path: Path) -> None:
    from scala40cli.cli.show_command import split_place

    odd = tmp_path / "odd.s40:7"
    odd.write_text("")
    assert split_place(str(odd)) == (str(odd), None)
    assert split_place("game.s40:19") == ("game.s40", 19)
    assert split_place("C:\\logs\\game.s40") == ("C:\\logs\\game.s40", None)


# --- an independent count of the cards ------------------------------------------------


def _independent_counts(text: str, players: list[str]) -> dict[int, dict[str, int]]:
    """Each player's hand size, the pile's size and the cards out of the stock after each
    line of a legal log, counted from the lines alone (no referee, no parser)."""
    sizes: dict[str, int] = dict.fromkeys(players, 0)
    pile = melded = 0
    after: dict[int, dict[str, int]] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        words = raw.split(";")[0].split()
        if not words or words[0].startswith("["):
            continue
        if words[0] == "hand":
            sizes, pile, melded = dict.fromkeys(players, 0), 0, 0
        elif words[0] == "deal":
            sizes[words[1]] = len(words) - 2
        elif words[0] in ("upcard", "reshuffle"):
            pile = 1  # the upcard starts the pile; a reshuffle leaves its top
        elif words[0] in players and len(words) > 1:
            who, verb = words[0], words[1]
            if verb == "draw":
                sizes[who] += 1
            elif verb == "take":
                sizes[who] += 1
                pile -= 1
            elif verb == "meld":
                sizes[who] -= len(words) - 2
                melded += len(words) - 2
            elif verb == "attach":
                laid = len(words) - 4  # P attach c1 .. cn to N
                sizes[who] -= laid
                melded += laid
            elif verb == "discard":
                sizes[who] -= 1
                pile += 1
        after[number] = {**sizes, "<pile>": pile, "<melded>": melded}
    return after


@pytest.mark.parametrize(("players", "seed", "rules"), [
    (2, 11, None), (3, 12, "strict"), (4, 13, "rientro"), (6, 14, None), (5, 15, None)])
def test_show_agrees_with_an_independent_count_of_the_cards(players: int, seed: int,
                                                            rules: str | None) -> None:
    from test_make_matches import mm

    chosen = mm.preset_rules(rules, {}) if rules is not None else mm.Rules()
    made = mm.generate(players, seed, max_hands=3, rules=chosen)[0]
    viewed = view_bytes(made.encode(), "made.s40")
    names = mm.DEFAULT_NAMES[:players]
    counted = _independent_counts(made, names)
    deck = len(mm.full_deck(chosen.n_jokers))
    checked = 0
    for game in viewed.games:
        assert not game.result.violations
        for step in game.steps:
            view, expected = step.view, counted.get(step.line)
            if expected is None or view.phase != "play":
                continue
            sizes = {p.name: len(p.hand) + p.unknown for p in view.players if not p.out}
            assert sizes == {n: expected[n] for n in sizes}, step.line
            assert len(view.pile) == expected["<pile>"], step.line
            melded = sum(len(m.cards) for m in view.melds)
            assert melded == expected["<melded>"], step.line
            assert sum(sizes.values()) + melded + len(view.pile) + view.stock_count == deck
            seen = Counter(c for p in view.players for c in p.hand)
            seen.update(c for m in view.melds for c in m.cards)
            seen.update(view.pile)
            assert not seen - Counter(mm.full_deck(chosen.n_jokers)), step.line
            checked += 1
    assert checked > 50


def test_a_line_of_a_game_that_is_not_utf8_is_said_so(tmp_path: Path) -> None:
    log = tmp_path / "bad.s40"
    log.write_bytes(b'[Players "A" "B"]\nhand 1\n\n[Event "caf\xe9"]\n[Players "A" "B"]\n'
                    b"hand 1\ndealer A\n")
    runner = CliRunner()
    refused = runner.invoke(main, ["show", f"{log}:7"])
    assert refused.exit_code == 1 and "F002" in refused.stderr  # not game 1's table
    assert refused.stderr.startswith("scala40: line 7 of ") and "game 2" in refused.stderr
    shown = runner.invoke(main, ["show", f"{log}:2", "--format", "json"])
    assert shown.exit_code == 0 and json.loads(shown.output)["game"] == 1


# --- what show says of a line or a file it cannot show ----------------------------------

EXAMPLE = "docs/examples/game.s40"


def _show(*arguments: str, stdin: bytes | None = None) -> Any:
    return CliRunner().invoke(main, ["show", *arguments], input=stdin, catch_exceptions=False)


def test_a_line_before_the_first_game_shows_the_empty_table() -> None:
    assert (ROOT / EXAMPLE).read_text(encoding="utf-8").startswith("; ")
    shown = _show(f"{ROOT / EXAMPLE}:1")
    assert shown.exit_code == 0, shown.output
    assert shown.stdout.splitlines()[0].endswith("game.s40:1: before the first game: the table "
                                                 "is empty")
    assert "F003" not in shown.output  # the second game's syntax error is no reason
    document = json.loads(_show(f"{ROOT / EXAMPLE}:1", "--format", "json").stdout)
    VALIDATOR.validate(document)
    assert document["game"] is None and document["players"] == [] and document["line"] == 1


@pytest.mark.parametrize("tail", ["abc", "-1", "0", "", "+3", "1.5", "\u0661"])
def test_a_bad_line_number_is_a_usage_error_that_says_what_a_line_is(tail: str) -> None:
    tail = tail.encode().decode("unicode_escape")  # an Arabic-Indic digit one
    wrong = _show(f"{ROOT / EXAMPLE}:{tail}")
    assert wrong.exit_code == 2, wrong.output
    assert "LINE is the number of a line of the file, from 1" in wrong.stderr
    assert "cannot read" not in wrong.output


def test_a_file_that_is_no_game_log_is_said_in_one_line(tmp_path: Path) -> None:
    readme = _show(str(ROOT / "README.md"))
    assert readme.exit_code == 1 and readme.stdout == ""
    said = readme.stderr.splitlines()
    assert len(said) == 1 and len(said[0]) < 400, said
    assert said[0].startswith("scala40: ") and "README.md is not a game log" in said[0]
    assert "F003" in said[0]
    empty = tmp_path / "empty.s40"
    empty.write_text("; only a comment\n", encoding="utf-8")
    nothing = _show(str(empty))
    assert nothing.exit_code == 1 and nothing.stderr == f"scala40: {empty} holds no game\n"


def test_errors_begin_with_scala40_as_the_other_commands_say_them() -> None:
    missing = _show("no/such.s40")
    assert missing.exit_code == 1
    assert missing.stderr == "scala40: no/such.s40: cannot read: No such file or directory\n"


def test_show_reads_standard_input() -> None:
    data = (ROOT / EXAMPLE).read_bytes()
    from_file = _show(f"{ROOT / EXAMPLE}:19").stdout
    shown = _show("-", stdin=data)
    assert shown.exit_code == 0 and shown.stdout.startswith("<stdin>:36: game 2")
    at_line = _show("--", "-:19", stdin=data)
    assert at_line.exit_code == 0
    assert at_line.stdout == from_file.replace(str(ROOT / EXAMPLE), "<stdin>")
    # without the --, the place is still a place, wherever the options are
    assert _show("-:19", stdin=data).stdout == at_line.stdout
    as_json = _show("-:19", "--format", "json", stdin=data)
    assert as_json.exit_code == 0 and json.loads(as_json.stdout)["line"] == 19
    # an option the command does not have is still a usage error
    wrong = _show("-:19", "--formt", "json", stdin=data)
    assert wrong.exit_code == 2 and "No such option" in wrong.stderr


def test_totals_of_four_digits_keep_the_columns_in_line() -> None:
    from scala40cli.viewing.text_view import show_text

    viewed = _viewed(ROOT / "fixtures/legal/two-players.s40")
    document = show_document(viewed, viewed.games[0], 20)
    document["players"][0]["total"], document["players"][1]["total"] = 1234, 5
    rows = [row for row in show_text(document).splitlines() if " total " in row]
    assert len(rows) == 2 and len({row.index(" cards") for row in rows}) == 1, rows
    assert rows[0].split()[1:3] == ["total", "1234"] and rows[1].split()[1:3] == ["total", "5"]


def test_a_paper_score_sheet_marks_out_only_the_players_out_of_the_match() -> None:
    """A score-only hand deals no cards: its players are still in, not ``out`` (the
    table once marked every player of a paper score sheet out)."""
    sheet = ROOT / "docs" / "examples" / "sheet.s40"
    ended_hand_1 = _show(f"{sheet}:8").stdout
    assert " out " not in ended_hand_1, ended_hand_1
    rows = [row.split()[0] for row in _show(f"{sheet}:14").stdout.splitlines()
            if " out " in row]
    assert rows == ["Dario"]  # out in hand 2, the sheet's hand 3 is played without him
    assert " opened " not in ended_hand_1  # nobody knows who opened in a score-only hand


def test_what_cannot_be_shown_is_said_in_the_language_of_lang(tmp_path: Path) -> None:
    """Under ``--lang it`` the one line on standard error was English, the referee's
    problem quoted in it too."""
    log = tmp_path / "appunti.s40"
    log.write_text("ciao\n", encoding="utf-8")
    empty = tmp_path / "vuoto.s40"
    empty.write_text("; solo un commento\n", encoding="utf-8")
    said = {name: _show(name, "--lang", "it").stderr
            for name in (str(log), str(empty), "no/such.s40")}
    assert said[str(log)].startswith(f"scala40: {log} non è un registro di partita (il suo "
                                     "primo problema: 1:5: F003 ci vuole un verbo dopo 'ciao'")
    assert said[str(empty)] == f"scala40: {empty} non contiene nessuna partita\n"
    assert said["no/such.s40"] == ("scala40: no/such.s40: impossibile leggere: "
                                   "No such file or directory\n")
    french = _show(str(empty), "--lang", "fr").stderr
    assert french == f"scala40: {empty} ne contient aucune partie\n"


#: A paper sheet: Bruno reaches 112 on line 5's score line.
OUT_ON_LINE_5 = ('[Players "Anna" "Bruno" "Carla"]\nhand 1\nscore Anna 0 Bruno 60 Carla 10\n'
                 'hand 2\nscore Anna 10 Bruno 52 Carla 0\nhand 3\nscore Anna 0 Carla 20\n')


def test_a_player_put_out_by_a_score_line_is_out_once_it_is_read(tmp_path: Path) -> None:
    """Out from the score line that puts the player out, not from the next hand line."""
    path = tmp_path / "sheet.s40"
    path.write_text(OUT_ON_LINE_5, encoding="utf-8")
    def players(line: int) -> dict[str, tuple[int, bool]]:
        document = json.loads(CliRunner().invoke(main, ["show", f"{path}:{line}", "--format",
                                                        "json"]).output)
        VALIDATOR.validate(document)
        return {p["name"]: (p["total"], p["out"]) for p in document["players"]}

    assert players(4) == {"Anna": (0, False), "Bruno": (60, False), "Carla": (10, False)}
    assert players(5) == {"Anna": (10, False), "Bruno": (112, True), "Carla": (10, False)}
    assert players(6)["Bruno"] == (112, True)
