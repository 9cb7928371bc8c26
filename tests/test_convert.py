"""``scala40 convert`` and JSON Lines logs: lossless both ways on every fixture and on
simulated matches of every preset, valid against schemas/events.schema.json, and
replayed with the same violations on the same events, named by their JSON line."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from jsonschema import Draft202012Validator

from scala40cli.audit.pipeline import audit_bytes, audit_path
from scala40cli.cli.main import main
from scala40cli.judging.rulebook.rules import PRESETS, RuleChoice
from scala40cli.model.results import FileResult, Problem
from scala40cli.reading.comments import split_comment
from scala40cli.reading.event_base import replace
from scala40cli.reading.events import Event
from scala40cli.reading.jsonl_logs import jsonl_to_s40
from scala40cli.reading.layout import format_log
from scala40cli.reading.parser import parse_text
from scala40cli.reading.resources import schema
from scala40cli.reporting.events_jsonl import s40_to_jsonl
from scala40cli.simulate import game_text, make_setup, simulate_game

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = sorted((ROOT / "fixtures").rglob("*.s40"))
#: Cases of a per-fixture family in the fast suite; the others are marked slow.
FAST_CASES = 8


def cases(paths: list[Path]) -> list[object]:
    """The fixtures as parameters: the first few fast, the rest slow (CI runs all)."""
    return [path if k < FAST_CASES else pytest.param(path, marks=pytest.mark.slow)
            for k, path in enumerate(paths)]
EVENTS = Draft202012Validator(schema("events.schema.json"))
LEGAL = ROOT / "fixtures" / "legal" / "two-players.s40"
VERB_SCHEMAS = {
    verb: Draft202012Validator({**schema("events.schema.json"),
                                "oneOf": [{"$ref": f"#/$defs/{verb}"}]})
    for verb in ("tag", "hand", "dealer", "deal", "upcard", "stock", "reshuffle", "score",
                 "draw", "take", "meld", "attach", "swap", "discard", "buy", "comment_line")
}


def run(*args: str, stdin: bytes | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin, catch_exceptions=False)


def bare(events: tuple[Event, ...]) -> list[Event]:
    """Events without their place, which a conversion changes."""
    return [replace(event, line=0, column=0) for event in events]


def events_of(text: str) -> list[list[Event]]:
    parsed = parse_text(text)
    assert not parsed.errors
    return [bare(game.events) for game in parsed.games]


def check_objects(jsonl: str) -> None:
    """Every line valid against the events schema: the whole schema for the first object
    of each verb, the verb's own definition (the same, faster) for the others."""
    seen: set[str] = set()
    for line in jsonl.splitlines():
        value = json.loads(line)
        verb = value["verb"]
        if verb in seen:
            VERB_SCHEMAS["comment_line" if verb == "comment" else verb].validate(value)
        else:
            EVENTS.validate(value)
            seen.add(verb)


def content(text: str) -> list[object]:
    """The events (without their place) and the comments of a log, in order: what a
    conversion keeps (blank lines and spacing are layout)."""
    parsed = parse_text(text)
    assert not parsed.errors
    events = iter(bare(tuple(e for game in parsed.games for e in game.events)))
    found: list[object] = []
    for number, line in enumerate(text.split("\n"), start=1):
        before, comment = split_comment(line, number)
        if before.strip(" \t\r"):
            found.append(next(events))
        if comment is not None:
            found.append((comment.text, comment.alone))
    return found


def check_round_trip(data: bytes) -> str:
    """s40 -> jsonl -> s40 -> jsonl: the same events and comments, a fixed point."""
    jsonl = s40_to_jsonl(data)
    assert isinstance(jsonl, str)
    check_objects(jsonl)
    back = jsonl_to_s40(jsonl.encode("utf-8"))
    assert isinstance(back, str), back
    assert events_of(back) == events_of(data.decode("utf-8-sig"))
    assert content(back) == content(data.decode("utf-8-sig"))
    assert format_log(back.encode("utf-8")) == back  # written as fmt writes it
    assert s40_to_jsonl(back.encode("utf-8")) == jsonl
    return jsonl


def convertible(path: Path) -> bool:
    return isinstance(format_log(path.read_bytes()), str)


@pytest.mark.parametrize("path", cases(FIXTURES), ids=lambda p: p.name)
def test_every_fixture_converts_both_ways_or_is_refused_as_fmt_refuses(path: Path) -> None:
    data = path.read_bytes()
    formatted = format_log(data)
    if isinstance(formatted, str):
        check_round_trip(data)
    else:
        assert s40_to_jsonl(data) == formatted  # the same F002 / F003 problems


