#!/usr/bin/env python3
"""The race to open, measured: of one-hand duplicate deals between two levels, how
many hands end with the loser unopened, what those hands cost, and at which of their
own turns the players open.

The deals are ``bench/duplicate.py``'s (the same ``--seed`` and ``--pairing`` deal the
same cards to the same seats), each played once with the first level at each seat, one
hand a match (two players, the default rules). For each hand it reads the log: the
closer, the loser's penalty, and the turn of each player's first meld (their opening),
counted in their own turns (draws and takes). It prints the share of the hands lost
unopened with the share of the penalty points they make, the loser's mean penalty when
opened and unopened, the quantiles of the opening turn of the closer and of the
loser, and how the hand went by who opened first. ``--variant NAME`` plays the first
level's seats with an experimental bot of ``scala40cli/simulate/opening_race.py``.

``--room`` asks how much the discard before opening can change the race at all: hard
plays against itself and, at each of its discards before opening, every legal discard
is weighed by its chance of opening within ``--draws`` draws (``--samples`` sequences
of draws from the unseen cards, the same for every discard); it prints how often the
hard level's own discard is the best of them, and by how much the best one beats it
where it is not. It is a report: it asserts nothing.

    python bench/opening_race.py --pairing "hard vs hard" --deals 1000
    python bench/opening_race.py --room --deals 100 --draws 3 --samples 100
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scala40cli.judging.rulebook.rules import RuleChoice, resolve
from scala40cli.model.cards import Card
from scala40cli.model.results import Closing
from scala40cli.reading.events import Draw, HandStart, Meld, Score, Take
from scala40cli.simulate import play_match
from scala40cli.simulate.board import Board
from scala40cli.simulate.levels import make_bot
from scala40cli.simulate.match import MatchRecord
from scala40cli.simulate.opening_race import (
    VARIANTS,
    OpeningRaceBot,
    favourites,
    opening_scores,
    sample_draws,
)

PLAYERS = ("Anna", "Bruno")


@dataclass(frozen=True, slots=True)
class HandRace:
    """One two-player hand: who closed, what the loser paid, and the own turn at which
    each player opened (None: never)."""

    closer: str | None
    loser_penalty: int
    closer_opened: int | None
    loser_opened: int | None
    first_level_closed: bool
    #: The closer's own turns in the hand (the turn it closed at), and how it closed.
    closer_turns: int = 0
    in_one_go: bool = False


def read_hand(record: MatchRecord, first_seat: str) -> HandRace:
    """The race of the record's first hand, read from its events."""
    turns: Counter[str] = Counter()
    opened: dict[str, int] = {}
    for event in record.events:
        if isinstance(event, Score):
            break
        if isinstance(event, HandStart):
            continue
        if isinstance(event, Draw | Take):
            turns[event.player] += 1
        elif isinstance(event, Meld) and event.player not in opened:
            opened[event.player] = turns[event.player]
    hand = record.hands[0]
    closer = hand.closer
    loser = next((p for p in PLAYERS if p != closer), PLAYERS[1])
    return HandRace(closer=closer, loser_penalty=hand.penalties.get(loser, 0),
                    closer_opened=opened.get(closer) if closer else None,
                    loser_opened=opened.get(loser), first_level_closed=closer == first_seat,
                    closer_turns=turns[closer] if closer else 0,
                    in_one_go=hand.closing is Closing.IN_ONE_GO)


def play(first: str, second: str, seed: str, index: int, variant: str | None
         ) -> list[HandRace]:
    """Deal ``index`` of ``bench/duplicate.py``, once with the first level at each seat."""
    rules = resolve(log_preset=None, log_values=(), choice=RuleChoice()).rules
    deal_seed = f"{seed}:dup:{first}-{second}:{index}:2p"
    found: list[HandRace] = []
    for seat in range(2):
        bots = []
        for s in range(2):
            rng = random.Random(f"{deal_seed}:bot:{s}:{seat}")
            level = first if s == seat else second
            bots.append(VARIANTS[variant](rng) if s == seat and variant
                        else make_bot(level, rng))
        record = play_match(players=PLAYERS, bots=bots, rules=rules, seed=deal_seed,
                            first_dealer=index % 2, max_hands=1)
        found.append(read_hand(record, PLAYERS[seat]))
    return found


def quantiles(values: Sequence[int]) -> str:
    ordered = sorted(values)
    if not ordered:
        return "-"
    picks = [ordered[min(len(ordered) - 1, int(q * len(ordered)))] for q in
             (0.1, 0.25, 0.5, 0.75, 0.9)]
    return (f"mean {sum(ordered) / len(ordered):.1f}, deciles 10/25/50/75/90: "
            + "/".join(map(str, picks)))


