"""A club's inputs through every command that reads logs: paper score sheets (a log of
``hand`` and ``score`` lines only, docs/log-format.md "A paper score sheet") and logs
written with Italian or French words (format 1.2), or a mixture of them line by line.

For each command (replay in each --format and --compare, report, standings, show, view,
review with the stand-in engine, convert both ways, fmt, --check, --diff, --verbs):

- the same game written in English, Italian, French or mixed words gives the same
  verdicts, codes, lines, scores and winner (only the log's own lines, quoted as
  written, differ);
- a paper sheet gives what its page says: its violations (C002 running totals, C006),
  its totals (``show`` of a score line), its eliminations and winner, re-entry under
  ``rientro``, teams, its hands counted by ``standings`` as docs/standings.md says, a
  review that says it has nothing to review, a viewer page;
- ``--lang it`` and ``--lang fr`` say no English word the English output says, but the
  log's own (names, tags, lines) and the few words the languages write alike.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from helpers import fast_sample

from scala40cli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
LEGAL = ROOT / "fixtures" / "legal"
#: A played hand with a violation (C002 on line 25): small, so every command is quick.
PLAYED = ROOT / "fixtures" / "illegal" / "C002-score-mismatch.s40"
LANGUAGES = ("en", "it", "fr")

# --- the club's paper score sheets ------------------------------------------------------

#: docs/log-format.md's sheet: Bruno reaches 110 in hand 3 and is out, Anna wins.
SHEET_2 = ('[Players "Anna" "Bruno"]\n'
           "hand 1\nscore Anna 0 Bruno 60\n"
           "hand 2\nscore Anna 30 Bruno 0\n"
           "hand 3\nscore Anna 0 Bruno 50\n")
#: Three players, dealers written; hand 1's line has nobody at 0 (C006 on line 4).
SHEET_3 = ('[Players "Anna" "Bruno" "Carla"]\n'
           "hand 1\ndealer Anna\nscore Anna 5 Bruno 70 Carla 12\n"
           "hand 2\ndealer Bruno\nscore Anna 0 Bruno 20 Carla 10\n"
           "hand 3\ndealer Carla\nscore Anna 0 Bruno 20 Carla 90\n")
#: docs/examples/sheet.s40: four players, a line of running totals (C002, line 11), a
#: line where nobody closed (C006, line 17).
SHEET_4 = (ROOT / "docs" / "examples" / "sheet.s40").read_text("utf-8")
#: Re-entry (rientro: out at 151 with three players): Bruno out in hand 1, named by hand
#: 2's line, re-enters with the highest total of the players still in (Carla's 12).
REENTRY = ('[Players "Anna" "Bruno" "Carla"]\n[Rules "rientro"]\n'
           "hand 1\nscore Anna 0 Bruno 160 Carla 12\n"
           "hand 2\nscore Anna 0 Bruno 20 Carla 10\n"
           "hand 3\nscore Anna 30 Bruno 0 Carla 20\n")
#: Teams (1st and 3rd against 2nd and 4th, totals summed): Bruno & Dario reach 130.
TEAMS = ('[Players "Anna" "Bruno" "Carla" "Dario"]\n[Rules "teams"]\n'
         "hand 1\nscore Anna 0 Bruno 60 Carla 12 Dario 40\n"
         "hand 2\nscore Anna 20 Bruno 0 Carla 10 Dario 30\n")

#: Each sheet: its text, its (code, line) violations, the totals, who is out in which
#: hand, the winner (None: the match is not over).
SHEETS: dict[str, tuple[str, list[tuple[str, int]], dict[str, int], list[tuple[str, int]],
                        str | None]] = {
    "two": (SHEET_2, [], {"Anna": 30, "Bruno": 110}, [("Bruno", 3)], "Anna"),
    "three-C006": (SHEET_3, [("C006", 4)], {"Anna": 5, "Bruno": 110, "Carla": 112},
                   [("Bruno", 3), ("Carla", 3)], "Anna"),
    "four-C002": (SHEET_4, [("C002", 11), ("C006", 17)],
                  {"Franco": 40, "Elena": 145, "Dario": 112, "Sara": 104},
                  [("Dario", 2), ("Elena", 4), ("Sara", 4)], "Franco"),
    "reentry": (REENTRY, [], {"Anna": 30, "Bruno": 32, "Carla": 42}, [("Bruno", 1)], None),
    "teams": (TEAMS, [], {"Anna": 20, "Bruno": 60, "Carla": 22, "Dario": 70},
              [("Bruno", 2), ("Dario", 2)], "Anna & Carla"),
}


def _run(args: Sequence[str], folder: Path, stdin: str | None = None) -> tuple[int, str, str]:
    cwd = Path.cwd()
    os.chdir(folder)
    try:
        result = CliRunner().invoke(main, list(args), input=stdin)
    finally:
        os.chdir(cwd)
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exc_info
    assert "Traceback" not in result.stderr
    return result.exit_code, result.stdout, result.stderr


def _write(folder: Path, name: str, text: str) -> str:
    (folder / name).write_text(text, encoding="utf-8")
    return name


def _json(args: Sequence[str], folder: Path) -> dict[str, Any]:
    _, out, err = _run(args, folder)
    found = json.loads(out)
    assert isinstance(found, dict), err
    return found


def _games(report: dict[str, Any]) -> list[dict[str, Any]]:
    files = report["files"]
    assert isinstance(files, list)
    return [game for file in files for game in file["games"]]


# --- a sheet gives, in every command, what its page says -------------------------------------


@pytest.mark.parametrize("name", SHEETS)
def test_replay_json_of_a_sheet_gives_its_violations_totals_eliminations_and_winner(
        name: str, tmp_path: Path) -> None:
    text, codes, totals, out, winner = SHEETS[name]
    log = _write(tmp_path, "sheet.s40", text)
    [game] = _games(_json(["replay", "--format", "json", log], tmp_path))
    assert [(v["code"], v["line"]) for v in game["violations"]] == codes
    assert game["totals"] == totals
    assert [(e["player"], e["hand"]) for e in game["eliminated"]] == out
    assert game["winner"] == winner


@pytest.mark.parametrize("name", SHEETS)
def test_every_replay_format_of_a_sheet_says_its_codes_and_exits_as_documented(
        name: str, tmp_path: Path) -> None:
    text, codes, *_ = SHEETS[name]
    log = _write(tmp_path, "sheet.s40", text)
    for form in ("text", "jsonl", "github", "sarif", "junit"):
        status, out, _ = _run(["replay", "--format", form, log], tmp_path)
        assert status == (1 if codes else 0), form
        for code, line in codes:
            assert code in out and str(line) in out, form


@pytest.mark.parametrize("name", SHEETS)
def test_report_of_a_sheet_shows_its_totals_and_winner_in_markdown_and_html(
        name: str, tmp_path: Path) -> None:
    text, codes, totals, _, winner = SHEETS[name]
    log = _write(tmp_path, "sheet.s40", text)
    for form in ("markdown", "html"):
        status, out, _ = _run(["report", "--format", form, log], tmp_path)
        assert status == 0, form  # the report was written and its input read
        assert all(str(total) in out for total in totals.values())
        assert all(code in out for code, _ in codes)
        assert "declared on the score line" in out
        if winner is not None:
            assert winner.replace("&", "\\&" if form == "markdown" else "&amp;") in out


def test_show_of_a_sheet_s_score_line_shows_the_totals_after_it(tmp_path: Path) -> None:
    log = _write(tmp_path, "sheet.s40", SHEET_2)
    status, out, _ = _run(["show", f"{log}:5"], tmp_path)
    assert status == 0
    assert "line 5: score Anna 30 Bruno 0" in out
    assert re.search(r"Anna\s+total\s+30\b", out) and re.search(r"Bruno\s+total\s+60\b", out)
    shown = _json(["show", "--format", "json", f"{log}:7"], tmp_path)
    assert {p["name"]: p["total"] for p in shown["players"]} == {
        "Anna": 30, "Bruno": 110}


def test_show_of_a_re_entry_gives_the_total_the_player_re_entered_with(tmp_path: Path) -> None:
    log = _write(tmp_path, "sheet.s40", REENTRY)
    shown = _json(["show", "--format", "json", f"{log}:6"], tmp_path)
    players = {p["name"]: (p["total"], p["out"]) for p in shown["players"]}
    assert players == {"Anna": (0, False), "Bruno": (32, False), "Carla": (22, False)}


def test_re_entry_under_rules_rientro_on_the_command_line_is_the_tag_s(tmp_path: Path) -> None:
    """``--rules rientro`` replaces the log's preset in replay, report, show and view;
    under classic the same sheet names Bruno after he is out (C003 on line 6)."""
    log = _write(tmp_path, "sheet.s40", REENTRY.replace('[Rules "rientro"]\n', "\n"))
    rientro = ["--rules", "rientro"]
    [game] = _games(_json(["replay", "--format", "json", *rientro, log], tmp_path))
    assert (game["totals"], game["violations"]) == (SHEETS["reentry"][2], [])
    [classic] = _games(_json(["replay", "--format", "json", log], tmp_path))
    assert next((v["code"], v["line"]) for v in classic["violations"]) == ("C003", 6)
    status, out, _ = _run(["report", *rientro, log], tmp_path)
    assert status == 0 and "| **Total** | **30** | **32** | **42** |" in out
    shown = _json(["show", "--format", "json", *rientro, f"{log}:7"], tmp_path)
    assert [p["total"] for p in shown["players"]] == [0, 32, 22]
    status, page, _ = _run(["view", *rientro, log, "-o", "-"], tmp_path)
    assert status == 0 and page.startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("name", SHEETS)
def test_standings_count_a_sheet_s_hands_and_no_opening(name: str, tmp_path: Path) -> None:
    """docs/standings.md: ``Hands`` are the hands dealt in that ended (closed or void), a
    paper score sheet's hands count no opening, a match not over counts its hands only."""
    text, codes, _, out, winner = SHEETS[name]
    log = _write(tmp_path, "sheet.s40", text)
    table = _json(["standings", "--format", "json", "--include-violations", log], tmp_path)
    players = {p["name"]: p for p in table["players"]}
    assert all(p["openings"] == 0 for p in players.values())
    assert {n for n, p in players.items() if p["eliminations"]} == {n for n, _ in out}
    ended = {"two": 3, "three-C006": 2, "four-C002": 3, "reentry": 3, "teams": 2}[name]
    assert players[next(iter(players))]["hands"] <= ended
    assert max(p["hands"] for p in players.values()) == ended
    assert sum(p["closes"] for p in players.values()) == ended
    assert all(p["matches"] == (0 if winner is None else 1) for p in players.values())
    # in teams both partners of the winning pair win (docs/standings.md)
    assert {n for n, p in players.items() if p["wins"]} == (
        set() if winner is None else set(winner.split(" & ")))
    if codes:  # left out without --include-violations
        status, left, _ = _run(["standings", log], tmp_path)
        assert status == 0 and "1 match with violations" in left


