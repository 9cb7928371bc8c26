"""``scala40 standings`` (text, Markdown, HTML) in Italian and French: every word of the
table, its columns and their meanings, what was left out and why, the rules, the names
that look alike, the page's title and chart, comes from the catalogue; the values of the
logs (names, paths, codes, rule tokens, dates) are kept as written and, in HTML,
escaped; the JSON stays English.

How "every word" is checked, as tests/test_translated_reports.py checks the reports:
the standings of the same season are written in English and in the language; a word
(three letters or more) of the English found again in the other is a word the catalogue
did not give, unless it is a value of the logs or one of the few words the two
languages write alike. The seasons are chosen to show every part: a match with
violations, an unreadable file, a match not ended, rules that differ, names that differ
only in case, ``--since`` with an undated match and one before it, ``--rules``.

Each test fails on the code before the standings spoke Italian and French: their words
were English whatever ``--lang`` said, and ``standings`` had no ``--lang``.
"""

from __future__ import annotations

import dataclasses
import re
import shutil
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from test_translated_reports import visible, words_of

from scala40cli.audit.request import AuditRequest, Local
from scala40cli.audit.road import audit_records
from scala40cli.cli import settings
from scala40cli.cli.main import main
from scala40cli.season.entries import LeftOut, Reason, said_detail, season_choice
from scala40cli.season.formats import render_standings
from scala40cli.season.html import standings_html
from scala40cli.season.markdown import standings_markdown
from scala40cli.season.names import name_warnings
from scala40cli.season.table import SeasonTable, season_table
from scala40cli.season.text import standings_text
from scala40cli.season.words import warning_line
from scala40cli.translation.catalogue import ENGLISH, Catalogue, catalogue

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
SEASON = ROOT / "docs" / "examples" / "season"
TRANSLATED = ("it", "fr")
#: Words Italian or French write as English does (a word of the standings, not a log's).
ALIKE = {"it": {"file"}, "fr": {"violations", "date", "place"}}
#: Names no language translates: the game, formats, the rating's symbols, the option
#: ``--rules PRESET|FILE`` (options themselves are taken out before comparing), the
#: ``[Date]`` tag.
NAMES = {"scala", "json", "mu", "sigma", "preset", "file", "date"}
_OPTION = re.compile(r"--[a-z][a-z-]*")

Render = Callable[[SeasonTable, Catalogue], str]
OUTPUTS: dict[str, Render] = {
    "text": standings_text,
    "markdown": standings_markdown,
    "html": lambda table, words: visible(standings_html(table, words)),
}


@pytest.fixture(scope="module")
def season_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example season (one match with violations); a file that cannot be parsed; a
    match not ended and undated; a match under other rules (``classic with
    fixed_hands=2``); and a match whose Anna is written ``anna``."""
    folder = tmp_path_factory.mktemp("season")
    for path in SEASON.glob("*.s40"):
        shutil.copy(path, folder / path.name)
    shutil.copy(FIXTURES / "illegal" / "F003-syntax-error.s40", folder / "broken.s40")
    shutil.copy(FIXTURES / "legal" / "void-hand.s40", folder / "unfinished.s40")
    shutil.copy(FIXTURES / "switches" / "fixed_hands.s40", folder / "short.s40")
    text = (SEASON / "2026-11-12.s40").read_text(encoding="utf-8")
    (folder / "2026-11-13.s40").write_text(text.replace("Anna", "anna"), encoding="utf-8")
    return folder


def table_for(folder: Path, *, rules: str | None = None, since: date | None = None
              ) -> SeasonTable:
    choice = season_choice(rules=settings.rule_choice(rules, ()) if rules else None,
                           since=since)
    request = AuditRequest(inputs=(str(folder),), engine=Local(1))
    return season_table(audit_records(request), choice)


@pytest.fixture(scope="module")
def seasons(season_folder: Path) -> dict[str, SeasonTable]:
    tables = {"all": table_for(season_folder),
              "since": table_for(season_folder, since=date(2026, 11, 10)),
              "rules": table_for(season_folder, rules="classic")}
    reasons = {entry.reason for table in tables.values() for entry in table.left_out}
    assert reasons == set(Reason)  # every reason a match is left out, between them
    assert tables["all"].in_progress and len(tables["all"].rule_sets) > 1
    assert [warning.code for warning in tables["all"].name_warnings] == ["G009"]
    return tables


def log_values(table: SeasonTable, words: Catalogue) -> set[str]:
    """The words of what the logs say, which every language shows as written: names,
    paths, rule tokens; and the referee's sentences as the language says them (a file's
    error, a warning's), checked by tests/test_translation.py."""
    texts = [row.name for row in table.players]
    texts += [entry.path for entry in table.left_out]
    texts += [said_detail(entry, words) for entry in table.left_out
              if entry.reason is Reason.FILE_ERROR]
    texts += [name.replace(" with ", " ") for name in (
        table.choice.rules_name, *(rule_set.name for rule_set in table.rule_sets))]
    texts += [words.translate(warning.message) for warning in table.name_warnings]
    return words_of(" ".join(texts))