def report(races: Sequence[HandRace]) -> None:
    closed = [r for r in races if r.closer is not None]
    unopened = [r for r in closed if r.loser_opened is None]
    opened = [r for r in closed if r.loser_opened is not None]
    points = sum(r.loser_penalty for r in closed)
    lost_points = sum(r.loser_penalty for r in unopened)
    print(f"hands {len(races)}, closed {len(closed)}")
    print(f"loser unopened: {len(unopened)} ({len(unopened) / len(closed):.1%}), "
          f"{lost_points / points:.1%} of the loser's points")
    print(f"loser's mean penalty {points / len(closed):.1f}: unopened "
          f"{lost_points / max(1, len(unopened)):.1f}, opened "
          f"{sum(r.loser_penalty for r in opened) / max(1, len(opened)):.1f} "
          f"(of which {lost_points / len(closed):.1f} a hand from the unopened)")
    print("closer opened at its own turn:",
          quantiles([r.closer_opened for r in closed if r.closer_opened is not None]))
    print("loser opened at its own turn: ",
          quantiles([r.loser_opened for r in opened if r.loser_opened is not None]))
    print("closed at the closer's own turn:", quantiles([r.closer_turns for r in closed]))
    print("  of the hands lost unopened:   ", quantiles([r.closer_turns for r in unopened]))
    print(f"closed in one go: {sum(r.in_one_go for r in closed)}, of them lost unopened "
          f"{sum(r.in_one_go for r in unopened)}")
    first: Counter[str] = Counter()
    for r in opened:
        mine, theirs = r.closer_opened, r.loser_opened
        assert mine is not None and theirs is not None
        first["closer first" if mine < theirs else
              "loser first" if theirs < mine else "same turn"] += 1
    print("of the hands both opened, who opened first (own turns):", dict(first))
    closers = sum(r.first_level_closed for r in races)
    mine = sum(1 for r in unopened if not r.first_level_closed)
    print(f"the first level closed {closers} of {len(races)} hands; lost {mine} unopened, "
          f"the second level {len(unopened) - mine}")


class Probe(OpeningRaceBot):
    """The hard level, noting at each discard before opening how its own discard's
    chance of opening soon compares with the best legal one's."""

    def __init__(self, rng: random.Random, draws: int, samples: int,
                 found: Counter[str], gaps: list[float]) -> None:
        super().__init__(rng)
        self.draws, self.samples, self.found, self.gaps = draws, samples, found, gaps

    def _choose_racing(self, board: Board, legal: list[Card]) -> Card:
        if board.has_opened or len(set(legal)) < 2:
            return self._choose_hard(board, legal)
        ordered = favourites(self._choose_hard, board, legal, len(legal))
        view = board.view
        stream = random.Random(f"{self.seed}:{view.hand_number}:{view.turns}")
        draws = sample_draws(view, self.draws, self.samples, stream)
        scores = opening_scores(board, ordered, draws, smooth=False)
        self.found["decisions"] += 1
        best = max(scores)
        if scores[0] == best:
            self.found["hard's discard opens as often as the best"] += 1
        else:
            self.found["another opens more often"] += 1
            self.gaps.append((best - scores[0]) / len(draws))
        return ordered[0]


def room(deals: int, seed: str, draws: int, samples: int) -> None:
    rules = resolve(log_preset=None, log_values=(), choice=RuleChoice()).rules
    found: Counter[str] = Counter()
    gaps: list[float] = []
    for index in range(deals):
        deal_seed = f"{seed}:dup:hard-hard:{index}:2p"
        bots = [Probe(random.Random(f"{deal_seed}:bot:{s}:0"), draws, samples, found, gaps)
                for s in range(2)]
        play_match(players=PLAYERS, bots=bots, rules=rules, seed=deal_seed,
                   first_dealer=index % 2, max_hands=1)
    print(f"discards before opening: {dict(found)}")
    if gaps:
        gaps.sort()
        print(f"where another opens more often within {draws} draws, by "
              f"{sum(gaps) / len(gaps):.1%} on average (median {gaps[len(gaps) // 2]:.1%}, "
              f"90th percentile {gaps[int(0.9 * len(gaps))]:.1%}) over {samples} sequences")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairing", default="hard vs hard", metavar="'A vs B'")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--variant", default=None, choices=sorted(VARIANTS))
    parser.add_argument("--room", action="store_true",
                        help="how much the discard before opening can change the race")
    parser.add_argument("--draws", type=int, default=3)
    parser.add_argument("--samples", type=int, default=100)
    options = parser.parse_args(argv)
    if options.room:
        room(options.deals, options.seed, options.draws, options.samples)
        return 0
    first, _, second = (part.strip() for part in options.pairing.partition(" vs "))
    races: list[HandRace] = []
    for index in range(options.deals):
        races += play(first, second, options.seed, index, options.variant)
    report(races)
    return 0


if __name__ == "__main__":
    sys.exit(main())