def simulated_log(k: int, name: str) -> str:
    """A whole match under a preset, 2 to 6 players, every level of bot."""
    count = 4 if name == "teams" else 2 + k % 5
    setup = make_setup(players=count, levels=("easy", "normal", "hard")[k % 3],
                       seed=f"convert-{name}", choice=RuleChoice(preset=name))
    return game_text(simulate_game(setup, 1))


@pytest.mark.parametrize(("k", "name"), [
    (k, name) if k < 2 else pytest.param(k, name, marks=pytest.mark.slow)
    for k, name in enumerate(PRESETS)])
def test_simulated_matches_convert_both_ways(k: int, name: str) -> None:
    check_round_trip(simulated_log(k, name).encode("utf-8"))


def event_index_lines(data: bytes) -> dict[int, int]:
    """The s40 line of every event -> the JSON line that stands for it."""
    parsed = parse_text(data.decode("utf-8-sig"))
    lines = [event.line for game in parsed.games for event in game.events]
    jsonl = s40_to_jsonl(data)
    assert isinstance(jsonl, str)
    numbers = [number for number, line in enumerate(jsonl.splitlines(), start=1)
               if json.loads(line)["verb"] != "comment"]
    return dict(zip(lines, numbers, strict=True))


def placed(result: FileResult, lines: dict[int, int] | None = None) -> list[tuple[object, ...]]:
    """Every violation of every game as (game, code, line, hand, player, message)."""
    def line(number: int) -> int:
        return number if lines is None else lines[number]

    def message(problem: Problem) -> str:  # "line 9", "lines 9 and 11": each number mapped
        return re.sub(r"\blines? \d+(?:(?:, | and )\d+)*",
                      lambda m: re.sub(r"\d+", lambda n: str(line(int(n[0]))), m[0]),
                      problem.message)

    return [(game.index, str(v.code), line(v.line), v.hand, v.player, message(v))
            for game in result.games for v in game.violations]


REPLAYED = [p for p in FIXTURES if convertible(p)] + [LEGAL]


@pytest.mark.parametrize("path", cases(REPLAYED), ids=lambda p: p.name)
def test_a_json_lines_log_replays_with_the_same_violations_on_its_lines(path: Path,
                                                                        tmp_path: Path
                                                                        ) -> None:
    data = path.read_bytes()
    jsonl = s40_to_jsonl(data)
    assert isinstance(jsonl, str)
    target = tmp_path / "log.jsonl"
    target.write_text(jsonl, encoding="utf-8")
    s40, json_run = audit_path(str(path)), audit_path(str(target))
    assert not json_run.errors
    assert placed(json_run) == placed(s40, event_index_lines(data))
    for mine, theirs in zip(json_run.games, s40.games, strict=True):
        assert (mine.totals, mine.winner, mine.eliminated, mine.rules) == (
            theirs.totals, theirs.winner, theirs.eliminated, theirs.rules)
        assert all(v.column == 1 for v in mine.violations)


def test_replay_reads_jsonl_by_extension_or_input_format(tmp_path: Path) -> None:
    jsonl = s40_to_jsonl(LEGAL.read_bytes())
    assert isinstance(jsonl, str)
    named = tmp_path / "game.JSONL"
    named.write_text(jsonl, encoding="utf-8")
    other = tmp_path / "game.txt"
    other.write_text(jsonl, encoding="utf-8")
    expected = json.loads(run("replay", "--format", "json", str(LEGAL)).stdout)
    for args, stdin in (((str(named),), None), (("--input-format", "jsonl", str(other)), None),
                        (("--input-format", "jsonl", "-"), jsonl.encode())):
        result = run("replay", "--format", "json", *args, stdin=stdin)
        assert result.exit_code == 0, result.stdout
        games = json.loads(result.stdout)["files"][0]["games"]
        assert [g["totals"] for g in games] == [g["totals"] for g in expected["files"][0]["games"]]
    # Nothing says (neither .jsonl nor .s40): the content does, a line starting with {.
    assert run("replay", str(other)).exit_code == 0
    assert run("replay", "-", stdin=jsonl.encode()).exit_code == 0
    as_s40 = run("replay", "--input-format", "s40", str(other))
    assert as_s40.exit_code == 1 and "F003" in as_s40.stdout


