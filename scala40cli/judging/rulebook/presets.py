"""The presets: named rule sets, each a set of values for every switch.

Every preset starts from ``classic`` and changes only the switches it names; each is
checked when it is built (its values go through :func:`~scala40cli.judging.rulebook.rule_values.
with_values`, and the match-length switches must agree). :data:`RULE_TEXTS` says which
preset plays each of the rule texts the switch table quotes.
"""

from __future__ import annotations

from dataclasses import dataclass

from scala40cli.judging.rulebook.rule_enums import ELIMINATION_NONE
from scala40cli.judging.rulebook.rule_values import RulesError, with_values
from scala40cli.judging.rulebook.switches import CLASSIC, Rules

#: The version of the rules as this referee reads them: the switches' meanings and the
#: presets' values. Raised whenever one of them changes, so that two results under the
#: same preset, switches and version were judged by the same rules (a server stores it
#: beside each result). ``tests/test_rules_version.py`` holds the fingerprint of the
#: switches and presets this version names, and fails when they change without it.
RULES_VERSION = "1"

# --- consistency --------------------------------------------------------------------------

#: The number of hands a fixed-hands match gets when nothing says how many.
DEFAULT_FIXED_HANDS = 10

MATCH_LENGTH_KEYS = frozenset({"elimination", "fixed_hands"})


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
    #: The rule text it follows (A, B, F, ... as docs/rules.md names them), in words.
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
        summary="the Italian federation's rules as far as they are known here (runs of 14 "
                "with a joker as the other ace, the discard pile only to open); the rest "
                "as classic",
        follows="F (FISCA), classic where F is not known",
        aliases=("federation",),
    ),
    Preset(
        name="strict",
        rules=_derived(
            take_before_opening="forbidden", freed_joker="must_use",
            discard_joker="not_closing", closing_first_round="not_allowed",
            stock_exhausted="reshuffle",
        ),
        summary="the discard pile only after opening, a freed joker laid down at once, no "
                "closing in one's first turn nor with a joker, the stock rebuilt as often "
                "as needed",
        follows="C (the Italian text with no closing in the first round)",
        aliases=("rigorosa", "no-first-round"),
    ),
    Preset(
        name="rientro",
        rules=_derived(
            discard_playable="forbidden", one_go_threshold="waived", elimination="50n+1",
            reentry="yes",
        ),
        summary="re-entry with the highest total, out at 50 a player + 1, cards that "
                "could be attached never discarded, closing in one go without the 40",
        follows="D (the Italian text with re-entry and 50 a player + 1)",
        aliases=("re-entry", "reentry"),
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
    found = _BY_NAME.get(name)  # as written, most often: no key to work out
    if found is None:
        found = _BY_NAME.get(_preset_key(name))
    if found is None:
        import difflib  # only for a name that is not known

        close = difflib.get_close_matches(_preset_key(name), list(_BY_NAME), n=1)
        hint = f"did you mean {_BY_NAME[close[0]].name!r}? " if close else ""
        place = f" in {where}" if where else ""
        raise RulesError(f"unknown rules preset {name!r}{place}; {hint}"
                         f"known presets: {', '.join(PRESETS)}")
    return found


def preset(name: str) -> Rules:
    """The rules of the preset of this name; RulesError lists the known ones."""
    return find_preset(name).rules


@dataclass(frozen=True, slots=True)
class RuleText:
    """One of the rule texts behind the switch table, and the preset that plays it."""

    label: str
    description: str
    preset: str


#: The rule texts the switch table quotes, each with its preset (``scala40 rules``).
RULE_TEXTS: tuple[RuleText, ...] = (
    RuleText("A", "the French text: natural cards only in the opening", "traditional"),
    RuleText("A (Italian)", "the Italian twin of A: the same rules, so A's preset",
             "traditional"),
    RuleText("B", "the game against the computer, complete and precise", "classic"),
    RuleText("C", "the Italian text with no closing in the first round", "strict"),
    RuleText("D", "the Italian text with re-entry and 50 a player + 1", "rientro"),
)
if any(text.preset not in PRESETS for text in RULE_TEXTS):
    raise ValueError("a rule text names a preset that does not exist")
