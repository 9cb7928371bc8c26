"""``scala40 report`` (Markdown, HTML), the GitHub job summary and ``replay --compare``
in Italian and French: every word of theirs comes from the catalogue, the values of the
log (names, cards, codes and their names, tags, paths) are kept as written and, in HTML,
escaped; the JSON stays English.

How "every word" is checked: the report of the same games is written in English and in
the language; a word (three letters or more) of the English report found again in the
other is a word the catalogue did not give, unless it is a value of the log (a player,
a tag, a path, a preset or rule key, a code's name, a line of the log quoted) or one of
the few words the two languages write alike, listed here. The games are chosen to show
every part: eliminations, a closing in one go, a void hand, violations, a file error, a
penalty taken as declared, teams, a winner and none, viewer links.

Each test fails on the code before the reports spoke Italian and French: their words
were English whatever ``--lang`` said.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from test_score_reports import evil_result

from scala40cli.audit.pipeline import audit_path
from scala40cli.cli.main import main
from scala40cli.model.results import Closing, FileResult, GameResult, Problem
from scala40cli.reporting.compare import compare_files, render_comparison_text
from scala40cli.reporting.html_report import html_report
from scala40cli.reporting.job_summary import JobSummary
from scala40cli.reporting.markdown import markdown_report
from scala40cli.reporting.summary import Summary
from scala40cli.reporting.translated import translated_file
from scala40cli.translation.catalogue import ENGLISH, Catalogue, catalogue

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
#: Games that show every part of a report between them.
EVERY_PART = [FIXTURES / name for name in (
    "legal/three-players.s40",  # eliminations, a winner, a closing in one go
    "legal/in-one-go.s40",  # two players out in one hand closed in one go
    "legal/void-hand.s40",  # a void hand, a match not finished
    "illegal/T004-not-in-hand-discard.s40",  # a violation
    "illegal/F003-syntax-error.s40",  # a file error, a penalty taken as declared
    "illegal/C005-missing-score.s40",  # a penalty of the cards seen only
    "switches/teams.s40",  # teams
    "switches/fixed_hands.s40",  # no elimination threshold
)]
TRANSLATED = ("it", "fr")
#: Words Italian or French write as English does (a word of the report, not of a log).
ALIKE = {"it": {"file"},
         "fr": {"total", "violation", "violations", "table"}}
#: Names of things that no language translates: the game, formats, programs.
NAMES = {"scala", "scala40", "replay", "github", "json", "sarif", "mib", "max",
         "annotations", "classic"}
_WORD = re.compile(r"[^\W\d_]{3,}")


def words_of(text: str) -> set[str]:
    return {word.lower() for word in _WORD.findall(text)}


def values_of(files: Sequence[FileResult]) -> set[str]:
    """The words of what the log says, which every language shows as written, and of
    the problems' messages as ``files`` carry them (the translated ones: the referee's
    sentences, said on the way in and checked by test_translated_findings)."""
    texts: list[str] = []
    for result in files:
        texts.append(result.path)
        texts += [part for problem in result.errors for part in _problem_values(problem)]
        for game in result.games:
            texts += [*game.players, *(team.name for team in game.teams)]
            texts += [text for tag in game.tags for text in (tag.name, *tag.values)]
            texts += [f"{key} {value}" for key, value in game.rules.items()]
            texts += [game.preset or ""]
            texts += [part for problem in game.violations for part in _problem_values(problem)]
    return words_of(" ".join(texts))


def _problem_values(problem: Problem) -> Iterable[str]:
    """A problem's code, name, quoted line, player and message."""
    return (str(problem.code), problem.name, problem.context or "", problem.message,
            problem.player or "")


def left_in_english(english: str, said: str, files: Sequence[FileResult],
                    language: str) -> list[str]:
    """The words of the English report still in the translated one, but the log's
    (``files``: the results as the translated report was given them)."""
    allowed = values_of(files) | ALIKE[language] | NAMES
    return sorted((words_of(english) & words_of(said)) - allowed)