def jsonl_with(data: bytes, number: int, replacement: str) -> bytes:
    """The JSON Lines of ``data`` with line ``number`` replaced."""
    jsonl = s40_to_jsonl(data)
    assert isinstance(jsonl, str)
    lines = jsonl.split("\n")
    lines[number - 1] = replacement
    return "\n".join(lines).encode("utf-8")


@pytest.mark.parametrize(("replacement", "words"), [
    ('{"verb": "draw", "player": "Anna"', "not JSON"),
    ('{"verb": "draws", "player": "Anna", "card": "5S"}', "unknown verb 'draws'"),
    ('{"verb": "draw", "player": "Anna", "card": "1Z"}', "'1Z' is not a card"),
    ('{"verb": "draw", "player": "Anna"}', "a draw needs 'card'"),
    ('{"verb": "draw", "player": "Anna", "card": "5S", "from": "stock"}', "has no 'from'"),
    ('{"verb": "draw", "player": 7, "card": "5S"}', "draw player must be a string"),
    ('{"verb": "attach", "player": "Anna", "cards": ["5S"], "meld": -1}', "not negative"),
    ('{"verb": "meld", "player": "Anna", "cards": ["5S(6S)"]}', "only a joker may declare"),
    ('["draw", "Anna", "5S"]', "one JSON object"),
    ('{"verb": "comment", "text": "no marker"}', "starting with ; or #"),
])
def test_a_bad_json_line_is_an_f003_on_its_line_and_stops_its_hand(replacement: str,
                                                                   words: str) -> None:
    data = LEGAL.read_bytes()
    parsed = parse_text(data.decode("utf-8"))
    events = parsed.games[0].events
    number = next(i for i, e in enumerate(events, start=1) if e.verb == "draw")
    bad = audit_bytes(jsonl_with(data, number, replacement), "bad.jsonl")
    (error,) = bad.errors
    assert (error.code, error.line, error.column) == ("F003", number, 1)
    assert words in error.message, error.message
    # The same line unreadable in the .s40 log: the same judgement of the rest.
    lines = data.decode("utf-8").split("\n")
    lines[events[number - 1].line - 1] = "Anna draws 5S"
    s40 = audit_bytes("\n".join(lines).encode("utf-8"), "bad.s40")
    # A JSON object names its player even when it is no event: the G007 of its line is
    # that player's, where the .s40 line says nothing that can be trusted.
    try:
        named = json.loads(replacement).get("player")
    except (ValueError, AttributeError):  # not JSON, not an object: it names nobody
        named = None
    expected = [(*v[:4], named if v[1] == "G007" and isinstance(named, str) else v[4], v[5])
                for v in placed(s40, event_index_lines(data))]
    assert placed(bad) == expected
    assert "G007" in {str(v.code) for g in bad.games for v in g.violations}


def test_invalid_utf8_and_blank_lines_in_json_lines() -> None:
    jsonl = s40_to_jsonl(LEGAL.read_bytes())
    assert isinstance(jsonl, str)
    lines = jsonl.encode("utf-8").split(b"\n")
    spaced = b"\n".join([lines[0], b"", *lines[1:]])
    assert audit_bytes(spaced, "x.jsonl").ok
    broken = b"\n".join([*lines[:5], b'{"verb": "draw", "player": "\xff"}', *lines[5:]])
    result = audit_bytes(broken, "x.jsonl")
    assert [(e.code, e.line) for e in result.errors] == [("F002", 6)]


@pytest.mark.slow
def test_jobs_give_the_same_result_for_json_lines(tmp_path: Path) -> None:
    data = "\n".join(simulated_log(k, name) for k, name in enumerate(list(PRESETS)[:6])
                     ).encode("utf-8")
    jsonl = s40_to_jsonl(data)
    assert isinstance(jsonl, str)
    target = tmp_path / "many.jsonl"
    target.write_text(jsonl, encoding="utf-8")
    assert audit_path(str(target), jobs=2) == audit_path(str(target))
    assert len(audit_path(str(target)).games) == 6


