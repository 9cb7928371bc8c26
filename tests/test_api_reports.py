"""``scala40.markdown_report`` and ``html_report`` in the reader's language: the very
pages of ``scala40 report --lang``, and a language the catalogues lack refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import scala40
from scala40cli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
#: A match with violations: their messages are translated too.
FILES = [ROOT / "fixtures" / "legal" / "two-players.s40",
         ROOT / "fixtures" / "illegal" / "C001-closing-without-discard.s40"]


def command_report(report_format: str, lang: str) -> str:
    result = CliRunner().invoke(main, ["report", "--format", report_format, "--lang", lang,
                                       *map(str, FILES)], catch_exceptions=False)
    return result.output


@pytest.mark.parametrize("lang", ["en", "it", "fr"])
def test_the_reports_are_the_commands_in_each_language(lang: str) -> None:
    results = [scala40.audit_file(path) for path in FILES]
    assert scala40.markdown_report(results, lang=lang) == command_report("markdown", lang)
    assert scala40.html_report(results, lang=lang) == command_report("html", lang)


def test_the_language_changes_the_words_and_defaults_to_english() -> None:
    results = [scala40.audit_file(FILES[0])]
    assert scala40.markdown_report(results) == scala40.markdown_report(results, lang="en")
    assert "| Mano |" in scala40.markdown_report(results, lang="it")
    assert '<html lang="fr">' in scala40.html_report(results, lang="fr")


def test_a_language_without_a_catalogue_is_refused() -> None:
    results = [scala40.audit_file(FILES[0])]
    with pytest.raises(ValueError, match="html_report: lang must be one of"):
        scala40.html_report(results, lang="de")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="markdown_report: lang must be one of"):
        scala40.markdown_report(results, lang=None)  # type: ignore[arg-type]
