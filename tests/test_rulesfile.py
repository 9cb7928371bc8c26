"""Rules files (TOML, JSON), --set, the rules schema, and writing resolved rules out."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from test_rules import CLASSIC_TOKENS, MATRIX, PRESET_CHANGES

from scala40cli.audit.rulesfile import (
    choice_from,
    is_rules_file,
    load_rules_file,
    parse_set,
    rules_document,
    rules_json,
    rules_schema_document,
    rules_schema_text,
    rules_toml,
)
from scala40cli.judging.rulebook.rules import (
    CLASSIC,
    PRESETS,
    RULE_KEYS,
    RuleChoice,
    RulesError,
    parse_value,
    preset,
    resolve,
    with_values,
)
from scala40cli.reading.resources import schema


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Work in a temporary folder, so that files are named as short as users name them."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(name: str, text: str) -> str:
    Path(name).write_text(text, encoding="utf-8")
    return name


def error_of(name: str) -> str:
    with pytest.raises(RulesError) as raised:
        load_rules_file(name)
    return str(raised.value)


# --- the schema -----------------------------------------------------------------------------


def test_shipped_schema_is_the_one_built_from_the_rules_module() -> None:
    """Regenerate with: python -c "from scala40cli.audit.rulesfile import rules_schema_text as t;
    print(t(), end='')" > schemas/rules.schema.json"""
    assert schema("rules.schema.json") == rules_schema_document()
    assert json.loads(rules_schema_text()) == rules_schema_document()
    shipped = Path(__file__).resolve().parent.parent / "schemas" / "rules.schema.json"
    assert shipped.read_text(encoding="utf-8") == rules_schema_text()