def left_in_english(english: str, said: str, table: SeasonTable, language: str) -> list[str]:
    english, said = _OPTION.sub(" ", english), _OPTION.sub(" ", said)
    allowed = log_values(table, catalogue(language)) | ALIKE[language] | NAMES
    return sorted((words_of(english) & words_of(said)) - allowed)


@pytest.mark.parametrize("output", OUTPUTS)
@pytest.mark.parametrize("season", ["all", "since", "rules"])
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_word_of_the_standings_is_the_languages(
        seasons: dict[str, SeasonTable], language: str, season: str, output: str) -> None:
    table = seasons[season]
    render = OUTPUTS[output]
    english, said = render(table, ENGLISH), render(table, catalogue(language))
    assert len(words_of(english) - log_values(table, ENGLISH)) > 30  # it checks something
    assert left_in_english(english, said, table, language) == []


def test_the_standings_in_italian_read_as_a_club_table(seasons: dict[str, SeasonTable]) -> None:
    text = standings_text(seasons["all"], catalogue("it"))
    assert text.startswith("Classifica: 7 partite, 5 finite e valutate, 2 non finite "
                           "(contano le loro mani, non i risultati), giocate dal 2026-11-05 "
                           "al 2026-11-19; 5 giocatori\n")
    assert ("Le regole cambiano da una partita all'altra: classic (6 partite), classic con "
            "elimination=none, fixed_hands=2 (1 partita); --rules PRESET|FILE limita la "
            "classifica a una sola\n") in text
    assert "#  Giocatore  Valutazione  " in text and "  Vittorie  Mani  Chiusure  " in text
    assert ("Escluse: 2 partite con violazioni (si contano con --include-violations), "
            "1 errore di file:\n") in text
    assert "2026-11-26.s40:1: partita 1, violazioni: T004 alla riga 23\n" in text
    assert "broken.s40:23: errore di file: F003 verbo sconosciuto 'discards'" in text
    assert ("G009 i giocatori 'Anna' e 'anna' differiscono solo per maiuscole e minuscole: "
            "contati come giocatori diversi") in text
    since = standings_text(seasons["since"], catalogue("it"))
    assert "Partite dal 2026-11-10 in poi\n" in since
    assert "partita 1, senza data: nessuna etichetta [Date] da confrontare con --since" in since
    assert "partita 1, prima di --since: giocata il 2026-11-05, prima del 2026-11-10" in since
    only = standings_text(seasons["rules"], catalogue("it"))
    assert "Regole: solo classic: classic (6 partite)\n" in only
    assert "partita 1, altre regole: non giocata con classic" in only


def test_the_standings_in_french_keep_the_logs_as_written(
        seasons: dict[str, SeasonTable]) -> None:
    words = catalogue("fr")
    text = standings_markdown(seasons["all"], words)
    assert text.startswith("## Classement\n\n7 parties, 5 terminées et prises en compte dans "
                           "les cotes, 2 non terminées (leurs manches comptent, pas leurs "
                           "résultats), jouées du 2026-11-05 au 2026-11-19 ; 5 joueurs.\n")
    assert "| # | Joueur | Cote | Niveau | Parties | Victoires | Manches | Terminées |" in text
    assert ("Les règles diffèrent d'une partie à l'autre : classic (6 parties), classic avec "
            "elimination=none, fixed\\_hands=2 (1 partie)") in text
    assert ("Écartées : 2 parties avec violations (à compter avec --include-violations), "
            "1 erreur de fichier :\n") in text
    assert "Noms qui se ressemblent :\n" in text
    assert ("- G009 les joueurs 'Anna' et 'anna' ne diffèrent que par la casse : comptés "
            "comme joueurs différents\n") in text
    assert "| 1 | Anna | " in text and "| anna |" in text  # both players, as written
    since = standings_text(seasons["since"], words)
    assert "Parties à partir du 2026-11-10\n" in since
    assert "partie 1, avant --since : jouée le 2026-11-05, avant le 2026-11-10" in since


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_count_takes_the_languages_plural(seasons: dict[str, SeasonTable],
                                            language: str) -> None:
    """"1 partita", "2 partite"; French says "0 partie" as it says "1 partie"."""
    words = catalogue(language)
    single = {"it": "1 partita", "fr": "1 partie"}[language]
    many = {"it": "6 partite", "fr": "6 parties"}[language]
    text = standings_text(seasons["all"], words)
    assert f"({single})" in text and f"({many})" in text
    violations = next(entry for entry in seasons["all"].left_out
                      if entry.reason is Reason.VIOLATIONS)
    more = dataclasses.replace(violations, values=(("code", "T004"), ("line", "23"),
                                                   ("more", "2")))
    assert said_detail(more, ENGLISH) == "T004 at line 23 and 2 more"
    assert said_detail(more, words) == {"it": "T004 alla riga 23 e altre 2",
                                        "fr": "T004 à la ligne 23 et 2 autres"}[language]


