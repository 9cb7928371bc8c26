"""Fuzzing the whole audit (issue 6): logs built at random from the grammar's pieces,
and random byte-level corruptions of the shipped fixtures and of simulated games.

For every input: :func:`audit_bytes` never raises, the JSON report validates against
``schemas/report.schema.json``, every other format (text, JSON Lines, SARIF, JUnit,
Markdown, HTML) is written without error, and a clean game placed
after the input is still read and judged ``ok``: a problem in one game never breaks
another. Between the input and the clean game comes a ``hand 1`` line, so that the
input ends with an event whatever the corruption did (a game's header is every tag
before its first event: without an event between them, tags would join the clean
game's header, which is the format, not a fault).

Bounded for CI (each test a few seconds); ``fuzz/fuzz_replay.py`` is the same check
for long runs under atheris.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from conftest import ReportCheck
from helpers import load_script
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scala40cli.audit.pipeline import audit_bytes, audit_path
from scala40cli.model.results import FileResult
from scala40cli.reading.fastlines import CARD
from scala40cli.reporting.html_report import html_report
from scala40cli.reporting.json_report import report_document
from scala40cli.reporting.markdown import markdown_report
from scala40cli.reporting.reporters import REPORTERS, make_reporter
from scala40cli.reporting.text_report import render_text

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data" / "hostile"
CLEAN_EVENT = "the clean game after the bad one"
CLEAN = (DATA / "bom-crlf.s40").read_bytes()[3:].replace(b"\r\n", b"\n")
SEPARATOR = b"\nhand 1\n\n"
#: Every shipped log, and bot-written matches (scala40 simulate), as seeds to corrupt.
SEEDS = sorted({*(ROOT / "fixtures").rglob("*.s40"), DATA / "simulated.s40"})
SEED_BYTES = [path.read_bytes() for path in SEEDS]
#: Lines of real logs, to build new logs from.
REAL_LINES = sorted({line for data in SEED_BYTES
                     for line in data.decode("utf-8", "replace").splitlines()
                     if line.strip() and not line.startswith("; expect")})

FUZZ = settings(max_examples=250, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def judge(data: bytes, check_report: ReportCheck) -> FileResult:
    """Audit ``data`` followed by the clean game; check everything that must hold."""
    result = audit_bytes(data + SEPARATOR + CLEAN, "fuzz.s40")
    check_report(json.loads(json.dumps(report_document([result]), ensure_ascii=False)))
    assert render_text([result]).endswith("\n")
    for name in REPORTERS:  # every format is written (github would also write the
        if name != "github":  # job summary of a CI run)
            make_reporter(name).write([result], io.StringIO())
    assert markdown_report([result]) and html_report([result])
    assert result.games, result.errors
    last = result.games[-1]
    assert last.tags and last.tags[0].values == (CLEAN_EVENT,), last.tags
    assert last.ok, [f"{v.line}: {v.code} {v.message}" for v in last.violations]
    assert last.winner == "Bruno"
    for problem in (*result.errors, *(v for g in result.games for v in g.violations)):
        assert problem.line >= 1 and problem.column >= 1
    return result


# --- logs from the grammar's pieces ---------------------------------------------------

_NAMES = ["Anna", "Bruno", "Carla", "Zoe", '"Anna Maria"', "AS", "10", "J.R.", '"score"',
          "hand", "Ánna", '"un\\"closed', '"a\\"b"', "x" * 12]
_BAD_CARDS = ["1Z", "11H", "JK(JK)", "5S(4S)", "XX", "5", "S5", "10", "JK(", "*(5s)", "Ts",
              "10♠", "qh", "5Hx", "-3"]
_CARDS = [*sorted(CARD), "JK(5S)", "jk(10h)", "*(qc)"]
name = st.sampled_from(_NAMES)
card = st.one_of(st.sampled_from(_CARDS), st.sampled_from(_BAD_CARDS))
cards = st.lists(card, max_size=16).map(" ".join)
number = st.one_of(st.integers(-3, 15), st.sampled_from([10**9 - 1, 10**9, 10**15])).map(str)
quoted = st.one_of(name, st.sampled_from(["classic", "scala50", "opening_points", "50", "x",
                                          "/etc/passwd", "free", "none"])).map(
    lambda value: value if value.startswith('"') else f'"{value}"')
tag = st.builds(lambda n, values, end: f"[{n} {' '.join(values)}{end}",
                st.sampled_from(["Players", "Rules", "Rule", "Event", "Teams", "Date", "x"]),
                st.lists(quoted, max_size=7), st.sampled_from(["]", "]", "]", "", " ]]"]))
verb = st.sampled_from(["draw", "take", "meld", "attach", "swap", "discard", "buy", "Draw",
                        "drew", "discards", ""])
turn = st.builds(lambda who, what, args, tail: f"{who} {what} {args}{tail}", name, verb, cards,
                 st.sampled_from(["", "", " to 1", " to 99", " in 2", " to", " in x"]))
line = st.one_of(
    tag, turn, turn, st.sampled_from(REAL_LINES), st.sampled_from(REAL_LINES),
    st.builds(lambda n: f"hand {n}", number),
    st.builds(lambda n: f"dealer {n}", name),
    st.builds(lambda n, c: f"deal {n} {c}", name, cards),
    st.builds(lambda c: f"upcard {c}", card),
    st.builds(lambda c: f"stock {c}", cards),
    st.just("reshuffle"),
    st.builds(lambda pairs: "score " + " ".join(f"{n} {p}" for n, p in pairs),
              st.lists(st.tuples(name, number), max_size=7)),
    st.sampled_from(["", "; a comment", "# another", "\t", "Hand 1", "HAND 2", "hand two",
                     "\ufeffhand 1", "[", "]", '"', "\x00", "\x0c", "\u00a0", "\u2028"]),
    st.text(max_size=30),
)
#: A log starts like a real one most of the time, so that play is reached.
start = st.sampled_from([
    '[Players "Anna" "Bruno" "Carla"]\nhand 1\ndealer Anna\n'
    "deal Anna 4S 8S JS KS 8H JH KH 4D 7D 9C 9C JC QC\n"
    "deal Bruno AS 3S JS QS KS 2H 3H 3H 4H 10H 10D 3C 10C\n"
    "deal Carla 7S AH 5H 6H 9H 4D 10D 2C 6C 8C KC JK JK\nupcard 8D\n",
    '[Players "Anna" "Bruno"]\n', "",
])
line_end = st.sampled_from(["\n", "\n", "\n", "\r\n", " ; end\n", "\t\n", "\n\n"])


@st.composite
def grammar_logs(draw: st.DrawFn) -> bytes:
    lines = draw(st.lists(st.tuples(line, line_end), max_size=40))
    text = draw(start) + "".join(text + end for text, end in lines)
    return text.encode("utf-8", "surrogatepass")


@pytest.mark.slow
@FUZZ
@given(grammar_logs())
def test_random_logs_from_the_grammar(check_report: ReportCheck, log: bytes) -> None:
    judge(log, check_report)


# --- byte-level corruptions of real logs -----------------------------------------------

_INTERESTING = b"\x00\n\r\t \"[];#()\\\xff\xfe\xc3\xe2\x80\x8b\xef\xbb\xbf"
edit = st.tuples(st.sampled_from(["flip", "insert", "delete", "repeat", "cut"]),
                 st.floats(0, 1, exclude_max=True), st.integers(0, 255),
                 st.integers(1, 64))


def corrupt(data: bytes, edits: list[tuple[str, float, int, int]]) -> bytes:
    """``data`` after each edit: a bit flipped, a byte inserted (often one that means
    something to the format), a few bytes deleted or repeated, or the rest cut off."""
    buffer = bytearray(data)
    for kind, where, value, size in edits:
        at = int(where * len(buffer)) if buffer else 0
        if kind == "flip" and buffer:
            buffer[at] ^= 1 << (value % 8)
        elif kind == "insert":
            byte = _INTERESTING[value % len(_INTERESTING)] if value % 2 else value
            buffer[at:at] = bytes([byte])
        elif kind == "delete":
            del buffer[at:at + size]
        elif kind == "repeat":
            buffer[at:at] = buffer[at:at + size]
        elif kind == "cut" and size < 8:  # rarely: most inputs keep their end
            del buffer[at:]
    return bytes(buffer)


@pytest.mark.slow
@FUZZ
@given(st.integers(0, len(SEEDS) - 1), st.lists(edit, min_size=1, max_size=8))
def test_corrupted_fixtures_and_simulated_games(
        check_report: ReportCheck, seed: int, edits: list[tuple[str, float, int, int]]) -> None:
    judge(corrupt(SEED_BYTES[seed], edits), check_report)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(SEEDS) - 1), st.lists(edit, min_size=1, max_size=4))
def test_a_file_and_the_same_bytes_give_the_same_report(
        tmp_path_factory: pytest.TempPathFactory, seed: int,
        edits: list[tuple[str, float, int, int]]) -> None:
    """Reading a file a game at a time gives what reading its bytes at once gives."""
    data = corrupt(SEED_BYTES[seed], edits)
    folder = tmp_path_factory.mktemp("same")
    log = folder / "log.s40"
    log.write_bytes(data)
    assert audit_path(str(log)) == audit_bytes(data, str(log))


@pytest.mark.slow
@FUZZ
@given(st.binary(max_size=400))
def test_random_bytes(check_report: ReportCheck, data: bytes) -> None:
    judge(data, check_report)


# --- the atheris harness runs the same checks ------------------------------------------


HARNESS = load_script(ROOT / "fuzz" / "fuzz_replay.py")


@pytest.mark.slow
def test_the_harness_checks_every_seed_without_atheris() -> None:
    assert HARNESS.CLEAN == CLEAN and HARNESS.SEPARATOR == SEPARATOR
    for data in SEED_BYTES:
        HARNESS.check(data[:8192])  # what -max_len=8192 gives it


def test_the_harness_fails_when_the_clean_game_is_not_ok(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    monkeypatch.setattr(HARNESS, "CLEAN", CLEAN.replace(b"Bruno discard 6D", b"Bruno discard 7D"))
    with pytest.raises(AssertionError, match="the clean game is not ok"):
        HARNESS.check(b"")


@pytest.mark.slow
@settings(max_examples=50, deadline=None)
@given(st.binary(max_size=300))
def test_the_harness_on_random_bytes(data: bytes) -> None:
    HARNESS.check(data)
