"""The rules of a game: the switches, the presets, and how a game's rules are resolved.

This module is the one place the rest of the package imports rules from. The switches
are described in :mod:`scala40cli.judging.rulebook.switches` (one descriptor each, and the
:class:`Rules` object), their values are read by :mod:`scala40cli.judging.rulebook.rule_values`, the
presets are in :mod:`scala40cli.judging.rulebook.presets`; this module resolves the rules of one
game
from a preset, the log's tags and the command line.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from scala40cli.judging.rulebook.presets import (
    DEFAULT_FIXED_HANDS,
    MATCH_LENGTH_KEYS,
    PRESETS,
    RULE_TEXTS,
    Preset,
    RuleText,
    find_preset,
    inconsistency,
    preset,
)
from scala40cli.judging.rulebook.rule_enums import (
    ELIMINATION_NONE,
    ELIMINATION_PER_PLAYER,
    ELIMINATION_VALUES,
    AcePenalty,
    ClosingDiscard,
    ClosingFirstRound,
    DiscardJoker,
    DiscardPlayable,
    DiscardTakenCard,
    FreedJoker,
    InHandBonus,
    OneGoThreshold,
    OpeningJokers,
    OpeningSameTurn,
    OpeningTurnPlays,
    SetJokerSuit,
    StockExhausted,
    TakeAfterOpening,
    TakeBeforeOpening,
    Teams,
    UnopenedPenalty,
    UpcardJoker,
    YesNo,
)
from scala40cli.judging.rulebook.rule_values import (
    RulesError,
    allowed_values,
    parse_value,
    unknown_key_message,
    value_tokens,
    with_values,
)
from scala40cli.judging.rulebook.switches import (
    CLASSIC,
    INTEGER_KEYS,
    MEANINGS,
    RULE_KEYS,
    SWITCH_BY_KEY,
    SWITCHES,
    Rules,
    Switch,
    ValueKind,
    token_of,
)

__all__ = [
    "CLASSIC", "DEFAULT_FIXED_HANDS", "ELIMINATION_NONE", "ELIMINATION_PER_PLAYER",
    "ELIMINATION_VALUES", "INTEGER_KEYS", "MEANINGS", "PRESETS", "RULE_KEYS", "RULE_TEXTS",
    "SWITCHES", "SWITCH_BY_KEY", "AcePenalty", "ClosingDiscard", "ClosingFirstRound",
    "DiscardJoker", "DiscardPlayable", "DiscardTakenCard", "FreedJoker", "InHandBonus",
    "OneGoThreshold", "OpeningJokers", "OpeningSameTurn", "OpeningTurnPlays", "Preset",
    "ResolvedRules", "RuleChoice", "RuleText", "Rules", "RulesError", "SetJokerSuit",
    "StockExhausted", "Switch", "TakeAfterOpening", "TakeBeforeOpening", "Teams",
    "UnopenedPenalty", "UpcardJoker", "ValueKind", "YesNo", "allowed_values", "find_preset",
    "inconsistency", "parse_value", "preset", "resolve", "token_of", "unknown_key_message",
    "value_tokens", "with_values",
]


# --- resolving: preset, log tags, command line ------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleChoice:
    """What the command line chose: a preset, and values applied over the log's."""

    #: ``--rules PRESET``, or a rules file's ``preset``; None leaves the log's.
    preset: str | None = None
    #: (key, token, source) in the order applied: rules file values, then ``--set``.
    values: tuple[tuple[str, str, str], ...] = ()
    #: How to name where the preset came from.
    preset_source: str = "--rules"


@dataclass(frozen=True, slots=True, kw_only=True)
class ResolvedRules:
    """The rules of one game, where each value came from, and the bad log tags."""

    rules: Rules
    #: Every key -> "preset classic", "preset scala50 (--rules)", "log line 4",
    #: "rules file r.toml", "--set", ...
    sources: dict[str, str]
    #: (line of the log tag, message) for every bad [Rules]/[Rule] tag.
    problems: tuple[tuple[int, str], ...]
    #: The name of the base preset.
    preset: str = "classic"


#: No choice of the command line: the log's own rules. Built once (a frozen dataclass
#: is built field by field in Python, even compiled), not for every game replayed.
_NO_CHOICE = RuleChoice()

#: One setting: key, typed value, source, line of its log tag (None: command line).
_Step = tuple[str, object, str, int | None]


