"""The canonical writer and ``scala40 fmt``: round trips, fixed points, quoting, the command."""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from helpers import fast_sample
from hypothesis import given
from hypothesis import strategies as st

from scala40cli.cli.main import main
from scala40cli.model.cards import JOKER, NATURAL_CARDS, Card, card
from scala40cli.model.results import Problem
from scala40cli.reading import events as events_module
from scala40cli.reading.comments import comments_of, split_comment
from scala40cli.reading.event_base import fields
from scala40cli.reading.events import (
    Attach,
    Buy,
    Deal,
    Dealer,
    Discard,
    Draw,
    Event,
    HandStart,
    Meld,
    PlayerEvent,
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
from scala40cli.reading.fastlines import LINE_KEYWORDS, VERBS
from scala40cli.reading.layout import format_log
from scala40cli.reading.parser import decode_log, parse_text
from scala40cli.reading.writer import event_line, quote, write_game, write_log

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = sorted((ROOT / "fixtures").rglob("*.s40"))
TWO_PLAYERS = ROOT / "fixtures" / "legal" / "two-players.s40"
SYNTAX_ERROR = ROOT / "fixtures" / "illegal" / "F003-syntax-error.s40"
BAD_ENCODING = ROOT / "fixtures" / "illegal" / "F002-bad-encoding.s40"

C5S, C6S, C7S, C10S, CAH, C9C = (card(5, "S"), card(6, "S"), card(7, "S"), card(10, "S"),
                                card(1, "H"), card(9, "C"))

Stripped = tuple[object, ...]


def stripped(event: Event) -> Stripped:
    """An event without its place: its type and every other field."""
    return (type(event), *(getattr(event, name) for name in fields(event)
                           if name not in ("line", "column")))


def games_of(text: str, *, fast_path: bool = True) -> list[list[Stripped]]:
    """The games of a text that must parse without errors, events stripped."""
    parsed = parse_text(text, fast_path=fast_path)
    assert parsed.errors == (), parsed.errors
    return [[stripped(e) for e in game.events] for game in parsed.games]


def only_event(line: str, *, fast_path: bool = True) -> Event:
    parsed = parse_text(line + "\n", fast_path=fast_path)
    assert parsed.errors == (), (line, parsed.errors)
    assert len(parsed.games) == 1 and len(parsed.games[0].events) == 1, line
    return parsed.games[0].events[0]


def at(kind: type[Event], **values: object) -> Event:
    return kind(line=1, column=1, **values)


# --- every fixture: parse -> write -> parse, and the written text is a fixed point -------


def readable_games(text: str) -> list[list[Event]]:
    """The events of every game but the markers of unreadable lines."""
    return [[e for e in game.events if type(e) is not Unparsed]
            for game in parse_text(text).games]


@pytest.mark.parametrize("path", fast_sample(FIXTURES, 8,
                                              lambda p: str(p.relative_to(ROOT))))
def test_every_fixture_round_trips(path: Path) -> None:
    data = path.read_bytes()
    text = decode_log(data)
    if isinstance(text, Problem):  # F002: no text, so nothing to write
        assert format_log(data) == (text,)
        return
    parsed = parse_text(text)
    games = readable_games(text)
    written = write_log(games)
    # parse -> write -> parse gives the same events, game by game (comments aside)
    assert games_of(written) == [[stripped(e) for e in game] for game in games]
    assert games_of(written, fast_path=False) == games_of(written)
    # the written text is a fixed point
    assert write_log(readable_games(written)) == written
    assert format_log(written.encode()) == written
    if parsed.errors:  # fmt refuses a file with unreadable lines
        assert format_log(data) == parsed.errors
        return
    formatted = format_log(data)
    assert isinstance(formatted, str)
    # fmt keeps the events and the comments, and its output is a fixed point
    assert games_of(formatted) == games_of(text)
    assert said(formatted) == said(text)
    assert format_log(formatted.encode()) == formatted
    # without its comments and extra blank lines, it is what write_log writes
    assert without_comments(formatted) == written


def said(text: str) -> list[tuple[str, bool]]:
    """The comments of a text, what they say and whether each is alone on its line."""
    return [(c.text, c.alone) for c in comments_of(text)]


def without_comments(text: str) -> str:
    """A formatted text without comments and without blank lines but the canonical ones."""
    kept = [split_comment(line, 0)[0].rstrip() for line in text.splitlines()
            if split_comment(line, 0)[0].strip()]
    return write_log(readable_games("\n".join(kept) + "\n"))


def test_fixtures_are_found() -> None:
    assert len(FIXTURES) > 100
    assert BAD_ENCODING in FIXTURES and SYNTAX_ERROR in FIXTURES


# --- every event kind ---------------------------------------------------------------------

KINDS: list[tuple[Event, str]] = [
    (at(Tag, name="Players", values=("Anna", "Bruno")), '[Players "Anna" "Bruno"]'),
    (at(Tag, name="Note", values=()), "[Note]"),
    (at(HandStart, number=12), "hand 12"),
    (at(Dealer, player="Anna"), "dealer Anna"),
    (at(Deal, player="Anna", cards=(C10S, JOKER, CAH)), "deal Anna 10S JK AH"),
    (at(Deal, player="Anna", cards=()), "deal Anna"),
    (at(Upcard, card=C9C), "upcard 9C"),
    (at(Stock, cards=(C5S, C10S)), "stock 5S 10S"),
    (at(Stock, cards=()), "stock"),
    (at(Reshuffle), "reshuffle"),
    (at(Score, entries=(("Anna", 29), ("Bruno", 0), ("Carla", -10))),
     "score Anna 29 Bruno 0 Carla -10"),
    (at(Draw, player="Anna", card=C10S), "Anna draw 10S"),
    (at(Take, player="Anna", card=C9C), "Anna take 9C"),
    (at(Take, player="Anna", card=None), "Anna take"),
    (at(Meld, player="Anna", cards=(TableCard(JOKER, C5S), TableCard(C6S), TableCard(C7S))),
     "Anna meld JK(5S) 6S 7S"),
    (at(Meld, player="Anna", cards=(TableCard(C5S), TableCard(JOKER), TableCard(C7S))),
     "Anna meld 5S JK 7S"),
    (at(Attach, player="Anna", cards=(TableCard(JOKER, C10S), TableCard(C7S)), meld=3),
     "Anna attach JK(10S) 7S to 3"),
    (at(Swap, player="Anna", card=C10S, meld=2), "Anna swap 10S in 2"),
    (at(Discard, player="Anna", card=JOKER), "Anna discard JK"),
    (at(Buy, player="Carla", card=CAH), "Carla buy AH"),
]


@pytest.mark.parametrize("fast_path", [True, False])
@pytest.mark.parametrize(("event", "line"), KINDS, ids=[line for _, line in KINDS])
def test_every_event_kind(event: Event, line: str, fast_path: bool) -> None:
    assert event_line(event) == line
    assert only_event(line, fast_path=fast_path) == event


def test_the_kinds_cover_every_event_type() -> None:
    kinds = {c for c in vars(events_module).values()
             if isinstance(c, type) and issubclass(c, Event) and c not in (Event, PlayerEvent)}
    assert len(kinds) == 16
    assert {type(event) for event, _ in KINDS} == kinds - {Unparsed}


def test_an_unparsed_marker_cannot_be_written() -> None:
    with pytest.raises(ValueError, match="could not be read"):
        event_line(Unparsed(line=4, column=1, end_line=9))


@pytest.mark.parametrize(("written", "canonical"), [
    ("  Anna\t draw   ts   ; a comment", "Anna draw 10S"),
    ("Anna draw 10♠ # a comment", "Anna draw 10S"),
    ("Anna discard *", "Anna discard JK"),
    ("Anna meld jk(5s) 6s 7♠", "Anna meld JK(5S) 6S 7S"),
    ("Anna attach *(ts) to 007", "Anna attach JK(10S) to 7"),
    ('"Anna" take qh', "Anna take QH"),
    ("score Anna -0 Bruno 010", "score Anna 0 Bruno 10"),
    ('dealer "Anna"', "dealer Anna"),
    ("[Event   \"x\"\t\"y\" ]", '[Event "x" "y"]'),
    ("hand 0001", "hand 1"),
    ("deal Anna th jk *", "deal Anna 10H JK JK"),
])
def test_non_canonical_spellings_are_made_canonical(written: str, canonical: str) -> None:
    assert event_line(only_event(written)) == canonical


# --- player names and quoting -------------------------------------------------------------


@pytest.mark.parametrize(("name", "as_player", "elsewhere"), [
    ("Anna", "Anna", "Anna"),
    ("J.R.", "J.R.", "J.R."),
    ("bruno_2-x", "bruno_2-x", "bruno_2-x"),
    ("Anna Maria", '"Anna Maria"', '"Anna Maria"'),
    ("hand", '"hand"', "hand"),
    ("score", '"score"', "score"),
    ("draw", "draw", "draw"),
    ("to", "to", "to"),
    ("AS", "AS", "AS"),
    ("JK", "JK", "JK"),
    ("10", "10", "10"),
    ('Say "hi"', r'"Say \"hi\""', r'"Say \"hi\""'),
    ("back\\slash", r'"back\\slash"', r'"back\\slash"'),
    ("Zoë", "Zoë", "Zoë"),
    ("Niccolò", "Niccolò", "Niccolò"),
    ("Zo\u200bë", '"Zo\u200bë"', '"Zo\u200bë"'),
    ("a;b#c", '"a;b#c"', '"a;b#c"'),
    ("", '""', '""'),
])
def test_names_are_bare_only_where_the_grammar_reads_them_bare(
    name: str, as_player: str, elsewhere: str
) -> None:
    cases = [
        (at(Draw, player=name, card=C5S), f"{as_player} draw 5S"),
        (at(Take, player=name, card=None), f"{as_player} take"),
        (at(Dealer, player=name), f"dealer {elsewhere}"),
        (at(Deal, player=name, cards=(C5S,)), f"deal {elsewhere} 5S"),
        (at(Score, entries=((name, 3), ("hand", 0))), f"score {elsewhere} 3 hand 0"),
        (at(Tag, name="Players", values=(name, "x")), f"[Players {quote(name)} \"x\"]"),
    ]
    for event, line in cases:
        assert event_line(event) == line
        for fast_path in (True, False):
            assert only_event(line, fast_path=fast_path) == event


def test_every_line_keyword_is_quoted_at_the_start_of_a_line() -> None:
    for keyword in sorted(LINE_KEYWORDS):
        assert event_line(at(Discard, player=keyword, card=C5S)) == f'"{keyword}" discard 5S'
    for verb in VERBS:
        assert event_line(at(Discard, player=verb, card=C5S)) == f"{verb} discard 5S"


def test_tag_values_are_always_quoted() -> None:
    event = at(Tag, name="Event", values=("Circolo", 'the "Aurora"', "a\\b", "2026"))
    line = event_line(event)
    assert line == r'[Event "Circolo" "the \"Aurora\"" "a\\b" "2026"]'
    assert only_event(line) == event


@pytest.mark.parametrize(("event", "message"), [
    (at(Draw, player="Anna\nMaria", card=C5S), "line break"),
    (at(Tag, name="Event", values=("a\rb",)), "line break"),
    (at(Tag, name="Bad Name", values=()), "not a tag name"),
    (at(Meld, player="Anna", cards=()), "at least one card"),
    (at(Attach, player="Anna", cards=(), meld=1), "at least one card"),
    (at(Meld, player="Anna", cards=(TableCard(C5S, C6S),)), "only a joker"),
    (at(Meld, player="Anna", cards=(TableCard(JOKER, JOKER),)), "only a joker"),
    (at(Score, entries=()), "at least one player"),
    (at(Score, entries=(("Anna", 1_000_000_000),)), "nine digits"),
    (at(HandStart, number=-1), "not negative"),
    (at(Swap, player="Anna", card=C5S, meld=10**9), "nine digits"),
])
def test_what_the_format_cannot_say_is_refused(event: Event, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        event_line(event)


# --- games and logs -----------------------------------------------------------------------

HEADER = [at(Tag, name="Players", values=("Anna", "Bruno"))]
HAND_1 = [at(HandStart, number=1), at(Dealer, player="Anna"), at(Upcard, card=C5S)]
HAND_2 = [at(HandStart, number=2), at(Dealer, player="Bruno")]


def test_a_game_has_a_blank_line_before_each_hand() -> None:
    assert write_game(HEADER + HAND_1 + HAND_2) == (
        '[Players "Anna" "Bruno"]\n\nhand 1\ndealer Anna\nupcard 5S\n\nhand 2\ndealer Bruno\n'
    )


def test_a_game_without_tags_starts_with_its_hand_line() -> None:
    assert write_game(HAND_2) == "hand 2\ndealer Bruno\n"
    assert write_game([]) == ""


def test_games_are_separated_by_one_blank_line() -> None:
    text = write_log([HEADER + HAND_2, [], HEADER])
    assert text == ('[Players "Anna" "Bruno"]\n\nhand 2\ndealer Bruno\n\n'
                    '[Players "Anna" "Bruno"]\n')
    assert len(parse_text(text).games) == 2
    assert write_log([]) == ""


def test_the_written_lines_are_where_the_parser_finds_them() -> None:
    text = write_log([HEADER + HAND_1, HEADER + HAND_2])
    for game in parse_text(text).games:
        for event in game.events:
            assert text.split("\n")[event.line - 1] == event_line(event)
            assert event.column == 1


# --- hypothesis: any event written reads back as itself -----------------------------------

BARE_CHARS = "abcxyzABCXYZ0123456789_.-"
NAMES = st.one_of(
    st.text(alphabet=BARE_CHARS, min_size=1, max_size=8),
    st.sampled_from(sorted(LINE_KEYWORDS) + list(VERBS) + ["to", "in", "AS", "JK", "10H",
                                                            "7", "-3", "Anna Maria", ""]),
    st.text(st.characters(exclude_categories=["Cs"], exclude_characters="\r\n"),
            max_size=8),
)
CARDS = st.sampled_from([*NATURAL_CARDS, JOKER])
NATURALS = st.sampled_from(NATURAL_CARDS)
TABLE_CARDS = st.one_of(
    CARDS.map(TableCard),
    NATURALS.map(lambda c: TableCard(JOKER, c)),
)
NUMBERS = st.integers(0, 999_999_999)
POINTS = st.integers(-999_999_999, 999_999_999)
PLACE = {"line": st.just(1), "column": st.just(1)}


def card_lists(min_size: int = 0) -> st.SearchStrategy[tuple[Card, ...]]:
    return st.lists(CARDS, min_size=min_size, max_size=14).map(tuple)


TAGS = st.builds(Tag, name=st.text(alphabet=BARE_CHARS, min_size=1, max_size=8),
                 values=st.lists(NAMES, max_size=4).map(tuple), **PLACE)
NON_TAG_EVENTS: st.SearchStrategy[Event] = st.one_of(
    st.builds(HandStart, number=NUMBERS, **PLACE),
    st.builds(Dealer, player=NAMES, **PLACE),
    st.builds(Deal, player=NAMES, cards=card_lists(), **PLACE),
    st.builds(Upcard, card=CARDS, **PLACE),
    st.builds(Stock, cards=card_lists(), **PLACE),
    st.builds(Reshuffle, **PLACE),
    st.builds(Score, entries=st.lists(st.tuples(NAMES, POINTS), min_size=1, max_size=6)
              .map(tuple), **PLACE),
    st.builds(Draw, player=NAMES, card=CARDS, **PLACE),
    st.builds(Take, player=NAMES, card=st.none() | CARDS, **PLACE),
    st.builds(Meld, player=NAMES, cards=st.lists(TABLE_CARDS, min_size=1, max_size=6)
              .map(tuple), **PLACE),
    st.builds(Attach, player=NAMES, cards=st.lists(TABLE_CARDS, min_size=1, max_size=4)
              .map(tuple), meld=NUMBERS, **PLACE),
    st.builds(Swap, player=NAMES, card=CARDS, meld=NUMBERS, **PLACE),
    st.builds(Discard, player=NAMES, card=CARDS, **PLACE),
    st.builds(Buy, player=NAMES, card=CARDS, **PLACE),
)
EVENTS = st.one_of(TAGS, NON_TAG_EVENTS)


@given(EVENTS, st.booleans())
def test_any_event_line_parses_back_to_the_same_event(event: Event, fast_path: bool) -> None:
    line = event_line(event)
    assert "\n" not in line and "\r" not in line and line == line.strip()
    assert only_event(line, fast_path=fast_path) == event
    assert event_line(only_event(line, fast_path=fast_path)) == line


@pytest.mark.slow
@given(st.lists(TAGS, max_size=3), st.lists(NON_TAG_EVENTS, min_size=1, max_size=12))
def test_any_game_round_trips_and_is_a_fixed_point(
    tags: Sequence[Event], rest: Sequence[Event]
) -> None:
    events = [*tags, *rest]
    text = write_game(events)
    assert games_of(text) == [[stripped(e) for e in events]]
    assert format_log(text.encode()) == text


# --- scala40 fmt ----------------------------------------------------------------------------

UNTIDY = ('; a hand-written log\n[Players  "Anna Maria" "hand"]\r\n'
          'hand 1\n  dealer "hand"\n"Anna Maria"\tdraw ts ; drew the ten\n'
          '"hand" take\n"Anna Maria" meld *(5s) 6s 7♠')
TIDY = ('; a hand-written log\n[Players "Anna Maria" "hand"]\n\nhand 1\ndealer hand\n'
        '"Anna Maria" draw 10S ; drew the ten\n"hand" take\n"Anna Maria" meld JK(5S) 6S 7S\n')


def run(*args: str, stdin: bytes | None = None) -> Result:
    return CliRunner().invoke(main, ["fmt", *args], input=stdin, catch_exceptions=False)


@pytest.fixture
def untidy(tmp_path: Path) -> Path:
    path = tmp_path / "game.s40"
    path.write_bytes(b"\xef\xbb\xbf" + UNTIDY.encode())
    return path


def test_fmt_rewrites_in_place(untidy: Path) -> None:
    result = run(str(untidy))
    assert result.exit_code == 0, result.output
    assert untidy.read_text(encoding="utf-8") == TIDY
    assert untidy.read_bytes() == TIDY.encode()
    assert f"reformatted {untidy}" in result.stderr
    assert "1 file reformatted, 0 files left unchanged" in result.stderr
    assert result.stdout == ""
    assert [p.name for p in untidy.parent.iterdir()] == ["game.s40"]  # no temporary left
    again = run(str(untidy))
    assert again.exit_code == 0
    assert "0 files reformatted, 1 file left unchanged" in again.stderr
    assert untidy.read_bytes() == TIDY.encode()


def test_fmt_keeps_the_permissions_and_never_writes_through_a_link(untidy: Path) -> None:
    untidy.chmod(0o640)
    assert run(str(untidy)).exit_code == 0
    assert untidy.read_text(encoding="utf-8") == TIDY
    assert stat.S_IMODE(untidy.stat().st_mode) == 0o640
    outside = untidy.parent / "outside"
    outside.mkdir()
    target = outside / "target.s40"
    target.write_bytes(UNTIDY.encode())
    link = untidy.parent / "link.s40"
    link.symlink_to(target)
    result = run(str(link))
    assert result.exit_code == 1
    assert (f"{link}: not rewritten: it is a symbolic link (give fmt the file it points "
            "to)") in result.stderr
    assert link.is_symlink() and target.read_bytes() == UNTIDY.encode()
    assert "0 files reformatted, 0 files left unchanged, 1 file with errors" in result.stderr


def test_fmt_check(untidy: Path, tmp_path: Path) -> None:
    tidy = tmp_path / "tidy.s40"
    tidy.write_text(TIDY, encoding="utf-8")
    assert run("--check", str(tidy)).exit_code == 0
    result = run("--check", str(tidy), str(untidy))
    assert result.exit_code == 1
    assert f"would reformat {untidy}" in result.stderr
    assert f"would reformat {tidy}" not in result.stderr
    assert "1 file would be reformatted, 1 file would be left unchanged" in result.stderr
    assert result.stdout == ""
    assert untidy.read_bytes() == b"\xef\xbb\xbf" + UNTIDY.encode()


def test_fmt_diff(untidy: Path) -> None:
    result = run("--diff", str(untidy))
    assert result.exit_code == 0
    assert result.stdout.startswith(f"--- {untidy}\n+++ {untidy}\n@@ ")
    assert "-\ufeff; a hand-written log\n" in result.stdout
    assert '-  dealer "hand"\n' in result.stdout
    assert "+dealer hand\n" in result.stdout
    assert "-\"Anna Maria\" meld *(5s) 6s 7♠\n\\ No newline at end of file\n" in result.stdout
    assert '+"Anna Maria" meld JK(5S) 6S 7S\n' in result.stdout
    assert untidy.read_bytes() == b"\xef\xbb\xbf" + UNTIDY.encode()
    both = run("--diff", "--check", str(untidy))
    assert both.exit_code == 1 and both.stdout == result.stdout


def test_fmt_diff_of_a_canonical_file_is_empty(tmp_path: Path) -> None:
    tidy = tmp_path / "tidy.s40"
    tidy.write_text(TIDY, encoding="utf-8")
    result = run("--diff", str(tidy))
    assert (result.exit_code, result.stdout) == (0, "")


def test_fmt_stdin_writes_stdout() -> None:
    result = run("-", stdin=UNTIDY.encode())
    assert result.exit_code == 0
    assert result.stdout == TIDY
    assert result.stderr == ""
    canonical = run("-", stdin=TIDY.encode())
    assert (canonical.exit_code, canonical.stdout) == (0, TIDY)
    check = run("--check", "-", stdin=UNTIDY.encode())
    assert check.exit_code == 1 and check.stdout == ""
    assert "would reformat <stdin>" in check.stderr
    diff = run("--diff", "-", stdin=UNTIDY.encode())
    assert diff.exit_code == 0 and diff.stdout.startswith("--- <stdin>\n+++ <stdin>\n")


def test_fmt_refuses_a_file_with_syntax_errors(tmp_path: Path) -> None:
    path = tmp_path / "bad.s40"
    before = SYNTAX_ERROR.read_bytes()
    path.write_bytes(before)
    for args in ([], ["--check"], ["--diff"]):
        result = run(*args, str(path))
        assert result.exit_code == 1
        assert f"{path}:23:6: F003 unknown verb 'discards'" in result.stderr
        assert "    Anna discards AH\n" in result.stderr
        assert result.stdout == ""
        assert path.read_bytes() == before
    stdin = run("-", stdin=before)
    assert stdin.exit_code == 1 and stdin.stdout == ""
    assert "<stdin>:23:6: F003" in stdin.stderr


def test_fmt_reports_missing_and_undecodable_files(untidy: Path, tmp_path: Path) -> None:
    missing = tmp_path / "nope.s40"
    result = run(str(missing), str(BAD_ENCODING), str(untidy))
    assert result.exit_code == 1
    assert f"{missing}:1:1: F001 cannot read the file" in result.stderr
    assert f"{BAD_ENCODING}:" in result.stderr and " F002 invalid UTF-8" in result.stderr
    assert untidy.read_text(encoding="utf-8") == TIDY  # the good file is still done
    assert "1 file reformatted, 0 files left unchanged, 2 files with errors" in result.stderr
    directory = run(str(tmp_path))
    assert directory.exit_code == 1 and "F001 cannot read the file" in directory.stderr


def test_fmt_reports_a_file_it_cannot_write(untidy: Path, monkeypatch: pytest.MonkeyPatch
                                              ) -> None:
    def refuse(source: str, target: str) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    result = run(str(untidy))
    assert result.exit_code == 1
    assert f"{untidy}: cannot write {untidy}: Permission denied" in result.stderr
    assert untidy.read_bytes() == b"\xef\xbb\xbf" + UNTIDY.encode()
    assert [p.name for p in untidy.parent.iterdir()] == ["game.s40"]


def test_fmt_usage_errors() -> None:
    assert run().exit_code == 2
    assert run("-", "-", stdin=b"").exit_code == 2
    assert run("--bogus", "x.s40").exit_code == 2


def test_fmt_help_says_comments_stay() -> None:
    result = CliRunner().invoke(main, ["fmt", "--help"])
    assert result.exit_code == 0
    assert "Comments stay where they are" in result.stdout
    assert "drops" not in result.stdout


@pytest.mark.slow
def test_fmt_every_fixture_then_check_passes(tmp_path: Path) -> None:
    copies = []
    for path in FIXTURES:
        copy = tmp_path / path.parent.name / path.name
        copy.parent.mkdir(exist_ok=True)
        copy.write_bytes(path.read_bytes())
        copies.append(copy)
    first = run(*map(str, copies))
    assert first.exit_code == 1  # the F002 and F003 fixtures are refused
    refused = {p.name for p in FIXTURES if isinstance(format_log(p.read_bytes()), tuple)}
    assert refused == {"F002-bad-encoding.s40", "F003-syntax-error.s40",
                       "F003-syntax-error-draw-without-card.s40", "F003-not-a-card-lookalike.s40",
                       "G001-missing-players-unreadable-tag.s40",
                       "G007-unreadable-hand-line.s40", "G007-unreadable-hand.s40"}
    for path, copy in zip(FIXTURES, copies, strict=True):
        if path.name in refused:
            assert copy.read_bytes() == path.read_bytes()
    formatted = [str(c) for c in copies if c.name not in refused]
    assert run("--check", *formatted).exit_code == 0


def test_a_generated_fixture_is_already_canonical() -> None:
    """Logs written by a program (tools/make_matches.py), comments and all."""
    text = TWO_PLAYERS.read_text(encoding="utf-8")
    assert ";" in text
    assert format_log(text.encode()) == text