def test_standings_average_a_sheet_s_penalties_over_the_hands_that_ended(
        tmp_path: Path) -> None:
    log = _write(tmp_path, "sheet.s40", SHEET_4)
    table = _json(["standings", "--format", "json", "--include-violations", log], tmp_path)
    players = {p["name"]: p for p in table["players"]}
    # hand 4 ended unfinished (C006): it counts for nobody; Dario is out after hand 2
    assert {n: (p["hands"], p["average_penalty"]) for n, p in players.items()} == {
        "Franco": (3, 35 / 3), "Elena": (3, 25.0), "Dario": (2, 56.0), "Sara": (3, 92 / 3)}


def test_standings_count_a_sheet_s_void_hand_as_a_hand_nobody_closed(tmp_path: Path) -> None:
    """A line of zeros is a void hand (docs/log-format.md), and a void hand is one of the
    ``Hands`` that ended (docs/standings.md); nobody closed it."""
    log = _write(tmp_path, "sheet.s40", '[Players "Anna" "Bruno"]\nmano 1\n'
                 "score Anna 0 Bruno 0\nmanche 2\npunti Anna 0 Bruno 40\n")
    table = _json(["standings", "--format", "json", log], tmp_path)
    assert {p["name"]: (p["hands"], p["closes"], p["average_penalty"])
            for p in table["players"]} == {"Anna": (2, 1, 0.0), "Bruno": (2, 0, 20.0)}