@pytest.fixture(scope="module")
def every_part() -> list[FileResult]:
    files = [dataclasses.replace(audit_path(str(path)), path=str(path.relative_to(ROOT)))
             for path in EVERY_PART]
    games = [game for result in files for game in result.games]
    assert any(game.eliminated for game in games) and any(game.winner for game in games)
    assert any(hand.closing is Closing.IN_ONE_GO for game in games for hand in game.hands)
    assert any(game.violations for game in games) and any(result.errors for result in files)
    assert any(game.teams for game in games)
    return files


@pytest.fixture
def evil_file(finished_match: GameResult) -> FileResult:
    """The score reports' hostile file, its violation a sentence the catalogues know."""
    return evil_result(finished_match, "does not hold KH")


def said_in(files: Sequence[FileResult], words: Catalogue) -> list[FileResult]:
    return [translated_file(result, words) for result in files]


# --- Markdown ---------------------------------------------------------------------------------


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_word_of_the_markdown_report_is_the_languages(
        every_part: list[FileResult], language: str) -> None:
    words = catalogue(language)
    files = said_in(every_part, words)
    english, said = markdown_report(every_part), markdown_report(files, words)
    assert len(words_of(english) - values_of(files)) > 40  # the check checks something
    assert left_in_english(english, said, files, language) == []


def test_the_markdown_report_in_italian_reads_as_a_score_sheet(
        every_part: list[FileResult]) -> None:
    words = catalogue("it")
    text = markdown_report(said_in(every_part, words), words)
    assert "### `fixtures/legal/three-players.s40`: partita 1" in text
    assert "| Mano | Anna | Bruno | Carla | Chiusa da |" in text
    assert "| 6 |  | 0 | 24 | Bruno (in mano) |" in text
    assert "| **Totale** | **173** | **121** | **80** |  |" in text
    assert "Eliminazioni: Anna (mano 5), Bruno (mano 11)  " in text
    assert "Vince: **Carla**" in text
    assert "Totali progressivi dopo ogni mano (eliminazione a 101):" in text
    assert "Regole: classic (riga 3 del registro)  " in text
    assert "- riga 20: `T004` Anna non ha KH" in text
    assert "1 violazione:" in text and "Nessuna violazione." in text


def test_the_markdown_report_in_french_keeps_the_log_as_written(
        every_part: list[FileResult]) -> None:
    words = catalogue("fr")
    text = markdown_report(said_in(every_part, words), words)
    assert text.startswith("## scala40\n\n8 fichiers, 9 parties, ")
    assert "Teams : Red, Blue  " in text  # a tag: its name and values as written
    assert "Équipes : Red (Anna, Carla) 115; Blue (Bruno, Dario) 100  " in text
    assert "| Équipe | Tendance | 1 |" in text
    assert "Totaux cumulés après chaque manche (pas d'élimination) :" in text
    assert "- `fixtures/illegal/F003-syntax-error.s40` ligne 23 : `F003` verbe inconnu" in text


# --- HTML -------------------------------------------------------------------------------------