def test_schema_is_valid_draft_2020_12() -> None:
    document = schema("rules.schema.json")
    assert document["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(document)


def test_schema_has_every_key_and_no_other() -> None:
    document = schema("rules.schema.json")
    assert document["additionalProperties"] is False
    rules = document["properties"]["rules"]
    assert rules["additionalProperties"] is False
    assert list(rules["properties"]) == list(MATRIX)


@pytest.mark.parametrize("key", [k for k in MATRIX if k not in ("opening_points", "fixed_hands")])
def test_schema_enums_are_the_matrix_tokens(key: str) -> None:
    """The schema's strings are the switch table tokens (copied by hand in test_rules), and its
    numbers are the tokens that are whole numbers."""
    enum = schema("rules.schema.json")["properties"]["rules"]["properties"][key]["enum"]
    strings = [value for value in enum if isinstance(value, str)]
    numbers = [value for value in enum if not isinstance(value, str)]
    assert strings == list(MATRIX[key])
    assert numbers == [int(t) for t in MATRIX[key] if t.lstrip("-").isdigit()]


def test_schema_presets_are_every_name_and_alias() -> None:
    enum = schema("rules.schema.json")["properties"]["preset"]["enum"]
    assert set(PRESET_CHANGES) <= set(enum)
    assert enum == [s for entry in PRESETS.values() for s in (entry.name, *entry.aliases)]


def _valid(document: Any) -> bool:
    return Draft202012Validator(schema("rules.schema.json")).is_valid(document)


@pytest.mark.parametrize(
    ("document", "valid"),
    [
        ({}, True),
        ({"preset": "scala50"}, True),
        ({"rules": {"opening_points": 45, "fixed_hands": "none"}}, True),
        ({"rules": {"opening_points": "45", "fixed_hands": 3, "elimination": "none"}}, True),
        ({"rules": {"ace_penalty": 1, "winner_bonus": -100, "elimination": 201}}, True),
        ({"rules": {"opening_points": 0}}, False),
        ({"rules": {"opening_points": "forty"}}, False),
        ({"rules": {"fixed_hands": "0"}}, False),
        ({"rules": {"compra": True}}, False),
        ({"rules": {"jokers": 3}}, False),
        ({"rules": {"opening_point": 40}}, False),
        ({"preset": "scala45"}, False),
        ({"jokers": 2}, False),
    ],
)
def test_schema_accepts_and_rejects(document: dict[str, Any], valid: bool) -> None:
    assert _valid(document) is valid


# --- whole numbers: the digits 0-9, within bounds ---------------------------------------------

WHOLE_NUMBER_KEYS = {"opening_points": 200, "fixed_hands": 999}


@pytest.mark.parametrize(
    ("token", "value"),
    [("1", 1), ("40", 40), ("040", 40), (" 50 ", 50), ("200", 200), ("0", None),
     ("201", None), ("-40", None), ("+40", None), ("4_0", None), ("40.0", None),
     ("²", None), ("³", None), ("4²", None), ("٣", None), ("٤٠", None), ("\uff14\uff10", None),
     ("9" * 5000, None), ("0" * 5000 + "40", 40), ("", None)],
)
def test_opening_points_are_digits_0_to_9_from_1_to_200(token: str, value: int | None) -> None:
    """``"²".isdigit()`` is true but ``int("²")`` fails; ``int("٣")`` is 3; ``int`` of
    5,000 digits fails: each was a traceback. Now only 0-9, and 1 to 200."""
    if value is None:
        with pytest.raises(RulesError, match="allowed: a whole number of points from 1 to 200"):
            parse_value("opening_points", token)
    else:
        assert parse_value("opening_points", token) == value


@pytest.mark.parametrize(("token", "value"),
                         [("1", 1), ("999", 999), ("none", None), ("1000", "bad"),
                          ("٣", "bad"), ("³", "bad"), ("9" * 5000, "bad")])
def test_fixed_hands_are_none_or_digits_0_to_9_from_1_to_999(token: str, value: object) -> None:
    if value == "bad":
        with pytest.raises(RulesError, match="none or a whole number of hands from 1 to 999"):
            parse_value("fixed_hands", token)
    else:
        assert parse_value("fixed_hands", token) == value


def test_a_long_value_is_shown_short_in_the_message() -> None:
    with pytest.raises(RulesError) as raised:
        parse_value("opening_points", "9" * 5000)
    assert str(raised.value).startswith(
        f"bad value {'9' * 40!r}... (5,000 characters) for rule 'opening_points'; allowed:")
    with pytest.raises(RulesError) as raised:
        parse_value("x" * 5000, "1")
    assert str(raised.value).startswith(
        f"unknown rule key {'x' * 40!r}... (5,000 characters) (with value '1');")


@settings(max_examples=300, deadline=None)
@given(key=st.sampled_from(RULE_KEYS), token=st.text(max_size=30))
def test_any_value_is_read_or_refused_in_words(key: str, token: str) -> None:
    try:
        parse_value(key, token)
    except RulesError as error:
        assert f"for rule {key!r}" in str(error)


@pytest.mark.parametrize("key", sorted(WHOLE_NUMBER_KEYS))
def test_the_schema_and_the_reader_agree_on_every_number(key: str) -> None:
    """The schema (for editors) and parse_value (the referee) accept the same numbers,
    written as numbers or as strings, with or without leading zeros."""
    high = WHOLE_NUMBER_KEYS[key]
    extra = {"elimination": "none"} if key == "fixed_hands" else {}
    for number in [*range(-2, high + 12), 10 * high, 10**12]:
        for value in (number, str(number), f"00{number}"):
            try:
                parse_value(key, str(value))
                accepted = True
            except RulesError:
                accepted = False
            assert _valid({"rules": {key: value, **extra}}) is accepted, value
            assert accepted is (1 <= number <= high)


# --- reading TOML and JSON --------------------------------------------------------------------

HOUSE_TOML = """\
# Circolo Aurora's house rules
preset = "Scala50"

[rules]
opening_points = "45"
take_after_opening = "free"
jokers = 2
"""

HOUSE_JSON = """\
{"preset": "scala50",
 "rules": {"opening_points": "45", "take_after_opening": "free", "jokers": 2}}
"""


@pytest.mark.parametrize(("name", "text"), [("house.toml", HOUSE_TOML), ("house.json", HOUSE_JSON)])
def test_rules_file_gives_preset_and_values_in_order(here: Path, name: str, text: str) -> None:
    choice = load_rules_file(write(name, text))
    source = f"rules file {name}"
    assert choice == RuleChoice(
        preset="scala50",
        preset_source=source,
        values=(
            ("opening_points", "45", source),
            ("take_after_opening", "free", source),
            ("jokers", "2", source),
        ),
    )
    resolved = resolve(log_preset=None, log_values=(), choice=choice)
    assert resolved.rules == with_values(
        CLASSIC, {"opening_points": "45", "take_after_opening": "free", "jokers": "2"}
    )
    assert resolved.sources["ace_penalty"] == f"preset scala50 ({source})"
    assert resolved.sources["jokers"] == source


def test_rules_file_without_a_preset_leaves_the_log_preset(here: Path) -> None:
    choice = load_rules_file(write("r.toml", "[rules]\nrun_max = 13\n"))
    assert choice.preset is None
    resolved = resolve(log_preset=(1, "scala30"), log_values=(), choice=choice)
    assert resolved.rules == with_values(preset("scala30"), {"run_max": "13"})


def test_empty_rules_file_changes_nothing(here: Path) -> None:
    assert load_rules_file(write("r.toml", "")) == RuleChoice(preset_source="rules file r.toml")
    assert load_rules_file(write("r.json", "{}")).values == ()


def test_json_may_name_its_schema_and_start_with_a_bom(here: Path) -> None:
    Path("r.json").write_bytes(
        b'\xef\xbb\xbf{"$schema": "schemas/rules.schema.json", "rules": {"compra": "yes"}}'
    )
    assert load_rules_file("r.json").values == (("compra", "yes", "rules file r.json"),)


def test_whole_numbers_written_as_floats_are_numbers(here: Path) -> None:
    choice = load_rules_file(write("r.toml", "[rules]\nopening_points = 50.0\n"))
    assert choice.values == (("opening_points", "50", "rules file r.toml"),)


# --- what is wrong with a rules file, in words --------------------------------------------------


def test_typo_in_a_key_suggests_the_closest_one(here: Path) -> None:
    message = error_of(write("r.toml", "[rules]\nopening_point = 40\n"))
    assert message.startswith(
        "unknown rule key 'opening_point' in r.toml; did you mean 'opening_points'?"
    )
    assert "Traceback" not in message


BAD_VALUES = [
    # (TOML value, shown as, key)
    pytest.param('take_after_opening = "sometimes"', "'sometimes'", "take_after_opening",
                 id="bad_token"),
    pytest.param("compra = true", "true", "compra", id="boolean"),
    pytest.param("jokers = 3", "3", "jokers", id="bad_number"),
    pytest.param("opening_points = 40.5", "40.5", "opening_points", id="fraction"),
    pytest.param("opening_points = -40", "-40", "opening_points", id="negative"),
    pytest.param('fixed_hands = "ten"', "'ten'", "fixed_hands", id="hands_word"),
    pytest.param("run_max = [13]", "a list", "run_max", id="list"),
    pytest.param("ace_penalty = {one = 1}", "a table", "ace_penalty", id="table"),
    pytest.param('take_before_opening = "Forbidden"', "'Forbidden'", "take_before_opening",
                 id="case"),
]


@pytest.mark.parametrize(("setting", "shown", "key"), BAD_VALUES)
def test_bad_value_names_key_value_and_allowed_values(
    here: Path, setting: str, shown: str, key: str
) -> None:
    message = error_of(write("r.toml", f"[rules]\n{setting}\n"))
    assert message.startswith(f"bad value {shown} for rule {key!r} in r.toml; allowed: ")
    tokens = MATRIX[key] if key not in ("opening_points", "fixed_hands") else ()
    for token in tokens:
        assert token in message
    if not tokens:
        assert "whole number" in message


def test_every_problem_is_told_at_once(here: Path) -> None:
    message = error_of(
        write("r.json", '{"rules": {"opening_point": 40, "jokers": 3, "compra": "yes"}}')
    )
    lines = message.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("unknown rule key 'opening_point' in r.json")
    assert lines[1].startswith("bad value 3 for rule 'jokers' in r.json; allowed: 4, 2")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param('preset = "scala45"',
                     "unknown rules preset 'scala45' in r.toml; did you mean 'scala50'?",
                     id="unknown_preset"),
        pytest.param("preset = 50", "preset in r.toml must be a name, not 50", id="preset_number"),
        pytest.param("jokers = 2", "rule key 'jokers' in r.toml belongs in the [rules] table",
                     id="rule_key_at_the_top"),
        pytest.param("[rule]\njokers = 2", "unknown key 'rule' in r.toml; did you mean 'rules'?",
                     id="misspelt_table"),
        pytest.param('rules = "classic"', "rules in r.toml must be a table of key = value",
                     id="rules_not_a_table"),
    ],
)
def test_shape_problems(here: Path, text: str, expected: str) -> None:
    assert error_of(write("r.toml", text + "\n")).startswith(expected)