# --- the page ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("language", "title", "axis"), [
    ("it", "Classifica di Scala 40", "valutazione (mu)"),
    ("fr", "Classement de Scala 40", "cote (mu)"),
])
def test_the_page_says_its_language_title_and_chart(
        seasons: dict[str, SeasonTable], language: str, title: str, axis: str) -> None:
    page = standings_html(seasons["all"], catalogue(language))
    assert f'<html lang="{language}">' in page
    assert f"<title>{title}</title>" in page and f"<h1>{title}</h1>" in page
    assert f">{axis}</text>" in page
    assert '<html lang="en">' in standings_html(seasons["all"])
    assert ">rating (mu)</text>" in standings_html(seasons["all"])


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalogues_own_words_are_escaped_in_html(seasons: dict[str, SeasonTable],
                                                      language: str) -> None:
    """The apostrophes of "Turno d'apertura", "d'un coup" are entities in the page, as a
    log's would be: the catalogue's words go through the escaping too."""
    page = standings_html(seasons["all"], catalogue(language))
    assert "&#x27;" in page
    assert "'" not in re.sub(r"<style>.*?</style>", "", page, flags=re.DOTALL)


HOSTILE = "Br<b>&\"uno"


@pytest.fixture(scope="module")
def hostile_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A match whose Bruno is named with markup, in a file whose name has some too."""
    folder = tmp_path_factory.mktemp("hostile")
    text = (FIXTURES / "legal" / "two-players.s40").read_text(encoding="utf-8")
    text = text.replace('"Bruno"', "Bruno").replace("Bruno", '"Br<b>&\\"uno"')
    (folder / "<i>&.s40").write_text(text, encoding="utf-8")
    shutil.copy(FIXTURES / "illegal" / "T004-not-in-hand-discard.s40", folder / "<u>.s40")
    return folder


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_text_of_a_log_is_escaped_in_the_language(hostile_folder: Path,
                                                        language: str) -> None:
    table = table_for(hostile_folder)
    assert HOSTILE in [row.name for row in table.players]
    words = catalogue(language)
    page = standings_html(table, words)
    assert "<b>" not in page and "<i>" not in page and "<u>" not in page
    assert "Br&lt;b&gt;&amp;&quot;uno" in page and "&lt;u&gt;.s40" in page
    markdown = standings_markdown(table, words)
    assert "<b>" not in markdown and "\\<b\\>" in markdown


# --- the command ------------------------------------------------------------------------------

NO_LOCALE = {"SCALA40_LANG": None, "LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None,
             "LANG": None}


def run(*args: str, **environment: str) -> Result:
    return CliRunner().invoke(main, ["standings", *args, str(SEASON)],
                              env={**NO_LOCALE, **environment}, catch_exceptions=False)


@pytest.mark.parametrize(("arguments", "environment", "expected"), [
    (("--lang", "it"), {}, "Classifica: 3 partite, giocate dal 2026-11-05 al 2026-11-19; "
                           "3 giocatori\n"),
    ((), {"SCALA40_LANG": "fr"}, "Classement : 3 parties, jouées du 2026-11-05 au 2026-11-19 "
                                 "; 3 joueurs\n"),
    ((), {"LANG": "it_IT.UTF-8"}, "Regole: classic (3 partite)\n"),
    (("--lang", "en"), {"LANG": "fr_FR.UTF-8"}, "Standings: 3 matches, played from "
                                                 "2026-11-05 to 2026-11-19; 3 players\n"),
    ((), {}, "Left out: 1 match with violations (counted with --include-violations):\n"),
])
def test_standings_speak_the_language_of_lang_or_the_environment(
        arguments: tuple[str, ...], environment: dict[str, str], expected: str) -> None:
    result = run(*arguments, **environment)
    assert result.exit_code == 0, result.output
    assert expected in result.stdout


def test_the_json_stays_english_whatever_the_language() -> None:
    english = run("--format", "json")
    assert english.exit_code == 0
    for language in TRANSLATED:
        assert run("--format", "json", "--lang", language).stdout == english.stdout
    assert '"detail": "T004 at line 23"' in english.stdout


def test_the_formats_registry_takes_the_language(seasons: dict[str, SeasonTable]) -> None:
    table = seasons["all"]
    words = catalogue("fr")
    assert render_standings("text", table, words) == standings_text(table, words)
    assert render_standings("html", table, words) == standings_html(table, words)
    assert render_standings("json", table, words) == render_standings("json", table)
    assert render_standings("markdown", table) == standings_markdown(table)


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "G009 the player name 'Car\\u200dla' holds an invisible character U+200D ZERO "
           "WIDTH JOINER: counted as written"),
    ("it", "G009 il nome di giocatore 'Car\\u200dla' contiene un carattere invisibile U+200D "
           "ZERO WIDTH JOINER: contato così come è scritto"),
    ("fr", "G009 le nom de joueur 'Car\\u200dla' contient un caractère invisible U+200D ZERO "
           "WIDTH JOINER : compté tel qu'il est écrit"),
])
def test_a_name_with_an_invisible_character_is_said_in_the_language(
        language: str, expected: str) -> None:
    """The warning of a single name (G009's words, the character's Unicode name as
    Unicode names it), and that it is counted as written."""
    [warning] = name_warnings(["Car\u200dla"])
    assert warning_line(warning, catalogue(language)) == expected


def test_a_detail_made_without_its_values_is_still_said() -> None:
    """A :class:`LeftOut` built by hand with its English detail only (as a program
    might): the detail is the referee's sentence, translated as such, never a crash."""
    entry = LeftOut(path="a.s40", game=None, line=3, reason=Reason.FILE_ERROR,
                    detail="F001 cannot read the file")
    assert said_detail(entry, ENGLISH) == "F001 cannot read the file"
    assert said_detail(entry, catalogue("it")) == "F001 cannot read the file"