@pytest.mark.parametrize("name", SHEETS)
def test_a_sheet_s_viewer_page_is_written(name: str, tmp_path: Path) -> None:
    log = _write(tmp_path, "sheet.s40", SHEETS[name][0])
    status, out, _ = _run(["view", log, "-o", "-"], tmp_path)
    assert status == 0 and out.startswith("<!DOCTYPE html>")
    found = re.search(r'<script type="application/json" id="data">(.*?)</script>', out, re.S)
    assert found is not None
    data = json.loads(found[1])
    assert data["lines"] == SHEETS[name][0].splitlines()


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_review_of_a_sheet_says_it_has_nothing_to_review(language: str,
                                                           tmp_path: Path) -> None:
    """A sheet records no decision: the review says so in words (it printed only a table
    of 0 decisions, ``unrated``), exits 0 (docs/review.md: 1 only for a file unreadable)."""
    log = _write(tmp_path, "sheet.s40", SHEET_2)
    status, out, err = _run(["review", "--engine", "standin", "--lang", language, log],
                            tmp_path)
    assert status == 0, err
    said = {"en": "sheet.s40: game 1: nothing to review: the log records no decision of "
                  "Anna, Bruno (a paper score sheet records only the scores)",
            "it": "sheet.s40: partita 1: niente da esaminare: il registro non riporta "
                  "nessuna decisione di Anna, Bruno (un foglio segnapunti cartaceo riporta "
                  "solo i punti)",
            "fr": "sheet.s40 : partie 1 : rien à examiner : le journal ne donne aucune "
                  "décision pour Anna, Bruno (une feuille de marque sur papier ne donne que "
                  "les points)"}[language]
    assert said in out.splitlines()
    review = _json(["review", "--engine", "standin", "--format", "json", log], tmp_path)
    [game] = _games(review)
    assert game["decisions"] == []
    assert [s["rating"] for s in game["summaries"]] == ["unrated", "unrated"]