def test_json_that_is_not_an_object(here: Path) -> None:
    assert error_of(write("r.json", "[1, 2]")) == (
        "r.json must hold a table of settings (preset, [rules]), not a list"
    )


def test_invalid_toml_gets_the_parser_line_and_column(here: Path) -> None:
    message = error_of(write("r.toml", '[rules]\nopening_points = "50\n'))
    assert message.startswith("rules file r.toml is not valid TOML: ")
    assert "line 2" in message and "column" in message


def test_invalid_json_gets_the_parser_line_and_column(here: Path) -> None:
    message = error_of(write("r.json", '{"rules": {\n  "jokers": 2,\n}}'))
    # The same words and place on every Python (3.13's json words a trailing comma
    # otherwise, and places it at the comma where 3.11 and 3.12 place it after).
    assert message == ("rules file r.json is not valid JSON: a comma before the closing "
                       "'}' (at line 2, column 14)")


@pytest.mark.parametrize("name", ["r.yaml", "r.py", "rules"])
def test_only_toml_and_json_are_read(here: Path, name: str) -> None:
    write(name, "import os\n")
    assert error_of(name) == (
        f"a rules file is TOML (.toml) or JSON (.json); cannot tell what {name} is"
    )


def test_missing_file(here: Path) -> None:
    assert error_of("missing.toml").startswith("cannot read rules file missing.toml: ")


