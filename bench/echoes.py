"""One mistake, one violation: how many violations a corrupted match gets.

Over the corrupted-match suite of ``tests/corruptions.py`` (legal matches, each with
one event corrupted so that it breaks a rule on a known line), this prints:

- the share of single-corruption games reported with exactly one violation (a
  consequence of it is a note, not a violation), with the mean and median count;
- over games with two independent corruptions, the share where both are found, each
  with its code on its own line, for three kinds of pair: (a) in different hands,
  (b) in one hand, in the turns of two players, (c) in one turn. Within a hand, a
  pair is kept only when the second corruption breaks its rule whatever the first did
  (:func:`independent`: what the first changes for later lines, by kind, is not what
  the second's rule reads), the test of decision 28.

    PYTHONPATH=. python bench/echoes.py            # the figures, and the worst kinds
    PYTHONPATH=. python bench/echoes.py --pairs 4  # pairs made per game and kind (default 30)

``tests/test_echoes.py`` pins the figures.
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from corruptions import Case, Edit, TurnInfo, Walk, make_cases, source, walks

from scala40cli.judging.match.referee import replay
from scala40cli.reading.events import Meld
from scala40cli.reading.parser import parse_text

#: Pairs of corruptions made per game for the second figure.
PAIRS_PER_GAME = 30


def problems(text: str) -> list[tuple[str, int]]:
    """Every violation and file error of a text, as (code, line)."""
    parsed = parse_text(text)
    found = [(str(p.code), p.line) for p in parsed.errors]
    for game in parsed.games:
        found += [(str(p.code), p.line) for p in replay(game).violations]
    return found


def single_counts(cases: Sequence[Case]) -> list[int]:
    """How many problems each single-corruption game is reported with."""
    return [len(problems(case.text(source(case.source).lines))) for case in cases]


@dataclass(frozen=True)
class Pair:
    """Two corruptions of one game, the first one earlier."""

    first: Case
    second: Case

    def text(self) -> str:
        edits = (*self.first.edits, *self.second.edits)
        return Case(kind="pair", source=self.first.source, game=self.first.game, line=0,
                    description="", edits=edits, code="", expected_line=0
                    ).text(source(self.first.source).lines)

    def expected(self) -> list[tuple[str, int]]:
        """Each corruption's code and line, the second moved down by the first's inserts."""
        moved = sum(1 for edit in self.first.edits if edit.op == "insert")
        return [(self.first.code, self.first.expected_line),
                (self.second.code, self.second.expected_line + moved)]


# --- where a corruption falls, and what it touches -------------------------------------


@dataclass(frozen=True)
class Place:
    """Where a corruption falls: its hand, the turn and player (None: out of the
    turns, a line of the deal or the score), and the number of the meld it lays or
    names (0: none), with the melds on the table before it."""

    hand: int
    turn: int | None
    player: str | None
    meld: int
    table: int
    #: The players whose cards it touches: the player in turn and any named in it.
    touched: frozenset[str] = frozenset()


#: The parts of the table a corruption changes for the lines after it, beyond the
#: player's own cards ("melds": the melds it lays or names; "numbers": the numbers of
#: the melds laid after it, a meld line removed).
WRITES: dict[str, frozenset[str]] = {kind: frozenset(parts.split()) for kind, parts in {
    "wrong_player_turn_start": "turn stock pile hand", "wrong_player_mid_turn": "turn pile hand",
    "unknown_player_event": "turn stock pile hand", "draw_removed": "stock pile hand",
    "draw_duplicated": "stock hand", "discard_removed": "turn pile hand",
    "event_after_hand_end": "end", "discard_not_in_hand": "pile hand",
    "meld_not_in_hand": "melds hand", "attach_not_in_hand": "melds hand",
    "swap_not_in_hand": "melds hand", "draw_not_top": "stock hand",
    "draw_not_in_stock": "hand", "draw_not_in_unknown_stock": "hand",
    "take_not_top": "pile hand", "early_reshuffle": "stock pile",
    "reshuffle_removed": "stock pile", "take_unused_after_opening": "stock pile hand",
    "take_before_opening": "stock pile hand", "discard_taken_card": "stock pile hand",
    "opening_meld_with_taken_removed": "numbers hand", "taken_card_play_removed": "numbers hand",
    "run_reversed": "melds", "meld_too_short": "melds hand", "attach_not_fitting": "melds hand",
    "swap_wrong_card": "melds hand", "swap_without_joker": "melds hand",
    "meld_joker_misdeclared": "melds", "attach_joker_ambiguous": "melds hand",
    "attach_no_such_meld": "melds hand", "swap_no_such_meld": "melds hand",
    "attach_before_opening": "melds hand", "attach_before_threshold": "melds hand",
    "attach_by_unopened_player": "turn melds hand", "opening_meld_removed": "numbers hand",
    "opening_meld_shortened": "melds hand", "closing_without_discard": "end pile hand",
    "closing_by_invalid_attach": "end melds pile hand",
}.items()}

#: The parts a corruption's rule reads ("hand": the player's own cards; "pile": what
#: reaches them from the discard pile, for a rule on how many cards they hold).
READS: dict[str, frozenset[str]] = {kind: frozenset(parts.split()) for kind, parts in {
    "wrong_player_turn_start": "turn", "wrong_player_mid_turn": "turn",
    "unknown_player_event": "", "draw_removed": "turn", "draw_duplicated": "turn",
    "discard_removed": "turn", "event_after_hand_end": "end turn",
    "discard_not_in_hand": "hand pile turn", "meld_not_in_hand": "hand pile turn",
    "attach_not_in_hand": "hand pile turn", "swap_not_in_hand": "hand pile turn",
    "draw_not_top": "stock", "draw_not_in_stock": "stock", "draw_not_in_unknown_stock": "stock",
    "take_not_top": "pile", "early_reshuffle": "stock", "reshuffle_removed": "stock pile",
    "take_unused_after_opening": "hand", "take_before_opening": "hand",
    "opening_meld_with_taken_removed": "hand", "taken_card_play_removed": "hand",
    "discard_taken_card": "hand", "run_reversed": "", "meld_too_short": "",
    "attach_not_fitting": "melds", "swap_wrong_card": "melds hand", "swap_without_joker": "melds",
    "meld_joker_misdeclared": "", "attach_joker_ambiguous": "melds hand",
    "attach_no_such_meld": "table", "swap_no_such_meld": "table",
    "attach_before_opening": "hand", "attach_before_threshold": "hand",
    "attach_by_unopened_player": "turn hand", "opening_meld_removed": "hand",
    "opening_meld_shortened": "hand", "closing_without_discard": "hand pile",
    "closing_by_invalid_attach": "melds hand pile",
}.items()}

_NAMED_MELD = re.compile(r" (?:to|in) (\d+)$")


def _places(cases: Sequence[Case]) -> dict[int, Place]:
    """Where each corruption falls (by ``id(case)``), read from the legal game's walk."""
    walked: dict[tuple[str, int], Walk] = {}
    for name in sorted({case.source for case in cases}):
        for walk in walks(source(name)):
            walked[(name, walk.game.index)] = walk
    places: dict[int, Place] = {}
    for case in cases:
        walk = walked[(case.source, case.game)]
        places[id(case)] = _place(case, walk)
    return places