@pytest.mark.parametrize(("language", "said"), [
    ("it", "1 file, 1 partita: esame del motore standin ("),
    ("fr", "1 fichier, 1 partie : analyse par le moteur standin (")])
def test_the_review_s_last_line_agrees_with_one_game(language: str, said: str,
                                                     tmp_path: Path) -> None:
    """It read ``1 partita esaminate``, ``1 partie examinées``: a plural participle
    after one game (the count is the catalogue's plural, the participle was not)."""
    log = _write(tmp_path, "sheet.s40", SHEET_2)
    _, out, _ = _run(["review", "--engine", "standin", "--lang", language, log], tmp_path)
    assert out.splitlines()[-1].startswith(said)


def test_a_review_page_of_a_sheet_is_written_and_gives_the_script_its_sentence(
        tmp_path: Path) -> None:
    log = _write(tmp_path, "sheet.s40", SHEET_4)
    status, out, _ = _run(["review", "--engine", "standin", "--format", "html", "--lang", "it",
                           log, "-o", "-"], tmp_path)
    assert status == 0 and out.startswith("<!DOCTYPE html>")
    assert "Niente da esaminare nella partita {game}" in out


def test_a_played_game_is_not_said_to_have_nothing_to_review(tmp_path: Path) -> None:
    log = _write(tmp_path, "game.s40", PLAYED.read_text("utf-8"))
    _, out, _ = _run(["review", "--engine", "standin", log], tmp_path)
    assert "nothing to review" not in out