def test_not_utf8(here: Path) -> None:
    Path("r.toml").write_bytes(b'preset = "caf\xe9"\n')
    assert error_of("r.toml").startswith("rules file r.toml is not UTF-8 text")


def test_values_that_cannot_go_together_are_refused_before_any_game(here: Path) -> None:
    with pytest.raises(RulesError, match=r"fixed_hands=12 needs elimination=none.*r\.toml"):
        choice_from(write("r.toml", "[rules]\nfixed_hands = 12\n"))


# --- --rules and --set ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "pair"),
    [
        ("opening_points=50", ("opening_points", "50")),
        (" opening_points = 50 ", ("opening_points", "50")),
        ("winner_bonus=-100", ("winner_bonus", "-100")),
        ("elimination=50n+1", ("elimination", "50n+1")),
        ("jokers=", ("jokers", "")),
    ],
)
def test_parse_set(text: str, pair: tuple[str, str]) -> None:
    assert parse_set(text) == pair


def test_set_without_equals() -> None:
    with pytest.raises(RulesError, match="--set takes key=value, such as"):
        parse_set("opening_points")


def test_choice_from_a_preset_and_sets() -> None:
    choice = choice_from("SCALA_50", ["take_after_opening=free", "jokers=2"])
    assert choice == RuleChoice(
        preset="scala50",
        values=(("take_after_opening", "free", "--set"), ("jokers", "2", "--set")),
    )
    assert choice_from(None, ()) == RuleChoice()


def test_choice_from_a_file_then_sets(here: Path) -> None:
    choice = choice_from(write("house.toml", HOUSE_TOML), ["jokers=4"])
    assert choice.preset == "scala50"
    assert choice.values[-1] == ("jokers", "4", "--set")
    resolved = resolve(log_preset=None, log_values=(), choice=choice)
    assert resolved.rules.jokers == 4
    assert resolved.sources["jokers"] == "--set"
    assert resolved.sources["opening_points"] == "rules file house.toml"


@pytest.mark.parametrize(
    ("rules", "sets", "named"),
    [
        ("scala45", (), "unknown rules preset 'scala45'"),
        ("nowhere/house.toml", (), "cannot read rules file nowhere/house.toml"),
        ("house.json", (), "cannot read rules file house.json"),
        (None, ("opening_point=40",), "did you mean 'opening_points'?"),
        (None, ("run_max=15",), "bad value '15' for rule 'run_max' in --set; allowed: 14, 13"),
        (None, ("elimination=none",), "elimination=none needs a number of hands"),
    ],
)
def test_choice_from_refuses_bad_input(
    here: Path, rules: str | None, sets: tuple[str, ...], named: str
) -> None:
    with pytest.raises(RulesError) as raised:
        choice_from(rules, sets)
    assert named in str(raised.value)