def _place(case: Case, walk: Walk) -> Place:
    edit = case.edits[0]
    line = case.line
    steps = [step for step in walk.steps if step.event.line >= line]
    step = steps[0] if steps else walk.steps[-1]
    hand = walk.hands.index(step.hand)
    turn: TurnInfo | None = step.turn
    if edit.op == "insert" and turn is not None:  # between two lines: the turn both are in
        previous = walk.steps[step.index - 1] if step.index else None
        if previous is None or previous.turn is not turn:
            turn = None
    texts = [e.text for e in case.edits if e.op != "remove"] or [source(case.source).lines[
        line - 1]]
    named = [int(m[1]) for m in (_NAMED_MELD.search(t) for t in texts) if m]
    table = len(step.before.table)
    laid = any(" meld " in t for t in texts) or (edit.op == "remove" and isinstance(
        step.event, Meld))
    meld = named[0] if named else table + 1 if laid else 0
    player = turn.player if turn is not None else None
    named = {t.split()[0] for t in texts if t.split() and t.split()[0] in step.hand.players}
    return Place(hand=hand, turn=None if turn is None else walk.turns.index(turn),
                 player=player, meld=meld, table=table,
                 touched=frozenset(named | ({player} if player else set())))


def independent(first: Case, second: Case, a: Place, b: Place) -> bool:
    """The second corruption breaks its rule whatever the first did: what the first
    changes for later lines is not what the second's rule reads (the player's cards,
    when both are one player's; the same meld, or a number the first shifts)."""
    writes, reads = WRITES.get(first.kind), READS.get(second.kind)
    if writes is None or reads is None:
        return False
    shared = (writes & reads) - {"hand", "melds"}
    if shared:
        return False
    if "hand" in reads and "hand" in writes and b.player in a.touched:
        return False
    if "melds" in reads and "melds" in writes and (a.meld == b.meld or not a.meld
                                                    or not b.meld):
        return False
    if "numbers" in writes and ("melds" in reads or "table" in reads) \
            and (b.meld >= a.meld or not b.meld):
        return False
    # the first lays a meld: the table the second counts grows
    return not ("table" in reads and "melds" in writes and a.meld > a.table)


#: The kinds of pair measured: in different hands; in one hand, in the turns of two
#: players; in one turn.
PAIR_KINDS = ("different hands", "same hand, other players", "same turn")


