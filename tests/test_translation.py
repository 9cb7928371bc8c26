"""The referee's words in Italian and French: the catalogues are whole, every message
template, explanation and word of the reports has an it and an fr entry, and the
referee's sentences come out in the language asked for, their values kept.

Each test fails on the code before ``--lang``: there were no referee catalogues.
"""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

import pytest

from scala40cli.audit.pipeline import audit_path
from scala40cli.cli import explain_command
from scala40cli.judging.hands.phases import Phase
from scala40cli.model.violations import RULEBOOK
from scala40cli.reading.parser import parse_text
from scala40cli.reporting import text_report
from scala40cli.season import words as season_words
from scala40cli.season.columns import COLUMNS
from scala40cli.translation.catalogue import DOMAINS, ENGLISH, catalogue, plural_rule
from scala40cli.translation.po import read_entries

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scala40cli"
LOCALE = PACKAGE / "translation" / "locale"
TRANSLATED = ("it", "fr")
FIXTURES = sorted((ROOT / "fixtures").rglob("*.s40"))
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def entries(language: str, domain: str) -> dict[str, object]:
    return dict(read_entries((LOCALE / language / f"{domain}.po").read_text("utf-8"))[0])


# --- the catalogues themselves -------------------------------------------------------------


@pytest.mark.parametrize("domain", DOMAINS)
def test_italian_and_french_hold_the_same_messages(domain: str) -> None:
    assert set(entries("it", domain)) == set(entries("fr", domain))


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_entry_keeps_the_values_of_its_sentence(language: str, domain: str) -> None:
    """A translation holds the placeholders of its English sentence, no more and no
    fewer (the singular of a sentence that counts may say "one" for its {count}); a
    sentence that counts has its plural forms, and only such one."""
    for msgid, entry in read_entries((LOCALE / language / f"{domain}.po")
                                     .read_text("utf-8"))[0].items():
        names = set(_PLACEHOLDER.findall(msgid))
        for form in entry.forms:
            assert names - {"count"} <= set(_PLACEHOLDER.findall(form)) <= names, (msgid, form)
        assert ("count" in names) == (entry.plural is not None and len(entry.forms) == 2), msgid


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_plural_rule_is_the_languages(language: str) -> None:
    """Italian says 0 carte, 1 carta; French 0 carte, 1 carte, 2 cartes."""
    words = catalogue(language)
    forms = [words.ngettext("{count} card", "{count} cards", n) for n in (0, 1, 2)]
    assert forms == {"it": ["0 carte", "1 carta", "2 carte"],
                     "fr": ["0 carte", "1 carte", "2 cartes"]}[language]
    with pytest.raises(ValueError):
        plural_rule("Plural-Forms: nplurals=3; plural=(n%10==1 ? 0 : 1);")


def test_a_referee_sentence_that_counts_takes_the_plural_of_its_number() -> None:
    """The English says "1 cards": the number chooses the form, not the English."""
    assert catalogue("it").translate("the stock still holds 1 cards") == \
        "il tallone ha ancora 1 carta"
    assert catalogue("fr").translate("the stock still holds 0 cards") == \
        "le talon a encore 0 carte"
    assert catalogue("fr").translate("the stock still holds 20 cards") == \
        "le talon a encore 20 cartes"


# --- every template, every explanation, every word -----------------------------------------


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_explanation_is_translated(language: str) -> None:
    known = catalogue(language).entries
    texts = [text for entry in RULEBOOK.values()
             for text in (entry.summary, entry.source, entry.example)]
    assert [text for text in texts if text not in known] == []


def _literal_calls() -> set[str]:
    """Every message asked for by its English text in the package, as xgettext finds
    them: the literal first argument (and second, for ngettext) of ``gettext``,
    ``ngettext`` and their ``say`` alias."""
    found: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else \
                node.func.id if isinstance(node.func, ast.Name) else ""
            count = {"gettext": 1, "say": 1, "ngettext": 2}.get(name, 0)
            for argument in node.args[:count]:
                if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                    found.add(argument.value)
    return found


