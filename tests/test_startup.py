"""Start-up: what a command imports, and the parser kept in the user's cache folder.

``scala40 --version`` runs at every pre-commit hook, so it must import click and nothing
of the referee; a replay imports what its format needs and no more; the built parser is
read back from the cache folder, and a stale, broken or unwritable cache only costs time.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from lark import __version__ as lark_version

import scala40cli
from scala40cli.cli import choices
from scala40cli.reading import lark_parser as parser_module
from scala40cli.reading.lark_events import EventBuilder
from scala40cli.reading.lark_parser import cached_lark
from scala40cli.reading.parser import parse_text
from scala40cli.reading.resources import cache_folder, grammar_text, keyed_cache_file
from scala40cli.reporting import reporters
from scala40cli.reporting.ci_reports import DEFAULT_MAX_ANNOTATIONS
from scala40cli.reporting.reporters import REPORTERS, make_reporter

ROOT = Path(__file__).resolve().parent.parent
LEGAL = sorted((ROOT / "fixtures" / "legal").glob("*.s40"))[0]

PROBE = """
import contextlib, io, json, sys
from scala40cli.cli.main import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        main(sys.argv[1:], standalone_mode=False)
    except SystemExit:
        pass
print(json.dumps(sorted(sys.modules)))
"""


def modules_after(*arguments: str, cache: Path | None = None) -> set[str]:
    """The modules imported by a fresh interpreter running ``scala40 ARGUMENTS``."""
    env = dict(os.environ)
    if cache is not None:
        env["XDG_CACHE_HOME"] = str(cache)
    done = subprocess.run([sys.executable, "-c", PROBE, *arguments], capture_output=True,
                          text=True, check=True, cwd=ROOT, env=env)
    return set(json.loads(done.stdout.splitlines()[-1]))


HEAVY = {"lark", "jsonschema", "difflib", "concurrent.futures", "multiprocessing",
         "scala40cli.audit.pipeline", "scala40cli.judging.match.referee",
         "scala40cli.reading.parser",
         "scala40cli.reporting.text_report", "scala40cli.reporting.ci_reports",
         "scala40cli.reporting.html_report", "scala40cli.simulate"}


def test_version_imports_click_and_nothing_of_the_referee() -> None:
    loaded = modules_after("--version")
    assert "click" in loaded
    assert not loaded & HEAVY


#: What the command line is built of at start: the group, the commands' declarations,
#: the shared options and their vocabularies, the exit statuses.
DECLARATIONS = {"scala40cli", "scala40cli.version", "scala40cli.cli", "scala40cli.cli.main",
                "scala40cli.cli.group", "scala40cli.cli.choices", "scala40cli.cli.options",
                "scala40cli.cli.status", "scala40cli.cli.stopping"}


def test_version_imports_the_declarations_and_no_command() -> None:
    loaded = {name for name in modules_after("--version") if name.startswith("scala40")}
    assert loaded <= DECLARATIONS


@pytest.mark.slow
def test_a_text_replay_imports_neither_jsonschema_nor_the_other_reporters(
        tmp_path: Path) -> None:
    loaded = modules_after("replay", str(LEGAL), cache=tmp_path)
    assert {"scala40cli.judging.match.referee", "scala40cli.reporting.text_report"} <= loaded
    unused = {"jsonschema", "concurrent.futures", "scala40cli.reporting.ci_reports",
              "scala40cli.reporting.html_report", "scala40cli.reporting.markdown",
              "scala40cli.simulate"}
    assert not loaded & (unused | NOT_FOR_ONE_SERIAL_RUN)


#: What a serial replay of a ``.s40`` file, with no rules file and no misspelt name,
#: does not need: the workers' pickling, JSON Lines input, rules files (and the
#: hashing of the parser cache's key), temporary files, the did-you-mean hints,
#: ``xml.sax.saxutils``, which imports ``urllib.request``, ``http`` and ``email``, and
#: the engine of ``--dask`` (the audit's other engine).
NOT_FOR_ONE_SERIAL_RUN = {
    "pickle", "scala40cli.audit.parallel", "scala40cli.reading.jsonl_logs",
    "scala40cli.audit.rulesfile", "hashlib", "tempfile", "difflib",
    "xml.sax.saxutils", "urllib.request", "http.client", "email",
    "scala40cli.audit.dask_engine", "scala40cli.dask_audit", "dask", "fsspec"}


@pytest.mark.slow
@pytest.mark.parametrize("report", ["jsonl", "github", "sarif"])
def test_a_ci_format_imports_only_what_a_serial_run_needs(report: str,
                                                          tmp_path: Path) -> None:
    loaded = modules_after("replay", "--format", report, str(LEGAL), cache=tmp_path)
    assert "scala40cli.reporting.ci_reports" in loaded
    assert not loaded & NOT_FOR_ONE_SERIAL_RUN


@pytest.mark.slow
def test_lark_is_loaded_only_for_a_line_the_fast_path_leaves(tmp_path: Path) -> None:
    # Every line of the legal fixture is read by the fast path: the grammar is not needed.
    assert "lark" not in modules_after("replay", str(LEGAL), cache=tmp_path)
    broken = tmp_path / "broken.s40"
    broken.write_text(LEGAL.read_text(encoding="utf-8") + "Anna draws 5H\n", encoding="utf-8")
    assert "lark" in modules_after("replay", str(broken), cache=tmp_path)


def test_a_rules_file_still_loads_jsonschema(tmp_path: Path) -> None:
    rules = tmp_path / "house.toml"
    rules.write_text('preset = "classic"\n', encoding="utf-8")
    assert "jsonschema" in modules_after("replay", "--rules", str(rules), str(LEGAL),
                                         cache=tmp_path)


def test_the_format_registry_names_every_reporter_and_its_defaults() -> None:
    assert list(REPORTERS) == list(choices.REPLAY_FORMATS)
    assert all(type(make_reporter(name)) is REPORTERS[name]
               for name in choices.REPLAY_FORMATS)
    assert choices.DEFAULT_MAX_ANNOTATIONS == DEFAULT_MAX_ANNOTATIONS
    assert make_reporter("github", max_annotations=3).max_annotations == 3  # type: ignore[attr-defined]
    assert make_reporter("github").max_annotations == DEFAULT_MAX_ANNOTATIONS  # type: ignore[attr-defined]


@pytest.mark.parametrize("registry", ["COMPARISON_FORMATS", "SCORE_REPORT_FORMATS",
                                      "RULES_FORMATS"])
def test_the_command_line_offers_the_formats_of_each_registry(registry: str) -> None:
    assert list(getattr(reporters, registry)) == list(getattr(choices, registry))


# --- the parser's cache -------------------------------------------------------------------

LINES = '[Event "Club"]\nhand 1\ndealer Anna\nAnna draw 5H\n'


def build(path_home: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[int, Path]:
    """Build the parser with ``path_home`` as the cache home; (events parsed, cache file)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(path_home))
    builder = EventBuilder()
    lark = cached_lark(grammar_text(), builder)
    builder.sink, builder.offset = [], 0
    lark.parse(LINES)
    files = sorted((path_home / "scala40").glob("parser-*.cache"))
    return len(builder.sink), (files[0] if files else path_home / "none")