# --- the numbers -------------------------------------------------------------------------------


def test_decimals_and_shares_are_written_as_each_language_writes_them() -> None:
    from scala40cli.translation.numbers import decimal, percent
    assert [decimal(12.46, 1, lang) for lang in ("en", "it", "fr")] == ["12.5", "12,5", "12,5"]
    assert decimal(-3.25, 2, "it") == "-3,25" and decimal(-0.01, 1, "fr") == "0,0"
    assert [percent(0.5, 0, lang) for lang in ("en", "it", "fr")] == [
        "50%", "50%", "50\u202f%"]
    assert decimal(7.0, 1, "de") == "7.0"  # no catalogue: English


@pytest.mark.parametrize("language", ("en", *TRANSLATED))
def test_the_tables_numbers_are_the_languages(seasons: dict[str, SeasonTable],
                                              language: str) -> None:
    """Every row's rating, skill, share of wins and averages, in the text table, with the
    language's decimal separator (the code before wrote "12.5" in every language)."""
    comma = language != "en"
    text = standings_text(seasons["all"], catalogue(language))
    rows = seasons["all"].players
    assert rows and any(row.stats.win_share for row in rows)
    for row in rows:
        line = next(line for line in text.splitlines()
                    if line.split()[:2] == [str(row.place), row.name])
        rating = f"{row.rating.ordinal:.1f}"
        assert (rating.replace(".", ",") if comma else rating) in line.split()
        average = row.stats.average_penalty
        if average is not None:
            written = f"{average:.1f}"
            assert (written.replace(".", ",") if comma else written) in line.split()
        if row.stats.win_share is not None:
            share = f"{row.stats.win_share:.0%}".replace("%", "\u202f%" if language == "fr"
                                                          else "%")
            assert f"({share})" in line
        if comma:
            assert re.search(r"\d\.\d", line) is None
