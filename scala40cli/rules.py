"""The rule switches of ``shared/spec/rules-matrix.md`` and the presets built from them.

One frozen :class:`Rules` object holds every switch. The referee and the scoring read
rule values from it and from nowhere else. Keys and value tokens are exactly those of
the matrix, so that ``[Rule "key" "value"]`` tags, rules files and ``--set`` all speak
the same words; the first token of every switch is the ``classic`` value.
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum


class UpcardJoker(StrEnum):
    RETURNED = "returned"
    STAYS = "stays"


class OpeningJokers(StrEnum):
    ALLOWED = "allowed"
    FORBIDDEN = "forbidden"


class OpeningSameTurn(StrEnum):
    YES = "yes"


class TakeBeforeOpening(StrEnum):
    ONLY_TO_OPEN = "only_to_open"
    FORBIDDEN = "forbidden"


class TakeAfterOpening(StrEnum):
    MUST_USE = "must_use"
    FREE = "free"


class DiscardTakenCard(StrEnum):
    FORBIDDEN = "forbidden"
    ALLOWED = "allowed"


class OpeningTurnPlays(StrEnum):
    ANYWHERE = "anywhere"
    OWN_MELDS = "own_melds"
    NOTHING = "nothing"


class YesNo(StrEnum):
    YES = "yes"
    NO = "no"


class FreedJoker(StrEnum):
    TO_HAND = "to_hand"
    MUST_USE = "must_use"


class SetJokerSuit(StrEnum):
    ANY = "any"
    DECLARED = "declared"


class DiscardPlayable(StrEnum):
    ALLOWED = "allowed"
    FORBIDDEN = "forbidden"
    FORBIDDEN_UNLESS_CLOSING = "forbidden_unless_closing"
    FORBIDDEN_BEFORE_OPENING = "forbidden_before_opening"


class DiscardJoker(StrEnum):
    ALLOWED = "allowed"
    NOT_CLOSING = "not_closing"
    CLOSING_ONLY = "closing_only"


class ClosingDiscard(StrEnum):
    NEEDS = "needs"
    OPTIONAL = "optional"


class ClosingFirstRound(StrEnum):
    ALLOWED = "allowed"
    NOT_ALLOWED = "not_allowed"


class InHandBonus(StrEnum):
    DOUBLED = "doubled"
    MINUS100 = "minus100"
    NONE = "none"


class AcePenalty(StrEnum):
    ELEVEN = "11"
    ONE = "1"
    ONE_IF_LAST = "1_if_last"


class UnopenedPenalty(StrEnum):
    HUNDRED = "100"
    CARDS = "cards"


class StockExhausted(StrEnum):
    ONCE_THEN_VOID = "once_then_void"
    RESHUFFLE = "reshuffle"


class Teams(StrEnum):
    NONE = "none"
    PAIRS = "pairs"


#: Values of ``elimination`` other than a plain number.
ELIMINATION_PER_PLAYER = "50n+1"
ELIMINATION_NONE = "none"
ELIMINATION_VALUES = ("101", "151", "201", "301", "501", ELIMINATION_PER_PLAYER, ELIMINATION_NONE)


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """Every rule switch, with the ``classic`` values as defaults."""

    jokers: int = 4
    upcard_joker: UpcardJoker = UpcardJoker.RETURNED
    opening_points: int = 40
    opening_jokers: OpeningJokers = OpeningJokers.ALLOWED
    opening_same_turn: OpeningSameTurn = OpeningSameTurn.YES
    jokers_per_meld: int = 1
    run_max: int = 14
    take_before_opening: TakeBeforeOpening = TakeBeforeOpening.ONLY_TO_OPEN
    take_after_opening: TakeAfterOpening = TakeAfterOpening.MUST_USE
    discard_taken_card: DiscardTakenCard = DiscardTakenCard.FORBIDDEN
    opening_turn_plays: OpeningTurnPlays = OpeningTurnPlays.ANYWHERE
    joker_swap: YesNo = YesNo.YES
    freed_joker: FreedJoker = FreedJoker.TO_HAND
    set_joker_suit: SetJokerSuit = SetJokerSuit.ANY
    discard_playable: DiscardPlayable = DiscardPlayable.ALLOWED
    discard_joker: DiscardJoker = DiscardJoker.ALLOWED
    closing_discard: ClosingDiscard = ClosingDiscard.NEEDS
    closing_first_round: ClosingFirstRound = ClosingFirstRound.ALLOWED
    in_hand_bonus: InHandBonus = InHandBonus.DOUBLED
    winner_bonus: int = 0
    ace_penalty: AcePenalty = AcePenalty.ELEVEN
    unopened_penalty: UnopenedPenalty = UnopenedPenalty.HUNDRED
    stock_exhausted: StockExhausted = StockExhausted.ONCE_THEN_VOID
    elimination: str = "101"
    reentry: YesNo = YesNo.NO
    mortal_combat: YesNo = YesNo.NO
    compra: YesNo = YesNo.NO
    teams: Teams = Teams.NONE
    fixed_hands: int | None = None

    def elimination_threshold(self, players_at_start: int) -> int | None:
        """The total at which a player is out, or None when nobody is eliminated."""
        if self.elimination == ELIMINATION_NONE:
            return None
        if self.elimination == ELIMINATION_PER_PLAYER:
            return 50 * players_at_start + 1
        return int(self.elimination)

    def as_tokens(self) -> dict[str, str]:
        """Every switch as the token a user writes (``fixed_hands`` None is ``none``)."""
        return {field.name: _token(getattr(self, field.name)) for field in dataclasses.fields(self)}


def _token(value: object) -> str:
    if value is None:
        return "none"
    return str(value)


class RulesError(ValueError):
    """An unknown preset, key or value; the message names them and what is allowed."""


def _choices(enum_type: type[StrEnum]) -> tuple[str, ...]:
    return tuple(member.value for member in enum_type)


#: For each key, its allowed tokens (None for an integer key).
_ENUM_KEYS: dict[str, type[StrEnum]] = {
    "upcard_joker": UpcardJoker,
    "opening_jokers": OpeningJokers,
    "opening_same_turn": OpeningSameTurn,
    "take_before_opening": TakeBeforeOpening,
    "take_after_opening": TakeAfterOpening,
    "discard_taken_card": DiscardTakenCard,
    "opening_turn_plays": OpeningTurnPlays,
    "joker_swap": YesNo,
    "freed_joker": FreedJoker,
    "set_joker_suit": SetJokerSuit,
    "discard_playable": DiscardPlayable,
    "discard_joker": DiscardJoker,
    "closing_discard": ClosingDiscard,
    "closing_first_round": ClosingFirstRound,
    "in_hand_bonus": InHandBonus,
    "ace_penalty": AcePenalty,
    "unopened_penalty": UnopenedPenalty,
    "stock_exhausted": StockExhausted,
    "reentry": YesNo,
    "mortal_combat": YesNo,
    "compra": YesNo,
    "teams": Teams,
}
_INT_CHOICES: dict[str, tuple[str, ...]] = {
    "jokers": ("4", "2"),
    "jokers_per_meld": ("1",),
    "run_max": ("14", "13"),
    "winner_bonus": ("0", "-100"),
}
RULE_KEYS: tuple[str, ...] = tuple(field.name for field in dataclasses.fields(Rules))


def allowed_values(key: str) -> str:
    """Words for the values a key takes, for error messages and ``scala40 rules``."""
    if key in _ENUM_KEYS:
        classic = str(getattr(CLASSIC, key))
        others = [token for token in _choices(_ENUM_KEYS[key]) if token != classic]
        return ", ".join([classic, *others])
    if key in _INT_CHOICES:
        return ", ".join(_INT_CHOICES[key])
    if key == "elimination":
        return ", ".join(ELIMINATION_VALUES)
    if key == "opening_points":
        return "a whole number of points, such as 30, 40 or 50"
    if key == "fixed_hands":
        return "none or a whole number of hands"
    raise RulesError(f"unknown rule key {key!r}")


def unknown_key_message(key: str, where: str | None = None, token: str | None = None) -> str:
    """``unknown rule key 'x' (with value '4') in r.toml; did you mean 'y'? known keys: ...``"""
    close = difflib.get_close_matches(key, RULE_KEYS, n=1)
    value = f" (with value {token!r})" if token is not None else ""
    place = f" in {where}" if where else ""
    hint = f"; did you mean {close[0]!r}?" if close else ";"
    return f"unknown rule key {key!r}{value}{place}{hint} known keys: {', '.join(RULE_KEYS)}"


def parse_value(key: str, token: str, where: str | None = None) -> object:
    """The typed value of ``key`` written as ``token``; RulesError names what is allowed.

    ``where`` names the place of the setting in the message (``--set``, ``rules file
    r.toml``); the messages always name the key, the value and the allowed values.
    """
    place = f" in {where}" if where else ""
    if key not in RULE_KEYS:
        raise RulesError(unknown_key_message(key, where, token))
    text = token.strip()
    bad = RulesError(
        f"bad value {token!r} for rule {key!r}{place}; allowed: {allowed_values(key)}"
    )
    if key in _ENUM_KEYS:
        try:
            return _ENUM_KEYS[key](text.lower())
        except ValueError:
            raise bad from None
    if key in _INT_CHOICES:
        if text not in _INT_CHOICES[key]:
            raise bad
        return int(text)
    if key == "elimination":
        if text.lower() not in ELIMINATION_VALUES:
            raise bad
        return text.lower()
    if key == "fixed_hands":
        if text.lower() == "none":
            return None
        if not text.isdigit() or int(text) < 1:
            raise bad
        return int(text)
    # opening_points
    if not text.isdigit() or int(text) < 1:
        raise bad
    return int(text)


CLASSIC = Rules()


def with_values(base: Rules, values: Mapping[str, str] | Iterable[tuple[str, str]]) -> Rules:
    """``base`` with the switches of ``values`` (key -> token) set; checks every pair."""
    pairs = values.items() if isinstance(values, Mapping) else values
    changes = {key: parse_value(key, token) for key, token in pairs}
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


#: One line of meaning for every switch, for ``scala40 rules`` and the rules schema.
MEANINGS: dict[str, str] = {
    "jokers": "jokers in the deck",
    "upcard_joker": "a joker turned up as the first discard goes back into the stock "
                    "and another card is turned / stays",
    "opening_points": "minimum value of the opening",
    "opening_jokers": "jokers in the opening melds, worth the card they replace / "
                      "natural cards only",
    "opening_same_turn": "all opening melds are laid in one turn",
    "jokers_per_meld": "at most one joker a meld",
    "run_max": "the longest run: A-2-...-K plus a joker as the other ace / 13 cards",
    "take_before_opening": "the discard pile before opening: only to open with that card "
                           "in that turn / never",
    "take_after_opening": "after opening, the card taken from the discard pile must reach "
                          "the table that turn / free",
    "discard_taken_card": "discarding the card just taken from the discard pile",
    "opening_turn_plays": "in the opening turn, once the threshold is reached: attach and "
                          "swap anywhere / only on own melds / nothing more",
    "joker_swap": "after opening, a table joker can be taken back by putting the card it "
                  "stands for",
    "freed_joker": "a freed joker goes to the hand / must be laid down in the same turn",
    "set_joker_suit": "a set's joker stands for any missing suit / only for the suit it "
                      "declared",
    "discard_playable": "discarding a card that fits a table meld",
    "discard_joker": "discarding a joker: any time / never as the closing discard / only as "
                     "the closing discard",
    "closing_discard": "closing needs a final discard / may close by laying everything down",
    "closing_first_round": "closing before every player has had a turn",
    "in_hand_bonus": "closing in one go: the others' penalties doubled / the closer's total "
                     "-100 / nothing",
    "winner_bonus": "the closer's total changes by this",
    "ace_penalty": "an ace left in hand costs 11 / 1 / 1 when it is the only card left",
    "unopened_penalty": "a player who never opened pays 100 / the value of their cards",
    "stock_exhausted": "the discard pile becomes the stock once, then the hand is void / as "
                       "often as needed",
    "elimination": "the total that puts a player out (50n+1: 50 x players at the start + 1); "
                   "none: a fixed number of hands",
    "reentry": "an eliminated player re-enters once with the highest remaining total "
               "(3 or more players)",
    "mortal_combat": "after each hand the player with the highest penalty is out",
    "compra": "a player may buy the discard out of turn, lays it down at once and draws one "
              "extra card",
    "teams": "four players in two teams (1st and 3rd, 2nd and 4th), partners' totals summed",
    "fixed_hands": "play N hands (with elimination=none); the lowest total wins, ties: fewer "
                   "unopened hands, more hands won, a play-off hand",
}


def value_tokens(key: str) -> tuple[str, ...] | None:
    """The tokens ``key`` takes, the classic one first; None when any whole number goes
    (``opening_points``, and ``fixed_hands`` besides ``none``)."""
    if key in _ENUM_KEYS:
        classic = str(getattr(CLASSIC, key))
        return (classic, *(t for t in _choices(_ENUM_KEYS[key]) if t != classic))
    if key in _INT_CHOICES:
        return _INT_CHOICES[key]
    if key == "elimination":
        return ELIMINATION_VALUES
    if key in RULE_KEYS:
        return None
    raise RulesError(unknown_key_message(key))


#: The keys whose value is a number in the Rules object (written as numbers in TOML).
INTEGER_KEYS: frozenset[str] = frozenset(
    {"jokers", "opening_points", "jokers_per_meld", "run_max", "winner_bonus", "fixed_hands"}
)


# --- consistency --------------------------------------------------------------------------

#: The number of hands a fixed-hands match gets when nothing says how many.
DEFAULT_FIXED_HANDS = 10

_MATCH_LENGTH_KEYS = frozenset({"elimination", "fixed_hands"})


def inconsistency(rules: Rules) -> str | None:
    """Why these rules cannot be played together, or None.

    ``fixed_hands=N`` needs ``elimination=none`` and ``elimination=none`` needs a number
    of hands: a match ends either by totals or after N hands, never both or neither.
    """
    if rules.fixed_hands is not None and rules.elimination != ELIMINATION_NONE:
        return (f"fixed_hands={rules.fixed_hands} needs elimination=none, "
                f"not elimination={rules.elimination}")
    if rules.fixed_hands is None and rules.elimination == ELIMINATION_NONE:
        return "elimination=none needs a number of hands (fixed_hands=N), not fixed_hands=none"
    return None


# --- presets ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Preset:
    """A named rule set: its rules, one line for ``scala40 rules``, the text it follows."""

    name: str
    rules: Rules
    summary: str
    #: The rule text of the matrix it follows (A, B, F, ...), in words.
    follows: str
    aliases: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        problem = inconsistency(self.rules)
        if problem is not None:
            raise ValueError(f"preset {self.name}: {problem}")

    def changes(self) -> dict[str, str]:
        """The switches this preset sets to something else than ``classic``, as tokens."""
        classic = CLASSIC.as_tokens()
        return {k: v for k, v in self.rules.as_tokens().items() if classic[k] != v}


def _derived(**changes: str) -> Rules:
    return with_values(CLASSIC, changes)


_PRESET_LIST: tuple[Preset, ...] = (
    Preset(
        name="classic",
        rules=CLASSIC,
        summary="the first value of every switch: 40 to open with jokers allowed, the "
                "discard pile only to open or used at once, ace 11, 100 for not opening",
        follows="B, extended to 2-6 players and 14-card runs",
        aliases=("default",),
    ),
    Preset(
        name="traditional",
        rules=_derived(
            opening_jokers="forbidden", take_before_opening="forbidden",
            take_after_opening="free", freed_joker="must_use", in_hand_bonus="minus100",
            ace_penalty="1", unopened_penalty="cards", stock_exhausted="reshuffle",
        ),
        summary="natural cards only in the opening, the discard pile only after opening, a "
                "freed joker used at once, ace 1 in hand, the unopened pay their cards, "
                "closing in one go -100",
        follows="A (the French text and its Italian twin)",
        aliases=("natural", "quaranta"),
    ),
    Preset(
        name="fisca",
        rules=CLASSIC,
        summary="the Italian federation's rules as far as the matrix knows them (runs of 14 "
                "with a joker as the other ace, the discard pile only to open); the rest "
                "as classic",
        follows="F (FISCA), classic where F is not known",
        aliases=("federation",),
    ),
    Preset(
        name="scala30",
        rules=_derived(opening_points="30"),
        summary="Scala Trenta: classic with a 30-point opening",
        follows="A, variant",
        aliases=("scala-30", "scala-trenta", "trenta"),
    ),
    Preset(
        name="scala50",
        rules=_derived(opening_points="50"),
        summary="Scala Cinquanta: classic with a 50-point opening",
        follows="A, variant",
        aliases=("scala-50", "scala-cinquanta", "cinquanta"),
    ),
    Preset(
        name="two-jokers",
        rules=_derived(jokers="2"),
        summary="classic with two jokers in the deck instead of four",
        follows="A, variant",
        aliases=("2-jokers",),
    ),
    Preset(
        name="compra",
        rules=_derived(compra="yes"),
        summary="classic with buying the discard out of turn (lay it down at once, draw an "
                "extra card)",
        follows="A, variant",
        aliases=("buy",),
    ),
    Preset(
        name="teams",
        rules=_derived(teams="pairs"),
        summary="classic for four players in two teams, 1st and 3rd against 2nd and 4th, "
                "partners' totals summed",
        follows="A, variant",
        aliases=("pairs", "partners"),
    ),
    Preset(
        name="mortal-combat",
        rules=_derived(mortal_combat="yes"),
        summary="classic, and after each hand the player with the highest penalty is out",
        follows="D, house rule",
        aliases=("mortal",),
    ),
    Preset(
        name="fixed-hands",
        rules=_derived(elimination="none", fixed_hands=str(DEFAULT_FIXED_HANDS)),
        summary=f"classic over {DEFAULT_FIXED_HANDS} hands, nobody eliminated: the lowest "
                "total wins, ties broken as rule text A says",
        follows="A, short games",
        aliases=("fixed",),
    ),
)

#: Every preset by its name, in the order ``scala40 rules`` lists them.
PRESETS: dict[str, Preset] = {entry.name: entry for entry in _PRESET_LIST}


def _preset_key(name: str) -> str:
    """Names compare in any case, with ``-``, ``_`` or spaces alike: ``Two_Jokers``."""
    return "-".join(name.strip().lower().replace("_", " ").replace("-", " ").split())


_BY_NAME: dict[str, Preset] = {
    _preset_key(spelling): entry
    for entry in _PRESET_LIST for spelling in (entry.name, *entry.aliases)
}
if len(_BY_NAME) != sum(1 + len(entry.aliases) for entry in _PRESET_LIST):
    raise ValueError("two presets share a name or an alias")


def find_preset(name: str, where: str | None = None) -> Preset:
    """The preset of this name or alias, in any case; RulesError lists the known ones
    (and names ``where`` the name was written, when given)."""
    found = _BY_NAME.get(_preset_key(name))
    if found is None:
        close = difflib.get_close_matches(_preset_key(name), list(_BY_NAME), n=1)
        hint = f"did you mean {_BY_NAME[close[0]].name!r}? " if close else ""
        place = f" in {where}" if where else ""
        raise RulesError(f"unknown rules preset {name!r}{place}; {hint}"
                         f"known presets: {', '.join(PRESETS)}")
    return found


def preset(name: str) -> Rules:
    """The rules of the preset of this name; RulesError lists the known ones."""
    return find_preset(name).rules


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
    choice = choice or RuleChoice()
    command_preset = None if choice.preset is None else find_preset(choice.preset)
    command_steps: list[_Step] = [
        (key, parse_value(key, token, source), source, None)
        for key, token, source in choice.values
    ]
    own = _apply((command_preset or PRESETS["classic"]).rules, command_steps)
    clash = inconsistency(own)
    if clash is not None:
        where = sorted({source for key, _v, source, _l in command_steps
                        if key in _MATCH_LENGTH_KEYS})
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
    key, value, source, line = next(s for s in reversed(steps) if s[0] in _MATCH_LENGTH_KEYS)
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
    sources[partner] = f"{source}, with {key}={_token(value)}"
    if line is None or not any(step[0] == partner for step in steps):
        return settled, None  # one value alone says what it means: no contradiction
    return settled, (line, f"{clash}; the one set last, {key}={_token(value)}, decides: "
                           f"the game is replayed with {partner}={_token(partner_value)}")