class _Visible(HTMLParser):
    """The text of a page a person reads or hears: its text, its titles and labels."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.skipping = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.skipping = tag == "style"
        self.texts += [value or "" for name, value in attrs if name in ("title", "aria-label")]

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.texts.append(data)


def visible(page: str) -> str:
    parser = _Visible()
    parser.feed(page)
    return " ".join(parser.texts)


def viewers_of(files: Sequence[FileResult]) -> dict[str, str]:
    return {result.path: "viewer.html" for result in files}


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_word_of_the_html_report_is_the_languages(
        every_part: list[FileResult], language: str) -> None:
    words = catalogue(language)
    files = said_in(every_part, words)
    english = visible(html_report(every_part, viewers_of(every_part)))
    page = html_report(files, viewers_of(files), words)
    said = visible(page)
    assert {"hand", "closed", "winner", "running", "viewer", "step"} <= words_of(english)
    assert left_in_english(english, said, files, language) == []
    assert f'<html lang="{language}">' in page


@pytest.mark.parametrize(("language", "title", "heading"), [
    ("it", "Punteggi di Scala 40: fixtures/legal/three-players.s40", "Foglio segnapunti"),
    ("fr", "Scores de Scala 40 : fixtures/legal/three-players.s40", "Feuille de score"),
])
def test_the_html_page_says_its_language_and_title(
        every_part: list[FileResult], language: str, title: str, heading: str) -> None:
    words = catalogue(language)
    page = html_report(said_in(every_part[:1], words), None, words)
    assert f"<title>{title}</title>" in page
    assert f"<h3>{heading}</h3>" in page
    assert html_report(every_part[:1]).count('<html lang="en">') == 1


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_translated_page_escapes_every_text_of_the_log(
        evil_file: FileResult, language: str) -> None:
    """A name, an event and a message full of markup: escaped in the language's
    sentences too ("Vince: <strong>...</strong>"), never markup."""
    words = catalogue(language)
    page = html_report([translated_file(evil_file, words)], viewers_of([evil_file]), words)
    assert '<b>&"' not in page and "<script" not in page.lower()
    assert "&lt;b&gt;&amp;&quot;" in page
    winner = {"it": "Vince: <strong>&lt;b&gt;&amp;&quot;</strong>",
              "fr": "Victoire : <strong>&lt;b&gt;&amp;&quot;</strong>"}[language]
    assert winner in page
    markdown = markdown_report([translated_file(evil_file, words)], words)
    assert "<b>" not in markdown and "<script>" not in markdown


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalogues_own_words_are_escaped_in_html(every_part: list[FileResult],
                                                      language: str) -> None:
    """The catalogue's words go through the escaping too: the apostrophes of Italian and
    French ("l'arbitro", "d'un coup") are entities in the page, as a log's would be."""
    words = catalogue(language)
    page = html_report(said_in(every_part, words), viewers_of(every_part), words)
    assert "&#x27;" in page
    assert "'" not in re.sub(r"<style>.*?</style>", "", page, flags=re.DOTALL)


# --- the GitHub job summary and replay --compare ----------------------------------------------


def job_summary(files: Sequence[FileResult], words: Catalogue, budget: int) -> str:
    sheets = JobSummary(budget=budget, words=words)
    for result in files:
        for problem in result.errors:
            sheets.add_file_error(result.path, problem)
        for game in result.games:
            sheets.add_game(result.path, game)
    return sheets.render(Summary.of(files), unannotated=3, max_annotations=10)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_word_of_the_job_summary_is_the_languages(
        every_part: list[FileResult], language: str) -> None:
    words = catalogue(language)
    files = said_in(every_part, words)
    for budget in (1 << 20, 4000):  # all of it; then sheets left out, said so
        english, said = job_summary(every_part, ENGLISH, budget), job_summary(files, words,
                                                                              budget)
        assert ("Left out" in english) == (budget == 4000)
        assert left_in_english(english, said, files, language) == []


def compared(paths: Sequence[Path]) -> tuple[list[str], list[list[FileResult]]]:
    from scala40cli.audit.request import AuditRequest, Local
    from scala40cli.audit.road import compare_results
    from scala40cli.cli import settings

    names = ["classic", "mortal-combat"]
    choices = [settings.rule_choice(name, ()) for name in names]
    request = AuditRequest(inputs=tuple(str(path) for path in paths), engine=Local(1))
    runs = [list(run) for run in zip(*compare_results(request, choices), strict=True)]
    return names, runs


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_word_of_the_comparison_is_the_languages(language: str) -> None:
    names, runs = compared([FIXTURES / "legal" / "five-players.s40", EVERY_PART[3]])
    comparisons = compare_files(names, runs)
    english = render_comparison_text(names, comparisons)
    said = render_comparison_text(names, comparisons, catalogue(language))
    assert {"winner", "eliminated", "hand", "closed", "compared", "nobody"} <= words_of(english)
    every = said_in([result for run in runs for result in run], catalogue(language))
    assert left_in_english(english, said, every, language) == []


# --- the commands -----------------------------------------------------------------------------

NO_LOCALE = {"SCALA40_LANG": None, "LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None,
             "LANG": None}


def run(*args: str, **environment: str) -> Result:
    return CliRunner().invoke(main, list(args), env={**NO_LOCALE, **environment},
                              catch_exceptions=False)