def test_convert_command_both_ways_and_through_pipes(tmp_path: Path) -> None:
    out = tmp_path / "game.jsonl"
    assert run("convert", str(LEGAL), "-o", str(out)).exit_code == 0
    assert out.read_text(encoding="utf-8") == s40_to_jsonl(LEGAL.read_bytes())
    back = run("convert", str(out))
    assert back.exit_code == 0
    assert content(back.stdout) == content(LEGAL.read_text(encoding="utf-8"))
    assert format_log(back.stdout.encode("utf-8")) == back.stdout
    piped = run("convert", "--input-format", "jsonl", "-", stdin=out.read_bytes())
    assert piped.stdout == back.stdout
    same = run("convert", "--to", "jsonl", str(out))
    assert same.stdout == out.read_text(encoding="utf-8")
    canonical = run("convert", "--to", "s40", str(LEGAL))
    assert canonical.stdout == format_log(LEGAL.read_bytes())


def test_convert_never_writes_over_its_input(tmp_path: Path) -> None:
    log = tmp_path / "game.s40"
    log.write_bytes(LEGAL.read_bytes())
    result = run("convert", str(log), "-o", str(log))
    assert result.exit_code == 2 and log.read_bytes() == LEGAL.read_bytes()


def test_convert_refuses_a_broken_log_and_says_where(tmp_path: Path) -> None:
    broken = ROOT / "fixtures" / "illegal" / "F003-syntax-error.s40"
    result = run("convert", str(broken))
    assert result.exit_code == 1 and result.stdout == ""
    refused = format_log(broken.read_bytes())
    assert isinstance(refused, tuple)
    assert f"{broken}:{refused[0].line}:{refused[0].column}: F003" in result.stderr
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"verb": "hand", "number": 1}\n{"verb": "hand"\n', encoding="utf-8")
    result = run("convert", str(bad))
    assert result.exit_code == 1 and f"{bad}:2:1: F003 not JSON" in result.stderr
    missing = run("convert", str(tmp_path / "none.s40"))
    assert missing.exit_code == 1 and "F001" in missing.stderr


def test_comment_objects_are_read_alone_and_after_an_event() -> None:
    jsonl = s40_to_jsonl(LEGAL.read_bytes())
    assert isinstance(jsonl, str)
    lines = jsonl.splitlines()
    first = json.loads(lines[0])
    with_comments = [json.dumps({**first, "comment": "; the club's tag"}),
                     '{"verb": "comment", "text": "# scorer: Carla"}', *lines[1:]]
    result = audit_bytes("\n".join(with_comments).encode("utf-8"), "c.jsonl")
    plain = audit_bytes(jsonl.encode("utf-8"), "p.jsonl")
    assert result.ok and result.games[0].totals == plain.games[0].totals
    for bad in ('{"verb": "comment", "text": "; two\\nlines"}',
                '{"verb": "comment", "text": "; x", "player": "Anna"}'):
        broken = audit_bytes(f"{bad}\n{jsonl}".encode(), "b.jsonl")
        assert [(e.code, e.line) for e in broken.errors] == [("F003", 1)]


def test_every_verb_of_the_format_has_an_object_in_the_mapping_and_the_schema() -> None:
    from scala40cli.reading import events as event_module
    from scala40cli.reading.events_json import FIELDS

    # Every concrete event class; not by ``vars(cls)`` or ``cls.verb``, which a class
    # compiled by mypyc keeps on its instances only.
    abstract = {event_module.Event, event_module.PlayerEvent, event_module.Unparsed}
    kinds = {cls for cls in vars(event_module).values()
             if isinstance(cls, type) and issubclass(cls, event_module.Event)
             and cls not in abstract}
    assert {kind for kind, _fields in FIELDS.values()} == kinds
    verbs = {kind.verb for kind in kinds}
    if all(isinstance(verb, str) for verb in verbs):  # the pure Python build
        assert set(FIELDS) == verbs
    defined = set(schema("events.schema.json")["$defs"])
    assert set(FIELDS) | {"comment_line"} <= defined
    assert set(VERB_SCHEMAS) == set(FIELDS) | {"comment_line"}


def test_every_verb_round_trips_through_json(tmp_path: Path) -> None:
    """One line of each verb, with odd names and a declared joker, both ways."""
    text = ('[Players "Anna Maria" "hand"]\n[Rule "opening_points" "40"]\n'
            'hand 1\ndealer "Anna Maria"\ndeal "Anna Maria" AS 2S\n'
            'upcard 5S\nstock 9C KD\n"hand" draw 9C\n"hand" take\n"hand" take 5S\n'
            '"hand" meld 4S JK(5S) 6S\n"hand" attach 7S to 1\n"hand" swap 5S in 1\n'
            '"hand" discard KH\n"Anna Maria" buy KH\nreshuffle\n'
            'score "Anna Maria" 29 "hand" -10\n')
    jsonl = check_round_trip(text.encode("utf-8"))
    verbs = [json.loads(line)["verb"] for line in jsonl.splitlines()]
    assert set(verbs) == set(VERB_SCHEMAS) - {"comment_line"}


@pytest.mark.parametrize(("line", "words"), [
    (b"[" * 9000, "nested too deeply"),
    (b'{"verb": "dealer", "player": "\\ud800"}', "half of a UTF-16 pair"),
    (b'{"verb": "hand", "number": NaN}', "NaN is not a JSON value"),
    (b'{"verb": "hand", "number": Infinity}', "Infinity is not a JSON value"),
    (b'{"verb": "hand", "number": 1e400}', "must be a whole number"),
    (b'{"verb": "hand", "number": 1234567890}', "at most nine digits"),
    (b'{"verb": "dealer", "player": "Anna\\nMaria"}', "line break"),
    (b'{"verb": "tag", "name": "Bad Name", "values": []}', "not a tag name"),
    (b'{"verb": "score", "scores": [{"player": "A"}]}', "player and points"),
    (b"x" * 20_000, "the limit is"),
    # more digits than Python converts: a traceback before (found by fuzzing)
    (b'{"verb": "hand", "number": 1' + b"0" * 5_000 + b"}", "a number of more than"),
])
def test_hostile_json_lines_are_problems_in_words_never_tracebacks(line: bytes,
                                                                   words: str) -> None:
    result = audit_bytes(b'{"verb": "tag", "name": "Players", "values": ["A", "B"]}\n'
                         + line + b"\n", "h.jsonl")
    (error,) = result.errors
    assert (error.code, error.line) == ("F003", 2) and words in error.message, error
    report = run("replay", "--format", "json", "--input-format", "jsonl", "-",
                 stdin=b'{"verb": "hand", "number": 1}\n' + line + b"\n")
    assert report.exit_code == 1 and json.loads(report.stdout)["summary"]["file_errors"] == 1


def test_a_number_longer_than_python_converts_is_said_in_our_words_by_convert() -> None:
    """Not Python's message (which names a function to call), nor the line's 5,000
    digits echoed: the words the replay says too."""
    line = b'{"verb": "score", "scores": [{"player": "A", "points": ' + b"9" * 5_000 + b"}]}"
    (problem,) = jsonl_to_s40(b'{"verb": "hand", "number": 1}\n' + line + b"\n")
    assert problem.line == 2 and problem.message.startswith("not an event: a number of more")
    assert problem.context is None


def test_converted_json_escapes_what_a_terminal_or_runner_would_act_on() -> None:
    text = '[Players "A\u009b\u202e" "##[group]B"]\nhand 1\n'.encode()
    jsonl = s40_to_jsonl(text)
    assert isinstance(jsonl, str)
    assert "\u009b" not in jsonl and "\u202e" not in jsonl and "##[" not in jsonl
    assert jsonl_to_s40(jsonl.encode("utf-8")) == format_log(text)


def test_unknown_cards_are_question_marks_in_a_deal_and_a_draw_only() -> None:
    text = ('[Players "Anna" "Bruno"]\nhand 1\ndealer Anna\ndeal Anna ?\n'
            'deal Bruno 2H ? 4H 5H 6H 7S 7D 7C KS KD KC 9D 4C\nupcard 5S\nBruno draw ?\n')
    jsonl = check_round_trip(text.encode("utf-8"))
    objects = [json.loads(line) for line in jsonl.splitlines()]
    deals = [o["cards"] for o in objects if o["verb"] == "deal"]
    assert deals[0] == ["?"] * 13 and deals[1][1] == "?"
    assert [o["card"] for o in objects if o["verb"] == "draw"] == ["?"]
    from_json = audit_bytes(jsonl.encode(), "t.jsonl").games[0].violations
    assert [dataclasses.replace(v, event=None) for v in from_json] == list(
        audit_bytes(text.encode(), "t.s40").games[0].violations)
    for verb in ('{"verb": "discard", "player": "Anna", "card": "?"}',
                 '{"verb": "upcard", "card": "?"}',
                 '{"verb": "stock", "cards": ["?"]}'):
        (error,) = audit_bytes(f"{verb}\n".encode(), "u.jsonl").errors
        assert "stands only in a deal or a draw" in error.message
        assert not EVENTS.is_valid(json.loads(verb))


def test_comments_alone_and_after_events_survive_both_ways() -> None:
    text = ('; a match at the club\n[Players "Anna" "Bruno"]  ; who played\n\n'
            '# first hand\nhand 1\ndealer Anna    ; Anna shuffles\n')
    jsonl = check_round_trip(text.encode("utf-8"))
    objects = [json.loads(line) for line in jsonl.splitlines()]
    assert objects[0] == {"verb": "comment", "text": "; a match at the club"}
    assert objects[1]["comment"] == "; who played"
    assert objects[2] == {"verb": "comment", "text": "# first hand"}
    assert objects[4]["comment"] == "; Anna shuffles"
    back = jsonl_to_s40(jsonl.encode("utf-8"))
    assert isinstance(back, str) and "; Anna shuffles" in back and "# first hand" in back


def test_a_huge_json_line_in_a_file_costs_one_piece_and_is_an_f003(tmp_path: Path) -> None:
    jsonl = s40_to_jsonl(LEGAL.read_bytes())
    assert isinstance(jsonl, str)
    lines = jsonl.encode("utf-8").split(b"\n")
    huge = b'{"verb": "tag", "name": "Event", "values": ["' + b"x" * 300_000 + b'"]}'
    path = tmp_path / "huge.jsonl"
    path.write_bytes(b"\n".join([huge, *lines]))
    result = audit_path(str(path))
    (error,) = result.errors
    assert (error.code, error.line) == ("F003", 1)
    assert "line 1 is 300,048 characters long; the limit is 10,000" in error.message
    assert [g.totals for g in result.games] == [g.totals for g in audit_path(str(LEGAL)).games]


@pytest.mark.parametrize(("event", "line", "said"), [
    ('{"verb": "draw", "player": "Anna", "card": "1OH"}', "Anna draw 1OH",
     "'1OH' is not a card; did you mean 10H?"),
    ('{"verb": "discard", "player": "Anna", "card": "QX"}', "Anna discard QX",
     "'QX' is not a card; did you mean QS, QH, QD or QC?"),
    ('{"verb": "meld", "player": "Anna", "cards": ["5S(6S)", "6S", "7S"]}',
     "Anna meld 5S(6S) 6S 7S", "'5S(6S)': only a joker may declare the card it stands for"),
    ('{"verb": "meld", "player": "Anna", "cards": ["5S", "JK(JK)", "7S"]}',
     "Anna meld 5S JK(JK) 7S", "'JK(JK)': a joker cannot stand for a joker"),
])
def test_a_json_card_is_said_wrong_as_its_s40_line_says_it(event: str, line: str,
                                                          said: str) -> None:
    """A server's JSON gets the typo's card and the joker's words of a .s40 line
    (it said "is not a card: expected a rank ...", and "..., and not a joker")."""
    head = '[Players "Anna" "Bruno"]\nhand 1\n'
    jsonl = (f'{{"verb": "tag", "name": "Players", "values": ["Anna", "Bruno"]}}\n'
             f'{{"verb": "hand", "number": 1}}\n{event}\n')
    (json_error,) = audit_bytes(jsonl.encode(), "bad.jsonl").errors
    (s40_error,) = audit_bytes(f"{head}{line}\n".encode(), "bad.s40").errors
    assert s40_error.message == said
    assert json_error.message.endswith(f": {said}"), json_error.message


@pytest.mark.parametrize(("verb", "said"), [
    ("drew", "unknown verb 'drew' (did you mean draw?): \"verb\" is one of tag, "),
    ("Discard", "unknown verb 'Discard' (did you mean discard?): "),
    ("xyz", "unknown verb 'xyz': \"verb\" is one of "),
    (3, "unknown verb 3: \"verb\" is one of "),
])
def test_a_json_verb_one_typo_away_is_named(verb: object, said: str) -> None:
    """As a .s40 line names the verb meant (``unknown verb 'drw'; did you mean draw?``)."""
    from scala40cli.translation.catalogue import catalogue

    line = json.dumps({"verb": verb, "player": "Anna", "card": "5S"})
    data = f'{{"verb": "tag", "name": "Players", "values": ["Anna", "Bruno"]}}\n{line}\n'
    (error,) = audit_bytes(data.encode(), "bad.jsonl").errors
    assert error.message.startswith(said), error.message
    assert "did you mean" not in catalogue("it").translate(error.message)