@pytest.mark.parametrize("name", SHEETS)
def test_a_sheet_converts_to_json_lines_and_back_as_fmt_writes_it(name: str,
                                                                 tmp_path: Path) -> None:
    text, codes, totals, *_ = SHEETS[name]
    log = _write(tmp_path, "sheet.s40", text)
    assert _run(["convert", log, "-o", "sheet.jsonl"], tmp_path)[0] == 0
    assert _run(["convert", "sheet.jsonl", "-o", "back.s40"], tmp_path)[0] == 0
    [game] = _games(_json(["replay", "--format", "json", "sheet.jsonl"], tmp_path))
    assert [v["code"] for v in game["violations"]] == [c for c, _ in codes]
    assert game["totals"] == totals
    _, canonical, _ = _run(["fmt", "-"], tmp_path, stdin=text)
    back = (tmp_path / "back.s40").read_text("utf-8")
    # JSON Lines keep no blank line nor a comment's column: the rest is fmt's
    assert _squeezed(back) == _squeezed(canonical)


def test_a_sheet_s_own_tags_are_written_as_the_language_writes_a_name_and_its_value(
        tmp_path: Path) -> None:
    """French puts a space before a colon: ``Joueurs : ...`` and so ``Event : ...`` (the
    tag's name as the log writes it). It read ``Event: Circolo ...`` under ``Joueurs :``."""
    log = _write(tmp_path, "sheet.s40", SHEET_4)
    _, out, _ = _run(["replay", "--lang", "fr", log], tmp_path)
    assert "\n  Event : Circolo Aurora, Friday night\n  Joueurs : Franco, " in out
    _, out, _ = _run(["replay", "--lang", "it", log], tmp_path)
    assert "\n  Event: Circolo Aurora, Friday night\n  Giocatori: Franco, " in out


def _squeezed(text: str) -> list[str]:
    return [re.sub(r" +;", " ;", line) for line in text.splitlines() if line]


# --- the same game in English, Italian, French and mixed words --------------------------------


def _languages(source: Path, folder: Path) -> dict[str, str]:
    """``source`` written by ``fmt --verbs`` in each language (the same lines, so the
    same line numbers), and a mixture taking line n from language n mod 3."""
    written: dict[str, list[str]] = {}
    for language in LANGUAGES:
        name = _write(folder, f"{language}.s40", source.read_text("utf-8"))
        status, _, err = _run(["fmt", "--verbs", language, name], folder)
        assert status == 0, err
        written[language] = (folder / name).read_text("utf-8").splitlines(keepends=True)
    assert len({len(lines) for lines in written.values()}) == 1
    mixed = "".join(written[LANGUAGES[n % 3]][n] for n in range(len(written["en"])))
    _write(folder, "mix.s40", mixed)
    return {language: f"{language}.s40" for language in (*LANGUAGES, "mix")}


def _same(args: Sequence[str], logs: dict[str, str], folder: Path,
          lines: bool = False) -> None:
    """The command's output (``FILE`` standing for each log) is the same for each
    language but for the file's name, and with ``lines`` its log's quoted lines."""
    outputs = {}
    for language, log in logs.items():
        status, out, err = _run([log if a == "FILE" else a.replace("FILE", log) for a in args],
                                folder)
        out = out.replace(log, "FILE") + err.replace(log, "FILE")
        if lines:
            out = re.sub(r'"lines":\[.*?\],"', '"lines":"', out, flags=re.S)
            out = re.sub(r"^(line|riga|ligne) (\d+)( ?):.*$", r"\1 \2\3:", out, flags=re.M)
            out = re.sub(r'^  "text": ".*",$', '  "text":', out, flags=re.M)
        outputs[language] = (status, out)
    assert outputs["it"] == outputs["en"]
    assert outputs["fr"] == outputs["en"]
    assert outputs["mix"] == outputs["en"]