def _standings_words() -> set[str]:
    """The words of ``standings`` kept in tables: its columns' headers and meanings, why
    a match is left out (counted, and on its line)."""
    return {text for column in COLUMNS for text in (column.header, column.meaning)} | {
        text for pair in season_words.REASONS.values() for text in pair} | set(
        season_words.REASON_WORDS.values())


@pytest.mark.slow
def test_every_word_of_the_reports_is_translated() -> None:
    """The words of the text report, ``show``, ``explain``, ``report`` (Markdown, HTML),
    the GitHub job summary, ``replay --compare`` and ``standings``: each literal asked
    for, the sheet's words kept in tables (its legends, where ``explain`` quotes from,
    where a rule was set; the standings' columns and reasons), and the phases ``show``
    names."""
    quoted_from = {text for pair in (*explain_command._FROM.values(), explain_command._FROM_DOCS)
                   for text in pair}
    asked = _literal_calls() | set(text_report._CLOSED_BY.values()) | {
        text_report.DECLARED_LEGEND, text_report.UNSCORED_LEGEND} | {
        phase.value for phase in Phase} | quoted_from | set(text_report.RULE_SOURCES)
    asked |= _standings_words()
    asked = {text for text in asked if _PLACEHOLDER.sub("", text).strip()}
    assert len(asked) > 120
    for language in TRANSLATED:
        words = catalogue(language)
        plural_ids = {entry.plural for entry in words.entries.values() if entry.plural}
        assert sorted(asked - set(words.entries) - plural_ids) == [], language


def _gettext_calls() -> list[tuple[str, int, str]]:
    """Every message asked for with ``gettext`` (or ``say``) by its literal text."""
    found = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and node.args and (
                    node.func.attr if isinstance(node.func, ast.Attribute) else
                    node.func.id if isinstance(node.func, ast.Name) else "") in ("gettext", "say") \
                    and isinstance(node.args[0], ast.Constant) \
                    and isinstance(node.args[0].value, str):
                found.append((str(path.relative_to(PACKAGE)), node.lineno, node.args[0].value))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("language", TRANSLATED)
def test_a_message_that_counts_is_asked_for_with_its_number(language: str) -> None:
    """A message with plural forms asked for with ``gettext`` always takes its first
    form: "+2 sconosciuta" in ``show``. Each is asked for with ``ngettext``."""
    words = catalogue(language)
    assert [(path, line, text) for path, line, text in _gettext_calls()
            if text in words.entries and words.entries[text].plural] == []


#: Where the referee writes its sentences: its modules, and the reading of a log.
MESSAGE_MODULES = sorted({
    *PACKAGE.glob("judging/hands/*.py"), *PACKAGE.glob("judging/match/*.py"),
    *PACKAGE.glob("judging/tabletop/*.py"), *PACKAGE.glob("judging/scores/*.py"),
    PACKAGE / "judging" / "rulebook" / "rule_values.py", PACKAGE / "model" / "cards.py",
    PACKAGE / "audit" / "pipeline.py",
    *(PACKAGE / "reading" / f"{name}.py" for name in
      ("syntax_errors", "lark_events", "parser", "chunks", "games", "inputs", "events_json",
       "jsonl_logs")),
})
#: Prose of those modules that no report shows, and why.
NOT_SHOWN = {
    # the steps of the phase table (judging/hands/phases.py), never written out
    "start play", "not in a buy", "after end", "score only", "early score", "one score",
    # why a penalty is taken as declared: the JSON report's "unverified", kept in English
    "a score-only hand", "the hand is uncertain after line", "taken as declared",
    "its score line read as running totals",
    # a kind of folder entry (reading/inputs.py), and a position past the line's end
    "folder link", "end of line", "unnamed character",
    # an error of a program writing JSON (reading/events_json.py), not of a log
    "is not an event of the log format",
}
#: A piece of English prose: two words or more, one of them in lower case.
_PROSE = re.compile(r"[A-Za-z]+(?: [A-Za-z'()-]+)+")


