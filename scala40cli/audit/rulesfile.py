"""Rules files (TOML or JSON), ``--set key=value``, and writing resolved rules back out.

A rules file holds an optional preset and a table of switches::

    preset = "classic"          # optional: the base preset
    [rules]
    opening_points = 50         # whole numbers may be written as numbers or strings
    take_after_opening = "free"

It is read with :mod:`tomllib` or :mod:`json` only, chosen by the extension (``.toml``,
``.json``): nothing in a rules file can run code. :mod:`scala40cli.audit.rulesread` reads it
safely (a regular file, not too big, not too deep, no key written twice). It is checked against
``schemas/rules.schema.json``, and every problem is told in words that name the key, the
value and the allowed values. The schema is built from :mod:`scala40cli.judging.rulebook.rules` by
:func:`rules_schema_document` (a test keeps the shipped file equal to it), so the two
cannot drift.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scala40cli.judging.rulebook.rule_values import shown_token
from scala40cli.judging.rulebook.rules import (
    INTEGER_KEYS,
    PRESETS,
    RULE_KEYS,
    SWITCH_BY_KEY,
    ResolvedRules,
    RuleChoice,
    RulesError,
    ValueKind,
    allowed_values,
    find_preset,
    parse_value,
    resolve,
    unknown_key_message,
)
from scala40cli.reading.resources import schema

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
from scala40cli.audit.rulesread import LongNumber, read_document

SCHEMA_NAME = "rules.schema.json"
SET_SOURCE = "--set"
RULES_OPTION = "--rules"
FILE_SUFFIXES = (".toml", ".json")

_TOP_KEYS = ("$schema", "preset", "rules")
_NUMBER = re.compile(r"-?[0-9]+")

def _positive_up_to(high: int) -> str:
    """A regular expression of the whole numbers 1 to ``high`` in the digits 0-9,
    leading zeros allowed: what :func:`scala40cli.judging.rulebook.rule_values.whole_number`
    accepts."""
    top = str(high)
    parts = ["[1-9]" + "[0-9]" * (length - 1) for length in range(1, len(top))]
    for index, digit in enumerate(top):
        least = 1 if index == 0 else 0
        if int(digit) > least:
            rest = "[0-9]" * (len(top) - index - 1)
            below = str(least) if int(digit) - 1 == least else f"[{least}-{int(digit) - 1}]"
            parts.append(f"{top[:index]}{below}{rest}")
    parts.append(top)
    return "^0*(?:" + "|".join(parts) + ")$"


# --- the schema -------------------------------------------------------------------------


def _key_schema(key: str) -> dict[str, Any]:
    """The schema of one switch, from its descriptor: its tokens (whole numbers also as
    numbers), or a range of whole numbers written as numbers or strings."""
    switch = SWITCH_BY_KEY[key]
    entry: dict[str, Any] = {"description": f"{switch.meaning} (classic: {switch.classic})"}
    if switch.closed:
        numbers = [int(token) for token in switch.tokens if _NUMBER.fullmatch(token)]
        entry["enum"] = [*switch.tokens, *numbers]
        return entry
    if switch.minimum != 1 or switch.maximum is None:
        raise ValueError(f"{key}: the schema writes ranges of whole numbers from 1 to a "
                         "maximum only")
    whole = [
        {"type": "integer", "minimum": switch.minimum, "maximum": switch.maximum},
        {"type": "string", "pattern": _positive_up_to(switch.maximum)},
    ]
    none = [{"const": "none"}] if switch.kind is ValueKind.NONE_OR_NUMBER else []
    entry["anyOf"] = [*none, *whole]
    return entry


def rules_schema_document() -> dict[str, Any]:
    """What ``schemas/rules.schema.json`` must hold, built from the rules module."""
    names = [spelling for entry in PRESETS.values() for spelling in (entry.name, *entry.aliases)]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "scala40 rules file",
        "description": (
            "A rules file for `scala40 replay --rules FILE` (.toml or .json): an optional "
            "base preset and a table of rule switches, applied over the game logs' tags. "
            "Keys and value tokens are those of docs/rules.md; whole numbers may be "
            "written as numbers or as strings. `scala40 rules PRESET` prints one."
        ),
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "$schema": {
                "description": "The schema of the file, for editors; ignored by scala40.",
                "type": "string",
            },
            "preset": {
                "description": (
                    "The base preset (a name or alias, as `scala40 rules` lists them); "
                    "without it the log's [Rules] tag, else classic, is the base."
                ),
                "enum": names,
            },
            "rules": {
                "description": "Rule switches: key -> value, applied in the order written.",
                "type": "object",
                "additionalProperties": False,
                "properties": {key: _key_schema(key) for key in RULE_KEYS},
            },
        },
    }


_SCALAR_LIST = re.compile(r'\[\n((?:\s+(?:"[^"\n]*"|-?\d+)(?:,\n)?)+)\n\s+\]')
_SCALAR_OBJECT = re.compile(
    r'\{\n((?:\s+"[^"\n]+": (?:"[^"\n]*"|-?\d+|true|false)(?:,\n)?)+)\n\s+\}'
)


def rules_schema_text() -> str:
    """:func:`rules_schema_document` as the text of ``schemas/rules.schema.json``: indented,
    with lists of values and small objects on one line. Regenerate the file with
    ``python -c "from scala40cli.audit.rulesfile import rules_schema_text as t;
    print(t(), end='')" > schemas/rules.schema.json``."""

    def one_line(found: re.Match[str]) -> str:
        return ", ".join(part.strip() for part in found.group(1).split(",\n"))

    def short_object(found: re.Match[str]) -> str:
        joined = "{" + one_line(found) + "}"
        return joined if len(joined) < 80 else found.group(0)

    text = json.dumps(rules_schema_document(), indent=2, ensure_ascii=False)
    text = _SCALAR_LIST.sub(lambda found: "[" + one_line(found) + "]", text)
    return _SCALAR_OBJECT.sub(short_object, text) + "\n"


