"""Each rule switch is read in one place for each rule it changes (issue 11).

:data:`READERS` is the table: for every switch (every field of ``Rules``), the modules
of the package that may read it, each with what it decides. The test reads the
package's source with :mod:`ast` and finds every read of a switch on a ``Rules``
object (``rules.teams``, ``self.rules.compra``, ``board.rules.run_max``, a name bound
to a ``Rules`` or annotated as one, ``getattr(rules, "jokers")``), so a second reader
of a rule added later fails here: make it ask the module of the rule instead (say
``standings.plays_in_teams`` for ``teams``, ``deal.game_deck`` for ``jokers``).

Allowed besides the table: the rules modules themselves (where the switches are
described, read, checked and resolved), and the simulator's bots where the rules only
steer their search (each listed in the table with ``STRATEGY``): the simulator never
decides legality itself. Writing a game's ``[Rule]`` tags goes through
``Rules.as_tokens()``, every switch as its token, which decides nothing and is no read
here. An attribute of another object that has a switch's name (``Group.jokers``,
``GameResult.teams``) is listed in :data:`HOMONYMS`, so that a ``Rules`` object under a
name the scan does not know cannot slip through as one.
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

from scala40cli.judging.rulebook.switches import Rules

PACKAGE = Path(__file__).resolve().parent.parent / "scala40cli"
SWITCH_NAMES = frozenset(field.name for field in dataclasses.fields(Rules))

#: The rules modules: they describe, read, check and resolve every switch.
RULES_MODULES = frozenset({
    "judging/rulebook/switches.py",  # the descriptors and Rules (elimination_threshold, as_tokens)
    "judging/rulebook/rule_values.py",  # a token read as a switch's value
    "judging/rulebook/presets.py",  # the presets' checks (elimination and fixed_hands agree)
    "judging/rulebook/rules.py",  # one game's rules resolved (the match length settled)
})

#: The reason of a simulator read that only steers a bot's search.
STRATEGY = "strategy: "

#: switch -> the modules that read it (outside the rules modules) -> what they decide.
READERS: dict[str, dict[str, str]] = {
    "jokers": {"judging/hands/deal.py": "game_deck: the deck a hand is dealt from"},
    "upcard_joker": {"judging/hands/deal.py": "upcard_returned: a joker turned up goes back"},
    "opening_points": {
        "judging/tabletop/verify.py": "below_threshold (and the message's words)",
        "simulate/planner.py": STRATEGY + "the meld search aims at the threshold",
        "simulate/bots.py": STRATEGY + "could the card taken open? the same search",
        "playing/seat.py": "the page shows the threshold beside the melds set aside "
                           "(the judge alone refuses an opening under it)",
        "simulate/evaluation.py": STRATEGY + "the points a hand still lacks to open",
        "simulate/opening_race.py": STRATEGY + "the same search, on the hand and draws",
        "simulate/reading.py": STRATEGY + "could a sampled hand not opened have opened?",
    },
    "opening_jokers": {"judging/tabletop/verify.py": "verify_meld: no joker in an opening"},
    # one value only (yes): nothing to decide
    "opening_same_turn": {},
    "jokers_per_meld": {"judging/tabletop/melds.py": "jokers_fit (and the message's words)"},
    "run_max": {
        "judging/tabletop/melds.py": "_check_run_shape: the longest run",
        "simulate/planner.py": STRATEGY + "the search proposes no longer run",
        "simulate/bots.py": STRATEGY + "the same search, to use the card taken",
        "simulate/discarding.py": STRATEGY + "the same search, to weigh a card",
        "simulate/evaluation.py": STRATEGY + "the melds an estimated hand can make",
        "simulate/opening_race.py": STRATEGY + "the same search, on the hand and draws",
        "simulate/reading.py": STRATEGY + "the melds a sampled hand could have laid",
    },
    "take_before_opening": {
        "judging/tabletop/verify.py":
            "verify_take (forbidden), _taken_card_findings (only_to_open)"},
    "take_after_opening": {"judging/tabletop/verify.py": "_taken_card_findings: must_use"},
    "discard_taken_card": {"judging/tabletop/verify.py": "verify_discard: the card just taken"},
    "opening_turn_plays": {"judging/tabletop/verify.py": "verify_touch: plays in the opening turn"},
    "joker_swap": {"judging/tabletop/verify.py": "verify_swap"},
    "freed_joker": {"judging/tabletop/verify.py": "freed_joker_must_be_used"},
    "set_joker_suit": {"judging/tabletop/melds.py": "_declared_suit_binds"},
    "discard_playable": {"judging/tabletop/verify.py": "verify_discard: a card that fits"},
    "discard_joker": {"judging/tabletop/verify.py": "verify_discard: a joker"},
    "closing_discard": {"judging/tabletop/verify.py": "laying_down_may_close"},
    "closing_first_round": {"judging/tabletop/verify.py": "closing_allowed"},
    "one_go_threshold": {"judging/tabletop/verify.py": "_threshold_applies"},
    "in_hand_bonus": {"judging/scores/scoring.py": "others_doubled, and the closer's -100"},
    "winner_bonus": {"judging/scores/scoring.py": "closed_hand_penalties: the closer's score"},
    "ace_penalty": {"judging/scores/scoring.py": "hand_penalty: what an ace costs"},
    "unopened_penalty": {"judging/scores/scoring.py": "pays_flat_penalty"},
    "stock_exhausted": {"judging/tabletop/verify.py": "void_after_draw, stock_dead"},
    # Rules.elimination_threshold, in switches.py
    "elimination": {},
    "reentry": {
        "judging/scores/standings.py": "reentry_options",
        "simulate/worth.py": STRATEGY + "a duel the totals alone decide is weighed in "
                             "chances of winning the match",
    },
    "mortal_combat": {
        "judging/scores/standings.py": "record: the highest penalty is out",
        "simulate/worth.py": STRATEGY + "a duel the totals alone decide is weighed in "
                             "chances of winning the match",
    },
    "compra": {"judging/tabletop/buying.py": "verify_buy, buying_played"},
    "teams": {"judging/scores/standings.py": "teams_problem, plays_in_teams"},
    "fixed_hands": {
        "judging/scores/standings.py": "_settle: a match of a fixed number of hands",
        "simulate/worth.py": STRATEGY + "a duel the totals alone decide is weighed in "
                             "chances of winning the match",
    },
}

#: (module, attribute): an attribute of another object that has a switch's name.
HOMONYMS: dict[tuple[str, str], str] = {
    ("judging/tabletop/meld_values.py", "jokers"): "Group.jokers, the jokers in a set",
    ("judging/tabletop/melds.py", "jokers"): "Group.jokers",
    ("simulate/fitting.py", "jokers"): "Group.jokers",
    ("viewing/snapshot.py", "jokers"): "Group.jokers and MeldView.jokers",
    ("viewing/page_data.py", "jokers"): "MeldView.jokers",
    ("judging/hands/deal.py", "reentry"): "DealChecker.reentry, who may be dealt in again",
    ("judging/hands/hand_end.py", "reentry"): "DealChecker.reentry, who may be named again "
                                              "on a paper score sheet",
    ("judging/match/header.py", "teams"): "Header.teams, the names of the [Teams] tag",
    ("playing/session.py", "teams"): "Standings.teams, the partners of each seat",
    ("judging/match/referee.py", "teams"): "Header.teams",
    ("judging/scores/standings.py", "teams"): "Standings.teams, the two pairs",
    ("simulate/match.py", "teams"): "Standings.teams",
    ("review/equity.py", "teams"): "Standings.teams",
    ("review/seat_view.py", "teams"): "Standings.teams",
    ("model/result_pickling.py", "teams"): "GameResult.teams",
    ("reporting/charts.py", "teams"): "GameResult.teams",
    ("reporting/html_report.py", "teams"): "GameResult.teams",
    ("model/results.py", "teams"): "GameResult.teams",
    ("reporting/markdown.py", "teams"): "GameResult.teams",
    ("reporting/text_report.py", "teams"): "GameResult.teams",
    ("season/outcome.py", "teams"): "GameResult.teams",
    ("season/statistics.py", "teams"): "GameResult.teams",
}


@dataclasses.dataclass(frozen=True)
class Read:
    """An attribute with a switch's name read somewhere in a module."""

    switch: str
    line: int
    #: The object it is read on is a Rules object; None: read by a name not known
    #: (``getattr(rules, key)``), which may be any switch.
    on_rules: bool
    source: str