def _docstrings(tree: ast.Module) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _prose_of(path: Path) -> list[tuple[int, str]]:
    """The English prose of a module's strings and f-strings (docstrings left out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _docstrings(tree) | {id(value) for node in ast.walk(tree)
                                   if isinstance(node, ast.JoinedStr) for value in node.values}
    found = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        pieces = [node.value] if isinstance(node, ast.Constant) and isinstance(node.value, str) \
            else [v.value for v in node.values if isinstance(v, ast.Constant)] \
            if isinstance(node, ast.JoinedStr) else []
        found += [(node.lineno, prose) for piece in pieces for prose in _PROSE.findall(piece)
                  if len(prose) >= 8 and prose.lower() != prose.upper() and
                  any(word.islower() for word in prose.split())]
    return found


@pytest.mark.parametrize("path", MESSAGE_MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_every_message_template_of_the_referee_is_in_the_catalogues(path: Path) -> None:
    """The prose of every sentence the referee writes is the text of a catalogue entry:
    a message added to the referee without its Italian and French fails here."""
    for language in TRANSLATED:
        words = catalogue(language)
        known = "\n".join(text for entry in words.entries.values()
                          for text in (entry.msgid, entry.plural or ""))
        missing = [(line, prose) for line, prose in _prose_of(path)
                   if prose not in known and prose not in NOT_SHOWN]
        assert missing == [], (language, missing)


# --- the referee's sentences, said again ----------------------------------------------------

#: English words that a translated sentence does not hold (names, cards and quoted
#: words of the log left out).
_ENGLISH = re.compile(r"\b(?:the|is|not|and|or|of|does|with|holds|must|has|cannot|may|"
                      r"card|cards|player|expected|unexpected|unknown|after|before)\b")
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|\[[^]]*\]")


def _english_left(sentence: str) -> list[str]:
    return _ENGLISH.findall(_QUOTED.sub("", sentence))


def _messages_of(paths: list[str]) -> set[str]:
    found = set()
    for path in paths:
        result = audit_path(path)
        found |= {problem.message for problem in result.errors}
        found |= {problem.message for game in result.games
                  for problem in (*game.violations, *game.notes)}
    return found


#: Words of lines the parser refuses, three at a time: every kind of syntax error.
_WORDS = ["Anna", "draw", "5S", "1OH", "to", "in", "1", "[Players", '"x"', "]", "hand",
          "score", "JK(5S)", "meld", "attach", "(", "*", "?", "discard", "pesca", "a", "mano"]


def _syntax_messages() -> set[str]:
    return {error.message for size in (1, 2, 3)
            for words in itertools.product(_WORDS, repeat=size)
            for error in parse_text('[Players "Anna" "Bruno"]\nhand 1\n'
                                    + " ".join(words) + "\n").errors}


@pytest.mark.slow
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_of_the_fixtures_is_said_in_the_language(language: str) -> None:
    words = catalogue(language)
    messages = _messages_of([str(path) for path in FIXTURES])
    assert len(messages) > 150
    untranslated = {m: said for m in messages
                    if (said := words.translate(m)) == m or _english_left(said)}
    assert untranslated == {}


@pytest.mark.slow
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_syntax_error_is_said_in_the_language(language: str) -> None:
    words = catalogue(language)
    messages = _syntax_messages()
    assert len(messages) > 300
    untranslated = {m: said for m in messages
                    if (said := words.translate(m)) == m or _english_left(said)}
    # a player named like an English keyword keeps its English name in the message
    assert {m for m in untranslated if not m.startswith("'hand' starts")} == set()


def test_values_are_kept_and_sentences_inside_translated() -> None:
    italian = catalogue("it")
    assert italian.translate("Anna does not hold KH; Anna holds no K, and AH and 3H in hearts") \
        == "Anna non ha KH; Anna non ha nessun K, e ha AH e 3H a cuori"
    assert italian.translate("cannot attach to meld 2: 10H is not of the run's suit (clubs)") \
        == "non si può attaccare alla combinazione 2: 10H non è del seme della scala (fiori)"
    french = catalogue("fr")
    assert french.translate("the players 'Anna' and 'anna' differ only in case") == \
        "les joueurs 'Anna' et 'anna' ne diffèrent que par la casse"
    assert french.translate("it is Marco Polo's turn, not Lucia's") == \
        "c'est le tour de Marco Polo, pas de Lucia"
    assert italian.translate("a sentence nobody wrote") == "a sentence nobody wrote"
    assert ENGLISH.translate("the discard pile is empty") == "the discard pile is empty"


def test_a_name_like_a_word_of_the_catalogue_is_kept() -> None:
    """Values that are names or cards are never translated, whatever they spell."""
    assert catalogue("it").translate("hearts is not a player of this game") == \
        "hearts non è un giocatore di questa partita"


def test_a_sentence_showing_json_keeps_its_braces() -> None:
    """Only ``{name}`` is a placeholder: the braces of a JSON example stay as written."""
    sentence = 'a line holds one JSON object, like {"verb": "draw", ...}, not a list'
    assert catalogue("fr").translate(sentence) == \
        'une ligne contient un objet JSON, comme {"verb": "draw", ...}, pas une liste'
    assert catalogue("it").gettext('{x} like {"player": "Anna"}', x="A") == \
        'A like {"player": "Anna"}'


@pytest.mark.slow
def test_every_message_of_the_corrupted_matches_is_said_in_both_languages() -> None:
    """The 2,000-odd corrupted matches of tests/corruptions.py (every kind of mistake
    on the fixtures and on simulated matches): each violation and note they give comes
    out in Italian and in French with no English left."""
    from corruptions import default_sources, make_cases, source

    from scala40cli.judging.match.referee import replay

    messages: set[str] = set()
    for case in make_cases(default_sources()):
        parsed = parse_text(case.text(source(case.source).lines))
        messages |= {error.message for error in parsed.errors}
        for game in parsed.games:
            result = replay(game)
            messages |= {p.message for p in (*result.violations, *result.notes)}
    assert len(messages) > 1000
    for language in TRANSLATED:
        words = catalogue(language)
        untranslated = {m: said for m in messages
                        if (said := words.translate(m)) == m or _english_left(said)}
        assert untranslated == {}, language


#: Lines that are not JSON, one for each thing the reader says of them.
NOT_JSON = ['{"verb": "hand", "number": 1,}', '{"verb": }', '{verb: 1}', '{"verb" 1}',
            '{"verb": 1 "x"}', '{"verb": "ab', '{"verb": "a\tb"}', '{"verb": "\\u12"}',
            '{"verb": "\\q"}', '{"verb": 1} x', '[1,]']


@pytest.mark.parametrize("language", TRANSLATED)
def test_what_is_wrong_with_a_line_that_is_not_json_is_said_in_the_language(
        language: str) -> None:
    """"non è JSON: a comma before the closing '}'": the words after "not JSON" were
    left in English (the placeholder was no sentence said again)."""
    from scala40cli.audit.pipeline import audit_bytes

    head = '{"verb": "tag", "name": "Players", "values": ["Anna", "Bruno"]}\n'
    messages = {error.message for line in NOT_JSON
                for error in audit_bytes(f"{head}{line}\n".encode(), "x.jsonl").errors}
    assert len(messages) == len(NOT_JSON) and all("not JSON" in m for m in messages)
    words = catalogue(language)
    assert {m: said for m in messages if _english_left(said := words.translate(m))} == {}


@pytest.mark.parametrize("language", TRANSLATED)
def test_what_to_do_with_a_file_in_latin1_or_utf16_is_said_in_the_language(
        language: str) -> None:
    from scala40cli.audit.pipeline import audit_bytes
    from scala40cli.reading.parser import decode_log

    for data in (b'[Players "H\xe9l\xe8ne" "Bruno"]\n', '[Players "A" "B"]\n'.encode("utf-16")):
        for message in (audit_bytes(data, "x").errors[0].message,
                        getattr(decode_log(data), "message", "")):
            said = catalogue(language).translate(message)
            assert said != message and not _english_left(said), said