def _validator() -> Draft202012Validator:
    """The validator of rules files; jsonschema is imported here, only when a file is read,
    as it costs more to import than the rest of the command line."""
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema(SCHEMA_NAME))


# --- reading a rules file ---------------------------------------------------------------


def load_rules_file(path: str | Path) -> RuleChoice:
    """The choice a rules file makes; RulesError says in words what is wrong with it."""
    name = str(path)
    return choice_from_document(read_document(name, FILE_SUFFIXES), name)


def choice_from_document(document: object, name: str) -> RuleChoice:
    """The choice of a parsed rules file named ``name``; checks it against the schema."""
    source = f"rules file {name}"
    checked = _normalised(document)
    messages = _problems(checked, name)
    if messages:
        raise RulesError("\n".join(messages))
    assert isinstance(checked, dict)
    values: list[tuple[str, str, str]] = []
    for key, value in checked.get("rules", {}).items():
        token = _token_of(value)
        assert token is not None  # the schema let only strings and whole numbers through
        parse_value(key, token, name)
        values.append((key, token, source))
    preset = checked.get("preset")
    return RuleChoice(preset=preset, values=tuple(values), preset_source=source)


def _normalised(document: object) -> object:
    """The preset name as the schema lists it, so that any case or ``_`` goes."""
    if isinstance(document, dict) and isinstance(document.get("preset"), str):
        try:
            found = find_preset(document["preset"])
        except RulesError:
            return document
        return {**document, "preset": found.name}
    return document


def _problems(document: object, where: str) -> list[str]:
    """Every schema error of the document, in words, in the order of the file."""
    errors = list(_validator().iter_errors(document))
    if not errors:
        return []
    if not isinstance(document, dict):
        return [f"{where} must hold a table of settings (preset, [rules]), "
                f"not {_shown(document)}"]
    messages: list[str] = []
    for key in document:
        if key not in _TOP_KEYS:
            messages.append(_unknown_top_key(key, where))
    if "preset" in document and any(list(e.path)[:1] == ["preset"] for e in errors):
        preset = document["preset"]
        if isinstance(preset, str):
            try:
                find_preset(preset, where)
            except RulesError as error:
                messages.append(str(error))
        else:
            messages.append(f"preset in {where} must be a name, not {_shown(preset)}; "
                            f"known presets: {', '.join(PRESETS)}")
    if "$schema" in document and any(list(e.path)[:1] == ["$schema"] for e in errors):
        messages.append(f"$schema in {where} must be a string")
    rules = document.get("rules")
    if rules is not None and not isinstance(rules, dict):
        messages.append(f"rules in {where} must be a table of key = value, "
                        f"not {_shown(rules)}")
    elif isinstance(rules, dict):
        bad_keys = {str(e.path[1]) for e in errors if len(e.path) >= 2 and e.path[0] == "rules"}
        for key, value in rules.items():
            if key not in RULE_KEYS:
                messages.append(unknown_key_message(key, where))
            elif key in bad_keys:
                messages.append(f"bad value {_shown(value)} for rule {key!r} in {where}; "
                                f"allowed: {allowed_values(key)}")
    if not messages:  # a schema error this module has no words for: say it as it is
        messages = [f"{where}: {error.message}" for error in errors]
    return messages