def resolve(
    *,
    log_preset: tuple[int, str] | None,
    log_values: Sequence[tuple[int, str, str]],
    choice: RuleChoice | None,
) -> ResolvedRules:
    """The rules of one game: a preset, then the log's values, then the command line's.

    The base preset is the command line's if it names one, else the log's ``[Rules]``
    (``log_preset`` = (line, name)), else classic. The log's ``[Rule]`` values
    (line, key, token) apply over it in order, then the command line's. A bad log tag
    is a problem on its line and is skipped. Bad command-line input (an unknown preset,
    key or value, or values that cannot go together over its own preset) raises
    RulesError: callers check the choice once, before any replay, with
    ``resolve(log_preset=None, log_values=(), choice=choice)``.

    When the log leaves ``elimination`` and ``fixed_hands`` at odds, the one set last
    decides and the other follows (see :func:`_settle_match_length`).
    """
    choice = choice or _NO_CHOICE
    command_preset = None if choice.preset is None else find_preset(choice.preset)
    command_steps: list[_Step] = [
        (key, parse_value(key, token, source), source, None)
        for key, token, source in choice.values
    ]
    own = _apply((command_preset or PRESETS["classic"]).rules, command_steps)
    clash = inconsistency(own)
    if clash is not None:
        where = sorted({source for key, _v, source, _l in command_steps
                        if key in MATCH_LENGTH_KEYS})
        hands = own.fixed_hands or DEFAULT_FIXED_HANDS
        raise RulesError(f"{clash} (set in {' and '.join(where)}); a match of a fixed number "
                         f"of hands needs both, e.g. --set elimination=none --set "
                         f"fixed_hands={hands}, or --rules fixed-hands")

    problems: list[tuple[int, str]] = []
    log_base: Preset | None = None
    log_base_line = 0
    if log_preset is not None:
        log_base_line, name = log_preset
        try:
            log_base = find_preset(name)
        except RulesError as error:
            problems.append((log_base_line, str(error)))
    if command_preset is not None:
        base, label = command_preset, f"preset {command_preset.name} ({choice.preset_source})"
    elif log_base is not None:
        base, label = log_base, f"preset {log_base.name} (log line {log_base_line})"
    else:
        base, label = PRESETS["classic"], "preset classic"

    log_steps: list[_Step] = []
    for line, key, token in log_values:
        try:
            log_steps.append((key, parse_value(key, token), f"log line {line}", line))
        except RulesError as error:
            problems.append((line, str(error)))
    steps = log_steps + command_steps
    sources = dict.fromkeys(RULE_KEYS, label)
    for key, _value, source, _line in steps:
        sources[key] = source
    rules, problem = _settle_match_length(_apply(base.rules, steps), sources, steps, base)
    if problem is not None:
        problems.append(problem)
    return ResolvedRules(rules=rules, sources=sources,
                         problems=tuple(sorted(problems, key=lambda p: p[0])),
                         preset=base.name)


def _apply(rules: Rules, steps: Sequence[_Step]) -> Rules:
    if not steps:
        return rules
    changes = {key: value for key, value, _source, _line in steps}
    return dataclasses.replace(rules, **changes)  # type: ignore[arg-type]


def _settle_match_length(
    rules: Rules, sources: dict[str, str], steps: Sequence[_Step], base: Preset
) -> tuple[Rules, tuple[int, str] | None]:
    """Make ``elimination`` and ``fixed_hands`` agree: the one set last decides.

    ``fixed_hands=N`` brings ``elimination=none``; a numbered ``elimination`` brings
    ``fixed_hands=none``; ``elimination=none`` brings the base preset's number of hands
    (or 10); ``fixed_hands=none`` brings the base preset's elimination (or 101). Only
    when both were set and the deciding one is a log tag does that tag's line get a
    problem; the command line's word is final. Updates ``sources``.
    """
    clash = inconsistency(rules)
    if clash is None:
        return rules, None
    # Presets are consistent, so a setting made the clash; the last one decides.
    key, value, source, line = next(s for s in reversed(steps) if s[0] in MATCH_LENGTH_KEYS)
    partner: str
    partner_value: object
    if key == "fixed_hands":
        partner = "elimination"
        if value is not None:
            partner_value = ELIMINATION_NONE
        elif base.rules.elimination != ELIMINATION_NONE:
            partner_value = base.rules.elimination
        else:
            partner_value = CLASSIC.elimination
    else:
        partner = "fixed_hands"
        if value != ELIMINATION_NONE:
            partner_value = None
        else:
            partner_value = base.rules.fixed_hands or DEFAULT_FIXED_HANDS
    settled = dataclasses.replace(rules, **{partner: partner_value})  # type: ignore[arg-type]
    sources[partner] = f"{source}, with {key}={token_of(value)}"
    if line is None or not any(step[0] == partner for step in steps):
        return settled, None  # one value alone says what it means: no contradiction
    return settled, (line, f"{clash}; the one set last, {key}={token_of(value)}, decides: "
                           f"the game is replayed with {partner}={token_of(partner_value)}")