#: Each command that reads a log; ``FILE`` is the log, the flag says its output quotes
#: the log's lines (``show``'s line, the pages' data).
COMMANDS: list[tuple[tuple[str, ...], bool]] = [
    (("replay", "FILE"), False),
    (("replay", "--format", "json", "FILE"), False),
    (("replay", "--format", "jsonl", "FILE"), False),
    (("replay", "--format", "github", "FILE"), False),
    (("replay", "--format", "sarif", "FILE"), False),
    (("replay", "--format", "junit", "FILE"), False),
    (("replay", "--compare", "classic,rientro,scala50", "FILE"), False),
    (("replay", "--lang", "it", "FILE"), False),
    (("report", "--format", "markdown", "FILE"), False),
    (("report", "--format", "html", "FILE"), False),
    (("report", "--format", "html", "--lang", "fr", "FILE"), False),
    (("standings", "--include-violations", "FILE"), False),
    (("standings", "--include-violations", "--format", "json", "FILE"), False),
    (("standings", "--include-violations", "--format", "html", "FILE"), False),
    (("standings", "FILE"), False),
    (("show", "FILE:20"), True),
    (("show", "--format", "json", "--lang", "fr", "FILE:25"), True),
    (("view", "FILE", "-o", "-"), True),
    (("review", "--engine", "standin", "FILE"), False),
    (("review", "--engine", "standin", "--format", "json", "FILE"), False),
    (("review", "--engine", "standin", "--format", "html", "FILE", "-o", "-"), True),
    (("convert", "FILE", "--to", "jsonl"), False),
]


@pytest.mark.parametrize("command", fast_sample(COMMANDS, 3, lambda c: " ".join(c[0])))
def test_a_played_hand_gives_the_same_in_every_language(
        command: tuple[tuple[str, ...], bool], tmp_path: Path) -> None:
    args, lines = command
    _same(args, _languages(PLAYED, tmp_path), tmp_path, lines)


@pytest.mark.slow
@pytest.mark.parametrize("fixture", ["three-players.s40", "joker-swap.s40"])
def test_a_whole_game_gives_the_same_verdicts_and_scores_in_every_language(
        fixture: str, tmp_path: Path) -> None:
    logs = _languages(LEGAL / fixture, tmp_path)
    for args in (("replay", "--format", "json", "FILE"), ("report", "FILE"),
                 ("replay", "--compare", "classic,rientro", "FILE"),
                 ("standings", "--format", "json", "FILE"), ("show", "FILE:100")):
        _same(args, logs, tmp_path, lines=args[0] == "show")


@pytest.mark.parametrize("name", ["four-C002", "reentry", "teams"])
def test_a_sheet_gives_the_same_in_every_language(name: str, tmp_path: Path) -> None:
    source = _write(tmp_path, "source.s40", SHEETS[name][0])
    logs = _languages(tmp_path / source, tmp_path)
    assert "punti " in (tmp_path / logs["it"]).read_text("utf-8")
    assert "points " in (tmp_path / logs["fr"]).read_text("utf-8")
    for args in (("replay", "--format", "json", "FILE"), ("report", "FILE"),
                 ("standings", "--include-violations", "--format", "json", "FILE"),
                 ("review", "--engine", "standin", "FILE")):
        _same(args, logs, tmp_path)