def _unknown_top_key(key: str, where: str) -> str:
    if key in RULE_KEYS:
        return (f"rule key {key!r} in {where} belongs in the [rules] table "
                f"(\"rules\" in JSON)")
    import difflib  # only for a misspelt key

    close = difflib.get_close_matches(key, _TOP_KEYS, n=1)
    hint = f"did you mean {close[0]!r}? " if close else ""
    return (f"unknown key {key!r} in {where}; {hint}"
            f"a rules file has preset and a [rules] table")


def _token_of(value: object) -> str | None:
    """The token a file value stands for: strings as written, whole numbers as digits."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, str):
        return value
    return None


def _shown(value: object) -> str:
    """A file value as a message shows it: ``'free'``, ``true``, ``40.5``, ``a table``."""
    if isinstance(value, str):
        return shown_token(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, LongNumber):
        return value.shown()
    if value is None:
        return "null"
    return f"a {type(value).__name__}"


# --- the command line: --rules and --set ------------------------------------------------


def parse_set(text: str) -> tuple[str, str]:
    """``key=value`` of a ``--set`` option, both stripped; RulesError if there is no ``=``."""
    key, equals, value = text.partition("=")
    if not equals:
        raise RulesError(
            f"--set takes key=value, such as --set opening_points=50; got {text!r}"
        )
    return key.strip(), value.strip()


def is_rules_file(text: str) -> bool:
    """Does ``--rules`` name a file rather than a preset?

    Yes for a path ending in .toml or .json or holding a folder separator, and for any
    other existing file unless a preset has that name (``classic`` is the preset even
    when a file called ``classic`` lies in the current folder).
    """
    if text.lower().endswith(FILE_SUFFIXES) or "/" in text or os.sep in text:
        return True
    try:
        find_preset(text)
    except RulesError:
        return Path(text).is_file()
    return False


def choice_from(rules: str | None, sets: Sequence[str] = ()) -> RuleChoice:
    """The command line's choice: ``--rules PRESET|FILE`` and ``--set key=value``...

    Everything is checked here, before any game is replayed: an unknown preset, key or
    value, an unreadable or invalid file, or values that cannot go together over their
    preset raise RulesError.
    """
    choice = RuleChoice()
    if rules is not None:
        if is_rules_file(rules):
            choice = load_rules_file(rules)
        else:
            choice = RuleChoice(preset=find_preset(rules).name, preset_source=RULES_OPTION)
    extra = tuple((*parse_set(text), SET_SOURCE) for text in sets)
    choice = RuleChoice(
        preset=choice.preset, values=choice.values + extra, preset_source=choice.preset_source
    )
    resolve(log_preset=None, log_values=(), choice=choice)
    return choice


# --- writing resolved rules as a rules file ---------------------------------------------


def _file_value(key: str, token: str) -> int | str:
    if key in INTEGER_KEYS and token != "none":
        return int(token)
    return token


def rules_document(resolved: ResolvedRules) -> dict[str, Any]:
    """The resolved rules in the shape of a rules file (every key, the preset first)."""
    tokens = resolved.rules.as_tokens()
    return {
        "preset": resolved.preset,
        "rules": {key: _file_value(key, token) for key, token in tokens.items()},
    }


def rules_json(resolved: ResolvedRules) -> str:
    """The resolved rules as a JSON rules file."""
    return json.dumps(rules_document(resolved), indent=2) + "\n"


def rules_toml(resolved: ResolvedRules) -> str:
    """The resolved rules as a TOML rules file, each key with its allowed values and,
    when it does not come from the preset, its source."""
    document = rules_document(resolved)
    preset_source = next(
        (source for source in resolved.sources.values() if source.startswith("preset ")),
        f"preset {resolved.preset}",
    )
    lines = [
        f"# scala40 rules: {preset_source.removeprefix('preset ')}, every switch resolved.",
        "# Save as a .toml file, edit, and replay with: scala40 replay --rules FILE game.s40",
        f"preset = {json.dumps(document['preset'])}",
        "",
        "[rules]",
    ]
    settings = [f"{key} = {json.dumps(value)}" for key, value in document["rules"].items()]
    width = max(len(setting) for setting in settings)
    for setting, key in zip(settings, document["rules"], strict=True):
        note = allowed_values(key)
        source = resolved.sources.get(key, "")
        if not source.startswith("preset "):
            note += f"; from {source}"
        lines.append(f"{setting.ljust(width)}  # {note}")
    return "\n".join(lines) + "\n"