@pytest.mark.slow
def test_the_parser_is_saved_once_then_read_back(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    events, saved = build(tmp_path, monkeypatch)
    assert events == 4 and saved.is_file()
    assert not [p for p in saved.parent.iterdir() if p.name.endswith(".tmp")]
    before = saved.stat().st_mtime_ns, saved.read_bytes()
    assert builds_while(lambda: build(tmp_path, monkeypatch), monkeypatch) == 0
    assert (saved.stat().st_mtime_ns, saved.read_bytes()) == before


def builds_while(action: Callable[[], object], monkeypatch: pytest.MonkeyPatch) -> int:
    """How many times Lark builds its parser tables during ``action``."""
    calls: list[int] = []
    real = parser_module.Lark._build_parser  # type: ignore[attr-defined]

    def counting(self: object) -> object:
        calls.append(1)
        return real(self)

    with monkeypatch.context() as patch:
        patch.setattr(parser_module.Lark, "_build_parser", counting)
        action()
    return len(calls)


@pytest.mark.slow
@pytest.mark.parametrize("content", [b"", b"garbage\n", b"\x80\x04K\x01.", None, b"code"])
def test_a_broken_or_stale_cache_file_is_built_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: bytes | None) -> None:
    _, saved = build(tmp_path, monkeypatch)
    good = saved.read_bytes()
    first, _, rest = good.partition(b"\n")
    if content is None:  # stale: a file of another grammar under this name
        content = b"0" * len(first) + b"\n" + rest
    elif content == b"code":  # never run: the file is read as literals only
        content = first + b"\n__import__('os')._exit(7)\n"
    saved.write_bytes(content)
    assert builds_while(lambda: build(tmp_path, monkeypatch), monkeypatch) == 1
    assert saved.read_bytes().partition(b"\n")[0] == good.partition(b"\n")[0]
    assert builds_while(lambda: build(tmp_path, monkeypatch), monkeypatch) == 0  # whole again
    assert build(tmp_path, monkeypatch) == (4, saved)
    assert not [p for p in saved.parent.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.slow
def test_an_unwritable_cache_folder_only_costs_time(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    events, saved = build(blocker, monkeypatch)  # $XDG_CACHE_HOME/scala40 cannot be made
    assert events == 4 and not saved.exists()
    if os.geteuid() != 0:  # root writes anywhere
        locked = tmp_path / "locked"
        (locked / "scala40").mkdir(parents=True)
        (locked / "scala40").chmod(0o500)
        assert build(locked, monkeypatch)[0] == 4
        assert list((locked / "scala40").iterdir()) == []


def test_the_cache_folder_follows_xdg_and_never_the_package(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_folder() == tmp_path / "scala40"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")  # ignored, as XDG says
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache_folder() == tmp_path / "home" / ".cache" / "scala40"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache_folder() == tmp_path / "home" / ".cache" / "scala40"
    package = Path(scala40cli.__file__).resolve().parent
    found = keyed_cache_file("parser", grammar_text(), lark_version)
    assert found is not None and package not in found.resolve().parents


def test_the_cache_file_changes_with_the_grammar_and_lark() -> None:
    one = keyed_cache_file("parser", grammar_text(), lark_version)
    assert one == keyed_cache_file("parser", grammar_text(), lark_version)
    assert one != keyed_cache_file("parser", grammar_text() + "\n", lark_version)
    assert one != keyed_cache_file("parser", grammar_text(), lark_version + ".post1")


@pytest.mark.slow
def test_the_cached_parser_reads_what_a_fresh_one_reads(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    text = LEGAL.read_text(encoding="utf-8")
    fresh = parse_text(text, fast_path=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    parser_module.shared_lark.cache_clear()
    try:
        parse_text(text, fast_path=False)  # builds and saves
        parser_module.shared_lark.cache_clear()
        assert parse_text(text, fast_path=False) == fresh  # reads back
    finally:
        parser_module.shared_lark.cache_clear()