def _pair_kind(a: Place, b: Place) -> str | None:
    if a.hand != b.hand:
        return PAIR_KINDS[0]
    if a.turn is None or b.turn is None:
        return None
    if a.turn == b.turn:
        return PAIR_KINDS[2]
    if a.player != b.player:
        return PAIR_KINDS[1]
    return None


def make_pairs(cases: Sequence[Case], per_game: int = PAIRS_PER_GAME
               ) -> dict[str, list[Pair]]:
    """Up to ``per_game`` pairs a game of each kind, at random (seeded), of
    corruptions whose edits touch different lines, the first one earlier. Pairs in
    different hands are all kept (a hand starts afresh); within a hand, only pairs the
    second of which breaks its rule whatever the first did (:func:`independent`)."""
    places = _places(cases)
    by_game: dict[tuple[str, int], list[Case]] = defaultdict(list)
    for case in cases:
        by_game[(case.source, case.game)].append(case)
    pairs: dict[str, list[Pair]] = {kind: [] for kind in PAIR_KINDS}
    for (name, game), mine in sorted(by_game.items()):
        options: dict[str, list[tuple[Case, Case]]] = {kind: [] for kind in PAIR_KINDS}
        for a in mine:
            for b in mine:
                if _edited(a) & _edited(b) or not all(e.line < min(_edited(b))
                                                      for e in a.edits):
                    continue
                pa, pb = places[id(a)], places[id(b)]
                kind = _pair_kind(pa, pb)
                if kind is None or (kind != PAIR_KINDS[0]
                                    and not independent(a, b, pa, pb)):
                    continue
                options[kind].append((a, b))
        for kind, found in options.items():
            salt = "pairs" if kind == PAIR_KINDS[0] else f"pairs|{kind}"
            rng = random.Random(f"{name}|{game}|{salt}")
            rng.shuffle(found)
            pairs[kind] += [Pair(a, b) for a, b in found[:per_game]]
    return pairs


def _edited(case: Case) -> set[int]:
    return {edit.line for edit in case.edits}


def both_found(pair: Pair) -> bool:
    found = set(problems(pair.text()))
    return all(expected in found for expected in pair.expected())


@dataclass(frozen=True)
class Figures:
    singles: int
    exactly_one: float
    mean: float
    median: float
    #: Pair kind -> (pairs, share where both are found on their lines).
    pairs: dict[str, tuple[int, float]]


def measure(per_game: int = PAIRS_PER_GAME
            ) -> tuple[Figures, dict[str, list[int]], dict[str, list[Pair]]]:
    """The figures, the counts by kind, and the pairs (by kind) where one was not found."""
    cases = make_cases()
    counts = single_counts(cases)
    by_kind: dict[str, list[int]] = defaultdict(list)
    for case, count in zip(cases, counts, strict=True):
        by_kind[case.kind].append(count)
    missed: dict[str, list[Pair]] = {}
    shares: dict[str, tuple[int, float]] = {}
    for kind, pairs in make_pairs(cases, per_game).items():
        missed[kind] = [pair for pair in pairs if not both_found(pair)]
        shares[kind] = (len(pairs), 1 - len(missed[kind]) / len(pairs) if pairs else 1.0)
    figures = Figures(
        singles=len(cases), exactly_one=sum(c == 1 for c in counts) / len(counts),
        mean=statistics.mean(counts), median=statistics.median(counts), pairs=shares)
    return figures, by_kind, missed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=PAIRS_PER_GAME,
                        help="pairs of corruptions made per game")
    args = parser.parse_args(argv)
    started = time.process_time()
    figures, by_kind, missed = measure(args.pairs)
    print(f"single corruptions: {figures.singles} games; exactly one violation: "
          f"{100 * figures.exactly_one:.1f}% (mean {figures.mean:.2f}, median "
          f"{figures.median:g} violations)")
    for kind, (count, share) in figures.pairs.items():
        print(f"two independent corruptions, {kind}: {count} games; both found on "
              f"their lines: {round(share * count)} ({100 * share:.1f}%)")
    print(f"({time.process_time() - started:.1f} s of CPU)\n\nkinds below 100%:")
    for kind, counts in sorted(by_kind.items(), key=lambda kv: sum(c == 1 for c in kv[1])
                               / len(kv[1])):
        share = sum(c == 1 for c in counts) / len(counts)
        if share < 1:
            print(f"  {kind:34} {100 * share:5.1f}%  (mean {statistics.mean(counts):.2f})")
    for kind, pairs in missed.items():
        for pair in pairs[:10]:
            print(f"missed ({kind}): {pair.first.id} + {pair.second.id}: "
                  f"expected {pair.expected()}")
    return 0


__all__ = ["Edit", "Figures", "make_pairs", "measure"]

if __name__ == "__main__":
    sys.exit(main())