def _annotated_rules(annotation: ast.expr | None) -> bool:
    if annotation is None:
        return False
    text = ast.unparse(annotation)
    return text.strip("'\"") in ("Rules", "Rules | None")


def _rules_names(tree: ast.AST) -> set[str]:
    """The names that stand for a Rules object in a module: ``rules``, ``CLASSIC``,
    arguments and variables annotated ``Rules``, names bound to a Rules expression."""
    names = {"rules", "CLASSIC"}
    for node in ast.walk(tree):
        if isinstance(node, ast.arg) and _annotated_rules(node.annotation):
            names.add(node.arg)
        elif (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
              and _annotated_rules(node.annotation)):
            names.add(node.target.id)
    changed = True
    while changed:  # aliases: r = self.rules; s = r
        changed = False
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and _is_rules(node.value, names, None):
                for target in node.targets:
                    if isinstance(target, ast.Name) and target.id not in names:
                        names.add(target.id)
                        changed = True
    return names


def _is_rules(node: ast.expr, names: set[str], in_class: str | None) -> bool:
    """Whether an expression is a Rules object, as far as its names say."""
    if isinstance(node, ast.Name):
        return node.id in names or (node.id == "self" and in_class == "Rules")
    if isinstance(node, ast.Attribute):
        return node.attr == "rules"
    return False


