"""``scala40 explain``: what a violation code means, from the rulebook of
:mod:`scala40cli.model.violations`, in the language of ``--lang`` (the code and its
name never change)."""

from __future__ import annotations

from difflib import get_close_matches

import click

from scala40cli.cli.doc_sections import find_section
from scala40cli.cli.language import chosen_words
from scala40cli.model.violations import RULEBOOK, Code
from scala40cli.translation.catalogue import ENGLISH, Catalogue


def run_explain(*, code: str | None, lang_option: str | None = None) -> None:
    """Every code and its name, or the explanation of ``code`` (a usage error, exit 2,
    when it is unknown)."""
    if code is None:
        for known, entry in RULEBOOK.items():
            click.echo(f"{known}  {entry.name}")
        return
    found = find_code(code)
    if found is None:
        close = get_close_matches(code.strip().lower().replace("_", "-"), _SPELLINGS, 3, 0.7)
        meant = f" (did you mean {' or '.join(_SPELLINGS[c] for c in close)}?)" if close else ""
        raise click.BadParameter(
            f"unknown code {code!r}{meant}; `scala40 explain` lists them all",
            param_hint="'CODE'")
    click.echo(explanation(found, chosen_words(lang_option)))


#: Every code and name, lower case, for the close matches of an unknown one.
_SPELLINGS = {spelling.lower(): spelling for code, entry in RULEBOOK.items()
              for spelling in (code.value, entry.name)}


def find_code(text: str) -> Code | None:
    """The code written as ``T004``, ``not-in-hand`` or ``not_in_hand``, in any case;
    None if unknown."""
    wanted = text.strip().lower().replace("_", "-")
    for code, entry in RULEBOOK.items():
        if wanted in (code.value.lower(), entry.name):
            return code
    return None


def explanation(code: Code, words: Catalogue = ENGLISH) -> str:
    """What ``scala40 explain`` prints for a code: name, meaning, the rule in words, an
    example, in the language of ``words``, and the words of the docs that explain the
    rule (quoted, in English, from the pages the package ships, so an installed scala40
    shows them: never a link to a file the user may not have)."""
    entry = RULEBOOK[code]
    say = words.gettext
    lines = [
        f"{code} {entry.name}",
        "",
        say(entry.summary),
        "",
        say("Rule: {rule}.", rule=say(entry.source)),
        say("Example: {example}", example=say(entry.example)),
    ]
    section = find_section(entry.see)
    if section is not None and section.paragraphs:
        titled, untitled = _FROM.get(entry.see.partition("#")[0], _FROM_DOCS)
        where = say(titled, title=section.title) if section.title else say(untitled)
        lines += ["", where, ""]
        lines += [paragraph + "\n" for paragraph in section.paragraphs]
    return "\n".join(lines).rstrip("\n")


#: Where a quote comes from, with its section's title and without, by page: one whole
#: sentence each, since a language joins "from" to the page's name ("dalle regole",
#: "du format").
_FROM = {
    "decisions.md": ("From the referee's decisions, {title}:", "From the referee's decisions:"),
    "rules.md": ("From the rules, {title}:", "From the rules:"),
    "log-format.md": ("From the log format, {title}:", "From the log format:"),
}
_FROM_DOCS = ("From the docs, {title}:", "From the docs:")