def test_fmt_check_diff_and_verbs_over_the_languages(tmp_path: Path) -> None:
    """Each language's canonical log is left unchanged; the mixed one is written in the
    language most of its lines use (docs/commands.md), shown by --diff and --check; the
    verbs go round it → fr → en back to the same log."""
    logs = _languages(PLAYED, tmp_path)
    status, _, err = _run(["fmt", "--check", logs["en"], logs["it"], logs["fr"]], tmp_path)
    assert status == 0, err
    status, diff, _ = _run(["fmt", "--diff", logs["mix"]], tmp_path)
    assert status == 0 and diff.startswith("--- mix.s40\n+++ mix.s40\n")
    assert _run(["fmt", "--check", logs["mix"]], tmp_path)[0] == 1
    english = (tmp_path / logs["en"]).read_text("utf-8")
    for language in ("it", "fr", "en"):
        assert _run(["fmt", "--verbs", language, logs["mix"]], tmp_path)[0] == 0
    assert (tmp_path / logs["mix"]).read_text("utf-8") == english


def test_convert_writes_english_words_whatever_the_log_s_language(tmp_path: Path) -> None:
    """docs/log-format.md: "`scala40 convert` and the JSON events are always in English:
    an event has no language, only the line written for it"."""
    logs = _languages(PLAYED, tmp_path)
    english = (tmp_path / logs["en"]).read_text("utf-8")
    for log in logs.values():
        assert _run(["convert", log, "-o", "events.jsonl"], tmp_path)[0] == 0
        status, back, _ = _run(["convert", "events.jsonl", "--to", "s40"], tmp_path)
        assert status == 0
        assert [s for s in back.splitlines() if s] == [s for s in english.splitlines() if s]


# --- --lang it and --lang fr say nothing in English -----------------------------------------

#: Words Italian or French write as English does, or names no language translates.
ALIKE = {"it": {"file", "standin", "classic", "rientro", "teams"},
         "fr": {"total", "violation", "violations", "standin", "classic", "rientro", "teams",
                "points", "table"}}


#: What no language translates: a code's name (``C006 impossible-score``), an option and
#: its value (``--rules PRESET|FILE``, ``heat=6``), the program's name.
NAMES = re.compile(r"\b[A-Z]\d{3}\b[ `]*[a-z]+(?:-[a-z]+)*|--\w+(?: [A-Z|]+\b)?|\w+=[^\s,)]+"
                   r"|scala40")


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[^\W\d_]{3,}", NAMES.sub(" ", text))}


@pytest.mark.parametrize("language", ["it", "fr"])
@pytest.mark.parametrize("args", [
    ("replay", "FILES"), ("report", "--format", "markdown", "FILES"),
    ("standings", "--include-violations", "FILES"), ("show", "sheet-4.s40:11"),
    ("show", "reentry.s40:6"), ("review", "--engine", "standin", "FILES"),
    ("replay", "--compare", "classic,rientro", "FILES")])
def test_the_club_s_outputs_in_italian_and_french_say_no_english_word(
        language: str, args: tuple[str, ...], tmp_path: Path) -> None:
    names = []
    for name, (text, *_) in SHEETS.items():
        names.append(_write(tmp_path, f"sheet-{name.split('-')[0]}.s40".replace(
            "sheet-two", "sheet-2").replace("sheet-three", "sheet-3").replace(
            "sheet-four", "sheet-4").replace("sheet-reentry", "reentry").replace(
            "sheet-teams", "teams"), text))
    names.append(_write(tmp_path, "played.s40", PLAYED.read_text("utf-8")))
    command = [a for arg in args for a in (names if arg == "FILES" else [arg])]
    _, english, _ = _run(command, tmp_path)
    _, other, _ = _run([command[0], "--lang", language, *command[1:]], tmp_path)
    logs = "".join((tmp_path / n).read_text("utf-8") for n in names) + " ".join(names)
    left = (_words(english) & _words(other)) - _words(logs) - ALIKE[language]
    assert not left, sorted(left)