def reads(source: str) -> Iterator[Read]:
    """Every read of an attribute with a switch's name in ``source``."""
    tree = ast.parse(source)
    names = _rules_names(tree)
    classes: dict[ast.AST, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for inner in ast.walk(node):
                classes.setdefault(inner, node.name)
    for node in ast.walk(tree):
        in_class = classes.get(node)
        if (isinstance(node, ast.Attribute) and node.attr in SWITCH_NAMES
                and isinstance(node.ctx, ast.Load)):
            yield Read(node.attr, node.lineno, _is_rules(node.value, names, in_class),
                       ast.unparse(node))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id == "getattr" and len(node.args) >= 2
              and _is_rules(node.args[0], names, in_class)):
            key = node.args[1]
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                if key.value in SWITCH_NAMES:
                    yield Read(key.value, node.lineno, True, ast.unparse(node))
            else:
                yield Read("*", node.lineno, True, ast.unparse(node))


def _package_reads() -> dict[str, list[Read]]:
    return {str(path.relative_to(PACKAGE)): list(reads(path.read_text(encoding="utf-8")))
            for path in sorted(PACKAGE.rglob("*.py"))}


PACKAGE_READS = _package_reads()


# --- the scan itself ----------------------------------------------------------------------


def test_the_scan_finds_a_switch_read_on_a_rules_object_whatever_its_name() -> None:
    source = '''
class Rules: ...
class Other:
    def f(self, view, game, x: Rules, y: "Rules") -> None:
        r = view.rules
        s = r
        a = r.teams, s.compra, x.jokers, y.run_max, self.rules.reentry
        b = getattr(view.rules, "ace_penalty"), getattr(r, key), CLASSIC.elimination
        c = game.teams, self.teams, view.opened
        self.compra = 1
'''
    found = {(read.source, read.on_rules) for read in reads(source)}
    assert found == {
        ("r.teams", True), ("s.compra", True), ("x.jokers", True), ("y.run_max", True),
        ("self.rules.reentry", True), ("getattr(view.rules, 'ace_penalty')", True),
        ("getattr(r, key)", True), ("CLASSIC.elimination", True),
        ("game.teams", False), ("self.teams", False)}


def test_self_is_a_rules_object_inside_the_rules_class_only() -> None:
    source = "class Rules:\n    def f(self): return self.teams\n" \
             "class Standings:\n    def f(self): return self.teams\n"
    assert [read.on_rules for read in reads(source)] == [True, False]


# --- the table ----------------------------------------------------------------------------


def test_the_table_names_every_switch() -> None:
    assert set(READERS) == SWITCH_NAMES


def test_the_simulator_reads_switches_only_to_steer_its_bots() -> None:
    """Issue 11: the simulator never decides legality itself."""
    simulator = {(switch, module, why) for switch, modules in READERS.items()
                 for module, why in modules.items() if module.startswith("simulate/")}
    assert simulator
    assert all(why.startswith(STRATEGY) for _s, _m, why in simulator)


def test_every_module_of_the_tables_is_in_the_package() -> None:
    listed = {m for modules in READERS.values() for m in modules} | RULES_MODULES \
        | {module for module, _attr in HOMONYMS}
    assert listed <= set(PACKAGE_READS)


@pytest.mark.parametrize("switch", sorted(SWITCH_NAMES))
def test_each_switch_is_read_only_where_the_table_says(switch: str) -> None:
    found: dict[str, list[str]] = {}
    for module, module_reads in PACKAGE_READS.items():
        if module in RULES_MODULES:
            continue
        for read in module_reads:
            if read.on_rules and read.switch == switch:
                found.setdefault(module, []).append(f"{read.line}: {read.source}")
    unexpected = {m: lines for m, lines in found.items() if m not in READERS[switch]}
    assert not unexpected, (
        f"{switch} is read outside the module(s) of its rule: {unexpected}; ask "
        f"{sorted(READERS[switch]) or 'the rules modules'} instead")
    assert set(found) == set(READERS[switch]), (
        f"the table lists a reader of {switch} that no longer reads it: "
        f"{sorted(set(READERS[switch]) - set(found))}")


def test_no_module_reads_switches_by_a_name_it_computes() -> None:
    dynamic = {module: [read.source for read in module_reads if read.switch == "*"]
               for module, module_reads in PACKAGE_READS.items()
               if module not in RULES_MODULES}
    assert {module: found for module, found in dynamic.items() if found} == {}


def test_every_other_attribute_with_a_switch_name_is_a_known_homonym() -> None:
    """A switch name read on something the scan does not know as a Rules object is
    another object's attribute, listed; otherwise it may be a Rules object under a
    new name, which the table would miss."""
    unknown = sorted(f"{module}:{read.line}: {read.source}"
                     for module, module_reads in PACKAGE_READS.items()
                     if module not in RULES_MODULES
                     for read in module_reads
                     if not read.on_rules and (module, read.switch) not in HOMONYMS)
    assert unknown == []