def test_is_rules_file(here: Path) -> None:
    assert is_rules_file("house.toml") and is_rules_file("HOUSE.JSON")
    assert is_rules_file("rules/house")
    assert not is_rules_file("scala50")
    assert not is_rules_file("house")
    write("house", "")
    assert is_rules_file("house")  # an existing file that is no preset's name
    write("classic", "")
    assert not is_rules_file("classic")  # a preset's name stays the preset
    assert error_of("house").startswith("a rules file is TOML (.toml) or JSON (.json)")


# --- writing the resolved rules out ------------------------------------------------------------


@pytest.mark.parametrize("name", list(PRESET_CHANGES))
@pytest.mark.parametrize(("writer", "suffix"), [(rules_toml, ".toml"), (rules_json, ".json")])
def test_printed_rules_read_back_the_same(
    here: Path, name: str, writer: Any, suffix: str
) -> None:
    choice = choice_from(name, ["take_after_opening=free"])
    resolved = resolve(log_preset=None, log_values=(), choice=choice)
    text = writer(resolved)
    loaded = load_rules_file(write(f"saved{suffix}", text))
    assert loaded.preset == name
    again = resolve(log_preset=None, log_values=(), choice=loaded)
    assert again.rules == resolved.rules
    assert _valid(json.loads(text) if suffix == ".json" else tomllib.loads(text))


def test_rules_document_writes_numbers_as_numbers() -> None:
    resolved = resolve(log_preset=None, log_values=(), choice=RuleChoice(preset="fixed-hands"))
    document = rules_document(resolved)
    assert list(document) == ["preset", "rules"]
    assert list(document["rules"]) == list(RULE_KEYS)
    assert document["rules"]["opening_points"] == 40
    assert document["rules"]["fixed_hands"] == 10
    assert document["rules"]["elimination"] == "none"
    assert document["rules"]["ace_penalty"] == "11"
    classic = rules_document(resolve(log_preset=None, log_values=(), choice=None))
    assert classic["rules"]["fixed_hands"] == "none"
    assert {k: str(v) for k, v in classic["rules"].items()} == CLASSIC_TOKENS


def test_toml_names_the_values_set_elsewhere_than_the_preset() -> None:
    resolved = resolve(
        log_preset=None,
        log_values=(),
        choice=RuleChoice(preset="scala50", values=(("compra", "yes", "--set"),)),
    )
    lines = rules_toml(resolved).splitlines()
    assert lines[0] == "# scala40 rules: scala50 (--rules), every switch resolved."
    assert 'preset = "scala50"' in lines
    [compra] = [line for line in lines if line.startswith("compra")]
    assert compra.endswith("# no, yes; from --set")
    [jokers] = [line for line in lines if line.startswith("jokers ")]
    assert jokers.endswith("# 4, 2")


# --- any file: a choice or a RulesError, never another exception ---------------------------

_SCALARS = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True)
            | st.text(max_size=8) | st.sampled_from(["classic", "none", "50", "²", "٣", "yes"]))
_KEYS = st.sampled_from([*RULE_KEYS[:6], "rules", "preset", "$schema", "x", ""]) | st.text(
    max_size=4)
_VALUES = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=3)
                       | st.dictionaries(_KEYS, inner, max_size=3), max_leaves=12)
_DOCUMENTS = st.dictionaries(st.sampled_from(["preset", "rules", "$schema", "x"]), _VALUES
                             | st.dictionaries(_KEYS, _VALUES, max_size=4), max_size=3)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(document=_DOCUMENTS)
def test_any_json_document_is_a_choice_or_a_rules_error(tmp_path_factory: Any,
                                                        document: dict[str, Any]) -> None:
    path = tmp_path_factory.mktemp("rules") / "r.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    try:
        choice = load_rules_file(path)
    except RulesError as error:
        assert str(error)
    else:
        assert isinstance(choice, RuleChoice)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet='[]{}=."\'#,\n 019xa_-rulespt²', max_size=60))
def test_any_toml_text_is_a_choice_or_a_rules_error(tmp_path_factory: Any, text: str) -> None:
    path = tmp_path_factory.mktemp("rules") / "r.toml"
    path.write_text(text, encoding="utf-8")
    try:
        load_rules_file(path)
    except RulesError as error:
        assert str(error)