@pytest.mark.parametrize(("arguments", "environment", "expected"), [
    (("--lang", "it"), {}, "| Mano | Anna | Bruno | Carla | Chiusa da |"),
    ((), {"SCALA40_LANG": "fr"}, "| Manche | Anna | Bruno | Carla | Terminée par |"),
    ((), {"LANG": "it_IT.UTF-8"}, "Vince: **Carla**"),
    (("--lang", "en"), {"LANG": "fr_FR.UTF-8"}, "| Hand | Anna | Bruno | Carla | Closed by |"),
])
def test_report_speaks_the_language_of_lang_or_the_environment(
        arguments: tuple[str, ...], environment: dict[str, str], expected: str) -> None:
    result = run("report", *arguments, str(EVERY_PART[0]), **environment)
    assert result.exit_code == 0, result.output
    assert expected in result.stdout


def test_report_html_in_french_with_its_messages(tmp_path: Path) -> None:
    page = tmp_path / "scores.html"
    result = run("report", "--lang", "fr", "--output", str(page), str(EVERY_PART[3]))
    assert result.exit_code == 0, result.output
    text = page.read_text("utf-8")
    assert '<html lang="fr">' in text
    assert "Anna n&#x27;a pas KH" in text  # the violation's message, said in French
    assert "T004" in text and "not-in-hand" in text  # its code and name as they are


def test_compare_speaks_the_language_and_its_json_stays_english() -> None:
    path = str(EVERY_PART[3])
    text = run("replay", "--lang", "it", "--compare", "classic,mortal-combat", path).stdout
    assert "  Vince         partita non finita        Bruno" in text
    assert "  Eliminazioni  nessuno                   Anna nella mano 1" in text
    assert text.endswith("1 partita confrontata con classic, mortal-combat: "
                         "1 con un esito diverso\n")
    english = run("replay", "--compare", "classic,mortal-combat", "--format", "json", path)
    italian = run("replay", "--lang", "it", "--compare", "classic,mortal-combat",
                  "--format", "json", path)
    assert italian.stdout == english.stdout
    assert '"topic": "winner"' in italian.stdout and "match not finished" in italian.stdout


def test_the_job_summary_of_replay_speaks_the_language(tmp_path: Path) -> None:
    summary = tmp_path / "summary.md"
    result = run("replay", "--format", "github", "--lang", "it", "--max-annotations", "0",
                 str(EVERY_PART[3]), GITHUB_STEP_SUMMARY=str(summary))
    assert result.exit_code == 1
    assert "::notice title=scala40::1 problema oltre ai 0 annotati" in result.stdout
    text = summary.read_text("utf-8")
    assert "1 altro problema non annotato: GitHub mostra al massimo 10" in text
    assert "| Mano | Anna | Bruno | Chiusa da |" in text
    assert "- riga 20: `T004` Anna non ha KH" in text


@pytest.mark.parametrize(("language", "expected"), [
    ("it", "Regole: traditional (file di regole {house}) + ace\\_penalty=11 "
           "(file di regole {house})  "),
    ("fr", "Règles : traditional (fichier de règles {house}) + ace\\_penalty=11 "
           "(fichier de règles {house})  "),
])
def test_where_a_rule_was_set_is_said_in_the_language(tmp_path: Path, language: str,
                                                      expected: str) -> None:
    """A rules file, a log's line, a switch that brings another: the places are said in
    the language, the presets, keys, values and the file's name as they are."""
    house = tmp_path / "house.toml"
    house.write_text('preset = "traditional"\n[rules]\nace_penalty = 11\n', "utf-8")
    result = run("report", "--lang", language, "--rules", str(house),
                 str(FIXTURES / "legal" / "two-players.s40"))
    assert expected.format(house=str(house).replace("_", "\\_")) in result.stdout
    text = run("replay", "--lang", language, str(EVERY_PART[-1])).stdout
    assert {"it": "elimination=none (riga 12 del registro, con fixed_hands=2)",
            "fr": "elimination=none (ligne 12 du journal, avec fixed_hands=2)"}[language] in text


def test_a_value_holding_a_placeholder_is_shown_as_written() -> None:
    """A sentence's values are put in once: a player called ``{hand}`` is not filled in
    again by the hand's number, and the sentence's own words are escaped."""
    from scala40cli.reporting.html_report import said

    assert said("{player} out at hand {hand} & {other}", player="{hand}", hand="3") == \
        "{hand} out at hand 3 &amp; {other}"
