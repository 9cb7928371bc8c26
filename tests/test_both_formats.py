"""Every command that reads logs reads a JSON Lines log as it reads the same game in
``.s40`` (docs/events-json.md, docs/commands.md "A FILE of replay..."): the games of the
shipped fixtures are written as JSON Lines by ``scala40 convert`` and given by their
``.jsonl`` name, under another name (told by content), on standard input, through a
pattern, with a byte order mark, CR LF line ends, blank lines and comment events. The
verdicts, codes, scores, totals and winners are the same, and so are the JSON documents
but for the file's name and its line numbers, which are the JSON file's own lines.

Three commands did not read JSON Lines at all (``fmt``, ``review``, a folder of
``.jsonl`` logs); this checks every command, so that a fourth does not slip by.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from scala40cli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
#: A few games for the fast run: a legal match, a violation, a match recorded from one
#: seat (``?`` cards), a variant (buying the discard); the slow run takes every fixture.
FAST = ("legal/two-players.s40", "illegal/C002-score-mismatch.s40",
        "table/walk-through.s40", "variants/compra.s40")
ALL = tuple(sorted(str(p.relative_to(FIXTURES))
                   for kind in ("legal", "illegal", "table", "variants")
                   for p in (FIXTURES / kind).glob("*.s40")))
SLOW = tuple(name for name in ALL if name not in FAST)


def _run(arguments: Sequence[str], stdin: bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(arguments), input=stdin)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


@dataclass(frozen=True)
class Written:
    """A game log written one way: its bytes, and the line of each of its events (the
    k-th line that is not blank of the ``.s40`` log is the k-th event)."""

    data: bytes
    lines: tuple[int, ...]


def _s40(name: str) -> Written:
    data = (FIXTURES / name).read_bytes()
    text = data.decode("utf-8-sig")
    lines = tuple(n for n, line in enumerate(text.splitlines(), 1) if line.strip())
    return Written(data, lines)


def _canonical(name: str) -> str:
    code, out, err = _run(["convert", "--to", "jsonl", str(FIXTURES / name)])
    if code == 1 and re.search(r": F00[23] ", err):
        pytest.skip("a log that is not UTF-8 or has a syntax error is not converted "
                    "(docs/events-json.md)")
    assert code == 0, err
    return out


def _objects(name: str) -> list[str]:
    lines = _canonical(name).splitlines()
    assert len(lines) == len(_s40(name).lines), name  # one object a written line
    return lines


def _jsonl(objects: Sequence[str], *, bom: bool = False, crlf: bool = False,
           blank_every: int = 0, comment_every: int = 0) -> Written:
    """The events written as a server might: a byte order mark, CR LF line ends, blank
    lines or comment events between them (the other lines of the file)."""
    out: list[str] = []
    lines: list[int] = []
    for index, line in enumerate(objects):
        if blank_every and index % blank_every == 0:
            out.append("")
        if comment_every and index % comment_every == 1:
            out.append(json.dumps({"verb": "comment", "text": f"; server note {index}"}))
        out.append(line)
        lines.append(len(out))
    end = "\r\n" if crlf else "\n"
    text = ("\ufeff" if bom else "") + end.join(out) + end
    return Written(text.encode("utf-8"), tuple(lines))


#: How a JSON Lines log may be written, each judged as its ``.s40`` form.
SHAPES: dict[str, Callable[[Sequence[str]], Written]] = {
    "canonical": lambda o: _jsonl(o),
    "bom": lambda o: _jsonl(o, bom=True),
    "crlf": lambda o: _jsonl(o, crlf=True),
    "blank-lines": lambda o: _jsonl(o, blank_every=5),
    "comment-events": lambda o: _jsonl(o, comment_every=6),
    "all-at-once": lambda o: _jsonl(o, bom=True, crlf=True, blank_every=3, comment_every=4),
}
#: How the JSON Lines log is named on the command line.
WAYS = ("named", "sniffed", "stdin", "pattern")


@dataclass(frozen=True)
class Given:
    """A log on the command line: the argument, standard input, the name the output
    gives it, and the line of each of its events."""

    argument: str
    stdin: bytes | None
    shown: str
    lines: tuple[int, ...]


def _give(tmp_path: Path, written: Written, way: str) -> Given:
    folder = tmp_path / way
    folder.mkdir(exist_ok=True)
    if way == "stdin":
        return Given("-", written.data, "<stdin>", written.lines)
    log = folder / ("game.log" if way == "sniffed" else "game.jsonl")
    log.write_bytes(written.data)
    argument = str(folder / "*.jsonl") if way == "pattern" else str(log)
    return Given(argument, None, str(log), written.lines)


def _given_s40(tmp_path: Path, name: str) -> Given:
    written = _s40(name)
    log = tmp_path / "s40" / "game.s40"
    log.parent.mkdir(exist_ok=True)
    log.write_bytes(written.data)
    return Given(str(log), None, str(log), written.lines)


_CITED = re.compile(r"(LOG:)(\d+)(?::\d+)?"
                    r"|(\blines? )(\d+(?:(?:, | and )\d+)*)"
                    r"|(line=)(\d+)(?:,col=\d+)?"
                    r'|(name="line" value=")(\d+)')


class Lines:
    """Writes a report of one log with the name ``LOG`` and each line it cites as the
    line of the same event in the JSON Lines log (the column left out: a JSON line's is
    always 1)."""

    def __init__(self, given: Given, into: Given) -> None:
        shown = {given.shown, Path(given.shown).name}
        if given.stdin is not None:
            shown |= {"stdin", "&lt;stdin&gt;"}  # SARIF's uri, and the name in HTML
        self.names = sorted(shown, key=len, reverse=True)
        self.to = dict(zip(given.lines, into.lines, strict=True))

    def line(self, number: int) -> str:
        return str(self.to.get(number, f"?{number}"))

    def text(self, text: str) -> str:
        for name in self.names:
            text = text.replace(name, "LOG")
        return _CITED.sub(self._cited, text)

    def _cited(self, match: re.Match[str]) -> str:
        for group in (1, 3, 5, 7):
            if match.group(group):
                numbers = re.split(r"(, | and )", match.group(group + 1))
                return match.group(group) + "".join(
                    self.line(int(n)) if n.isdigit() else n for n in numbers)
        raise AssertionError(match)

    def document(self, value: Any) -> Any:
        if isinstance(value, dict):
            return {key: self._field(key, item) for key, item in value.items()
                    if key not in DROPPED}
        if isinstance(value, list):
            return [self.document(item) for item in value]
        if isinstance(value, str):
            return self.text(value)
        return value

    def _field(self, key: str, value: Any) -> Any:
        if key in LINE_KEYS and isinstance(value, int):
            return self.line(value)
        if key in LINE_KEYS and isinstance(value, list):
            return [self.line(item) for item in value]
        return self.document(value)


#: The keys of a report that hold a line of the log, and those that only one format
#: has: a column (a JSON line's is always 1), an event's index among the JSON objects,
#: a line's own text (JSON or .s40), and the time a report was written.
LINE_KEYS = frozenset({"line", "end_line", "startLine", "endLine", "first_line",
                       "last_line", "lines"})
DROPPED = frozenset({"column", "startColumn", "endColumn", "end_column", "event", "text",
                     "generated", "elapsed"})


def _same(name: str, tmp_path: Path, arguments: Sequence[str],
          shapes: Sequence[str] = tuple(SHAPES), ways: Sequence[str] = WAYS,
          parse: Callable[[str], Any] = json.loads) -> None:
    """``scala40 ARGUMENTS LOG`` writes the same for the game ``name`` in .s40 and in
    JSON Lines written each of ``shapes`` and given each of ``ways``."""
    objects = _objects(name)
    s40 = _given_s40(tmp_path, name)
    code, out, _err = _run([*arguments, s40.argument])
    for shape in shapes:
        for way in ways:
            given = _give(tmp_path, SHAPES[shape](objects), way)
            got = _run([*arguments, given.argument], given.stdin)
            where = f"{name} as {shape}, {way}"
            assert got[0] == code, (where, got)
            expected = Lines(s40, given).document(parse(out))
            assert Lines(given, given).document(parse(got[1])) == expected, where


def _lines(text: str) -> list[str]:
    return text.splitlines()


def _json_lines(text: str) -> list[Any]:
    return [json.loads(line) for line in text.splitlines()]


#: Each command that judges logs, with the options that change how it reads or
#: writes them, and how its output is read.
JUDGING: dict[str, tuple[tuple[str, ...], Callable[[str], Any]]] = {
    "replay": (("replay",), _lines),
    "replay-json": (("replay", "--format", "json"), json.loads),
    "replay-jsonl": (("replay", "--format", "jsonl"), _json_lines),
    "replay-github": (("replay", "--format", "github"), _lines),
    "replay-sarif": (("replay", "--format", "sarif"), json.loads),
    "replay-junit": (("replay", "--format", "junit"), _lines),
    "replay-jobs": (("replay", "--format", "json", "--jobs", "2"), json.loads),
    "replay-compare": (("replay", "--compare", "classic,strict", "--format", "json"),
                       json.loads),
    "report-markdown": (("report", "--format", "markdown"), _lines),
    "report-html": (("report", "--format", "html"), _lines),
    "standings": (("standings", "--format", "json", "--include-violations"), json.loads),
    "review": (("review", "--engine", "standin", "--all"), _lines),
    "review-json": (("review", "--engine", "standin", "--all", "--format", "json"),
                    json.loads),
}


@pytest.mark.parametrize("command", sorted(JUDGING))
def test_a_command_judges_json_lines_as_the_same_game_in_s40(command: str,
                                                              tmp_path: Path) -> None:
    arguments, parse = JUDGING[command]
    if command.startswith("review"):  # a review takes a second a game: see below
        _same(FAST[1], tmp_path, arguments, shapes=("all-at-once",),
              ways=("named", "stdin"), parse=parse)
    else:
        _same(FAST[1], tmp_path, arguments, parse=parse)


@pytest.mark.slow
@pytest.mark.parametrize("name", FAST)
@pytest.mark.parametrize("command", ("review", "review-json"))
def test_review_reads_json_lines_written_any_way(command: str, name: str,
                                                 tmp_path: Path) -> None:
    arguments, parse = JUDGING[command]
    _same(name, tmp_path, arguments, parse=parse)


@pytest.mark.parametrize("name", FAST)
def test_replay_judges_the_fast_games_the_same(name: str, tmp_path: Path) -> None:
    _same(name, tmp_path, ("replay", "--format", "json"), shapes=("all-at-once",),
          ways=("named", "stdin"))


#: The slow run's pairs: every fixture with a quarter of the commands, in turn, so that
#: every command meets a quarter of the fixtures (the whole square, 2,457 pairs, took 13
#: minutes of a CI run that runs twice, for what a quarter of it shows).
PAIRS = tuple((command, name) for i, name in enumerate(SLOW)
              for j, command in enumerate(sorted(JUDGING)) if (i + j) % 4 == 0)


@pytest.mark.slow
@pytest.mark.parametrize(("command", "name"), PAIRS)
def test_every_fixture_is_judged_the_same_in_both_formats(command: str, name: str,
                                                          tmp_path: Path) -> None:
    arguments, parse = JUDGING[command]
    _same(name, tmp_path, arguments, shapes=("canonical", "all-at-once"),
          ways=("named", "stdin"), parse=parse)


def _shown_lines(name: str) -> list[int]:
    """The lines of the .s40 log ``show`` is asked about: every tenth event, the last,
    and each line with a violation."""
    lines = list(_s40(name).lines)
    _code, out, _err = _run(["replay", "--format", "json", str(FIXTURES / name)])
    cited = {v["line"] for f in json.loads(out)["files"] for g in f["games"]
             for v in g["violations"]}
    return sorted({*lines[::10], lines[-1], *cited})


@pytest.mark.parametrize("way", WAYS)
def test_show_holds_the_same_table_on_the_json_line_of_the_event(way: str,
                                                                 tmp_path: Path) -> None:
    name = "illegal/C002-score-mismatch.s40"
    s40 = _given_s40(tmp_path, name)
    given = _give(tmp_path, SHAPES["all-at-once"](_objects(name)), way)
    argument = given.argument
    if way == "pattern":  # show reads one file
        argument = given.shown
    lines = Lines(s40, given)
    for line in _shown_lines(name):
        code, out, _err = _run(["show", "--format", "json", f"{s40.argument}:{line}"])
        at = lines.line(line)
        got = _run(["show", "--format", "json", "--", f"{argument}:{at}"], given.stdin)
        assert got[0] == code, (line, got)
        assert json.loads(got[1])["line"] == int(at)
        assert Lines(given, given).document(json.loads(got[1])) == lines.document(
            json.loads(out)), (way, line)


def _page(path: Path) -> dict[str, Any]:
    html = path.read_text("utf-8")
    data = html.split('<script type="application/json" id="data">')[1].split("</script>")[0]
    loaded: dict[str, Any] = json.loads(data)
    return loaded


@pytest.mark.parametrize("way", WAYS)
def test_view_shows_the_same_games_on_the_json_lines(way: str, tmp_path: Path) -> None:
    name = "table/walk-through.s40"
    s40 = _given_s40(tmp_path, name)
    written = SHAPES["all-at-once"](_objects(name))
    given = _give(tmp_path, written, way)
    pages = []
    for log in (s40, given):
        page = tmp_path / f"page-{len(pages)}.html"
        code, _out, err = _run(["view", "-o", str(page), log.argument], log.stdin)
        assert code == 0, err
        pages.append(_page(page))
    expected, got = pages
    text = written.data.decode("utf-8-sig").replace("\r\n", "\n").split("\n")
    assert got["lines"] == text[:len(got["lines"])]  # the JSON file's own lines
    assert got["parts"] == expected["parts"] and got["errors"] == expected["errors"]
    assert [_view_game(Lines(given, given), g) for g in got["games"]] == [
        _view_game(Lines(s40, given), g) for g in expected["games"]]


def _view_game(lines: Lines, game: dict[str, Any]) -> dict[str, Any]:
    """A game of the viewer's page, its lines (``first``, ``last``, ``lines``) those
    of the JSON file (its tables, a compact encoding of each line's table, left out)."""
    return {key: ([lines.line(n) for n in value] if key == "lines"
                  else lines.line(value) if key in ("first", "last")
                  else lines.document(value))
            for key, value in game.items() if key != "tables"}


def _canonical_of(written: Written) -> str:
    """The canonical JSON Lines of a log: its events, comments included, one a line."""
    events = [line for line in written.data.decode("utf-8-sig").splitlines() if line]
    return "".join(json.dumps(json.loads(line)) + "\n" for line in events)


@pytest.mark.parametrize("shape", sorted(SHAPES))
@pytest.mark.parametrize("way", WAYS[:3])
def test_convert_gives_the_same_log_from_json_lines_written_any_way(
        shape: str, way: str, tmp_path: Path) -> None:
    """JSON Lines to JSON Lines gives its canonical form (its events, comments included,
    one a line: no mark, no CR, no blank line), and to .s40 a log in canonical form
    (``fmt`` leaves it) that holds the same events, however they were written and given
    (docs/events-json.md: blank lines are layout)."""
    name = "table/walk-through.s40"
    written = SHAPES[shape](_objects(name))
    canonical = _canonical_of(written)
    given = _give(tmp_path, written, way)
    code, out, err = _run(["convert", "--to", "jsonl", given.argument], given.stdin)
    assert (code, err, out) == (0, "", canonical), (shape, way)
    code, out, err = _run(["convert", "--to", "s40", given.argument], given.stdin)
    assert (code, err) == (0, ""), (shape, way)
    log = tmp_path / "converted.s40"
    log.write_text(out, encoding="utf-8")
    assert _run(["fmt", "--check", str(log)])[0] == 0
    assert _run(["convert", "--to", "jsonl", str(log)])[1] == canonical


@pytest.mark.parametrize("shape", sorted(SHAPES))
@pytest.mark.parametrize("way", ("named", "sniffed"))
def test_fmt_puts_json_lines_written_any_way_in_canonical_form(
        shape: str, way: str, tmp_path: Path) -> None:
    name = "variants/compra.s40"
    written = SHAPES[shape](_objects(name))
    canonical = _canonical_of(written)
    given = _give(tmp_path, written, way)
    changed = written.data != canonical.encode()
    code, _out, err = _run(["fmt", "--check", given.argument])
    assert code == int(changed), err
    code, diff, err = _run(["fmt", "--diff", given.argument])
    assert code == 0 and bool(diff) == changed, err
    assert all(not line.startswith("+") or line.startswith("+++") or
               json.loads(line[1:]) for line in diff.splitlines())
    assert _run(["fmt", given.argument])[0] == 0
    assert Path(given.shown).read_text("utf-8") == canonical
    assert _run(["fmt", "--check", given.argument])[0] == 0


def test_fmt_reads_standard_input_as_s40_as_documented() -> None:
    """docs/commands.md: "Standard input (`fmt -`) is read as a `.s40` log" (as JSON
    Lines with `--input-format jsonl`, tests/test_fmt_jsonl.py); `scala40 convert - --to
    jsonl` puts JSON Lines from a pipe in canonical form too."""
    name = "legal/two-players.s40"
    objects = _objects(name)
    code, _out, err = _run(["fmt", "--check", "-"], "\n".join(objects).encode())
    assert code == 1 and err.count("F003") == 1
    assert "<stdin>:1:1: F003 the file holds JSON Lines events" in err
    code, out, _err = _run(["convert", "-", "--to", "jsonl"], "\n".join(objects).encode())
    assert (code, out) == (0, _canonical(name))


#: Each command that reads logs, and how it cites a problem of the file's line LINE.
CITING: dict[str, tuple[tuple[str, ...], str]] = {
    "replay": (("replay",), "LOG:LINE:1: F003 unknown verb 'drew'"),
    "report": (("report", "--format", "markdown"), "`LOG` line LINE: `F003` unknown verb"),
    "standings": (("standings",), "LOG:LINE: file error: F003 unknown verb 'drew'"),
    "review": (("review", "--engine", "standin", "--all"), "LOG:LINE:1: F003 unknown verb"),
    "convert": (("convert",), "LOG:LINE:1: F003 unknown verb 'drew'"),
    "show": (("show",), "LOG:LINE:1: G007 line LINE could not be read"),
    "fmt": (("fmt", "--check"), "LOG:LINE:1: F003 unknown verb 'drew'"),
}


@pytest.mark.parametrize(("command", "way"), [
    (command, way) for command in sorted(CITING) for way in ("named", "sniffed", "stdin")
    if (command, way) != ("fmt", "stdin")])  # fmt - reads .s40: see the test above
def test_a_problem_cites_the_line_of_the_json_file(command: str, way: str,
                                                   tmp_path: Path) -> None:
    objects = _objects("illegal/C002-score-mismatch.s40")
    wrong = next(i for i, line in enumerate(objects) if '"verb": "draw"' in line)
    objects[wrong] = objects[wrong].replace('"draw"', '"drew"')
    written = SHAPES["all-at-once"](objects)
    given = _give(tmp_path, written, way)
    arguments, cited = CITING[command]
    _code, out, err = _run([*arguments, given.argument], given.stdin)
    expected = cited.replace("LOG", given.shown).replace("LINE", str(written.lines[wrong]))
    assert expected in out + err, (out, err)


@pytest.mark.parametrize("command", sorted(CITING))
@pytest.mark.parametrize("wrong", ["JSON Lines named .s40", ".s40 named .jsonl"])
def test_a_file_in_the_other_format_than_its_name_is_one_problem(command: str, wrong: str,
                                                                  tmp_path: Path) -> None:
    """A name that says the other format gives one problem for the file, saying which
    name or option reads it; it gave one syntax error a line (26 for a small game)."""
    name = "legal/two-players.s40"
    if wrong.startswith("JSON"):
        log, words = tmp_path / "game.s40", "the file holds JSON Lines events"
        log.write_text(_canonical(name), encoding="utf-8")
    else:
        log, words = tmp_path / "game.jsonl", "the file is a .s40 log"
        log.write_bytes((FIXTURES / name).read_bytes())
    arguments, _cited = CITING[command]
    code, out, err = _run([*arguments, str(log)])
    said = out + err
    assert code == 1
    assert said.count(words) == 1, said[:1000]
    assert said.count("F003") == 1, said[:1000]


@pytest.mark.parametrize("command", ("replay", "report", "show", "view", "convert"))
def test_the_help_says_a_file_of_another_name_is_read_by_its_content(command: str) -> None:
    """Every command tells JSON Lines by content when the name does not say
    (docs/commands.md); the help of show, view and convert said a FILE not ending in
    .jsonl was read as .s40."""
    _code, out, _err = _run([command, "--help"])
    assert "by the content" in " ".join(out.split())
    assert "else s40" not in out


def test_a_report_links_a_log_only_to_its_own_viewer_page(tmp_path: Path) -> None:
    """A log and its JSON Lines form side by side (``convert game.s40 -o game.jsonl``)
    have the same page, ``game.html``: the report of one linked its lines to the page of
    the other, where those lines are other events."""
    name = "illegal/C002-score-mismatch.s40"
    s40 = tmp_path / "game.s40"
    s40.write_bytes((FIXTURES / name).read_bytes())
    jsonl = tmp_path / "game.jsonl"
    jsonl.write_text(_canonical(name), encoding="utf-8")
    report = tmp_path / "report.html"
    for viewed, linked in ((jsonl, s40), (s40, jsonl)):
        assert _run(["view", str(viewed)])[0] == 0
        for log in (viewed, linked):
            assert _run(["report", "-o", str(report), str(log)])[0] == 0
            links = re.findall(r'href="game\.html#L(\d+)"', report.read_text("utf-8"))
            cited = _run(["replay", "--format", "json", str(log)])[1]
            lines = [str(v["line"]) for g in json.loads(cited)["files"][0]["games"]
                     for v in g["violations"]]
            if log == viewed:
                assert set(lines) <= set(links), (viewed, links)
            else:
                assert links == [], (viewed, log)


@pytest.mark.parametrize(("name", "first"), [
    ("game.s40", '{Players "Anna" "Bruno"]'),     # a tag's [ with one bit flipped
    ("game.s40", '{"verb": "tag", "name": "Players"'),  # no whole object
    ("game.jsonl", ';"verb": "tag", "name": "Players", "values": ["Anna", "Bruno"]}'),
])
def test_a_first_line_broken_at_its_first_byte_hides_no_game_after_it(
        name: str, first: str, tmp_path: Path) -> None:
    """Only a whole line of the other format makes the file one problem: a first line
    broken at its first byte is one line's problem, and the games after it are read."""
    game = (FIXTURES / "legal/two-players.s40").read_text("utf-8")
    text = game if name.endswith(".s40") else _canonical("legal/two-players.s40")
    log = tmp_path / name
    log.write_text(first + "\n" + text, encoding="utf-8")
    code, out, _err = _run(["replay", "--format", "json", str(log)])
    (file,) = json.loads(out)["files"]
    assert code == 1 and file["games"], file
    assert [e["line"] for e in file["errors"]] == [1]
