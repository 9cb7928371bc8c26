#!/usr/bin/env python3
"""Can the review be trusted? (b): from the positions it marks as blunders, does the
engine's move win more matches than the move played?

Plays two-player matches under the classic rules (by default easy against hard and
normal against hard, the seats turned round from one match to the next), reviews the
decisions of the weaker seat with ``scala40 review``'s engine (the expert, at the
``--budget`` given: ``quick`` by default), and at each decision classed a blunder takes
the *real* table at that line: every hand as the match dealt it (read off the referee
judging the log up to the decision: the log of a simulated match shows every card), the
pile, the melds, and the cards of the stock. From there it plays on ``--continuations``
times with the move played and as many times with the engine's move: the rest of the
hand (:func:`~scala40cli.simulate.playout.play_out`, every move carried out and checked
by the judging core's ``verify_*``), then the rest of the match from the hands before
and this one (:func:`~scala40cli.simulate.match.play_match` with ``earlier``). Every
seat of a continuation, the blunderer's included, is played by the hard level.

Each continuation varies what nobody at the table knows: the stock's order (the stock's
cards reshuffled) and the bots' random streams, all drawn from the continuation's seed;
the move played and the engine's move get the same seeds (common random numbers), so
that what differs between them is the move. A blunder is one observation: the mean over
its continuations of (engine's move less move played), for the match won (1 or 0) and
for the points of the hand (the opponent's penalty less the blunderer's); the report
gives the mean over blunders with a 95% t interval, and, beside it, what the review
said the blunder lost, and what the same two moves are found to differ by when weighed
again from the seat's view on other worlds (the review's loss is the largest of many
noisy gains, so some of it may be luck). It is a report: it asserts nothing;
docs/review.md quotes it.

The rules must be without fixed hands and mortal combat (the classic rules are): a
continuation's hand is put to the standings by its penalties and closer only.

    python bench/review_blunders.py --games 4 --continuations 20
    python bench/review_blunders.py --games 40 --seed 1 --dump blunders.jsonl
    python bench/review_blunders.py --pooled blunders.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from review_levels import t975

from scala40cli.judging.match.referee import MatchReferee
from scala40cli.judging.rulebook.rules import RuleChoice
from scala40cli.model.cards import Card
from scala40cli.model.results import Closing
from scala40cli.reading.events import Discard, Event, GameLog
from scala40cli.reading.parser import parse_text
from scala40cli.review.choices import Choice, Stage, choice_lines, same_move
from scala40cli.review.engines import DEFAULT_ENGINE, make_scorer
from scala40cli.review.grading import Verdict
from scala40cli.review.records import Reviewed
from scala40cli.review.reviewing import (
    ReviewSettings,
    WorthCache,
    decision_seed,
    weigh,
)
from scala40cli.review.scorer import Scorer, parse_budget
from scala40cli.review.walk import Decision, walk_game
from scala40cli.simulate.bots import Level
from scala40cli.simulate.engine import SimulationStuck
from scala40cli.simulate.levels import make_bot
from scala40cli.simulate.match import HandRecord, MatchRecord, play_match
from scala40cli.simulate.moves import IllegalMove
from scala40cli.simulate.playout import play_out
from scala40cli.simulate.runner import Setup, game_text, make_setup, simulate_game
from scala40cli.simulate.sampling import World, unseen
from scala40cli.simulate.search import sorted_cards
from scala40cli.simulate.view import PlayerView


@dataclass(frozen=True, slots=True, kw_only=True)
class Played:
    """A simulated match: its setup, record and log, and the seat to review."""

    setup: Setup
    record: MatchRecord
    game: GameLog
    seat: str
    level: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Ending:
    """One continuation: did the blunderer win the match, and the hand's points (the
    opponent's penalty less the blunderer's)."""

    won: float
    points: float


def matches(pairs: list[str], games: int, seed: int) -> Iterator[Played]:
    """Match ``n`` pits ``pairs[n % len(pairs)]`` against hard, the seats turned round
    every other match."""
    for index in range(games):
        weak = pairs[index % len(pairs)]
        turned = [weak, "hard"] if (index // len(pairs)) % 2 == 0 else ["hard", weak]
        setup = make_setup(players=2, levels=",".join(turned), choice=RuleChoice(),
                           seed=f"blunders-{seed}-{index}")
        record = simulate_game(setup, 1)
        game = parse_text(game_text(record)).games[0]
        yield Played(setup=setup, record=record, game=game,
                     seat=setup.players[turned.index(weak)], level=weak)


def _before(event: Event, decision: Decision) -> bool:
    """Whether ``event`` was judged when the seat decided: the lines before the
    decision's first, and for a buy the discard it is offered."""
    first = decision.lines[0]
    return event.line < first or (decision.stage is Stage.BUY and event.line == first
                                  and isinstance(event, Discard))


def real_hands(game: GameLog, decision: Decision) -> dict[str, tuple[Card, ...]] | None:
    """Every hand of the hand's players when the seat decided, read off the referee
    judging the log (None when it does not agree with the seat's view)."""
    referee = MatchReferee(game, None)
    referee.begin()
    for index, event in enumerate(referee.body):
        if not _before(event, decision):
            break
        if not referee.judge(index, event):
            return None
    hand, view = referee.hand, decision.view
    if hand is None:
        return None
    hands = {p: tuple(sorted_cards(hand.hands[p].elements())) if p in hand.hands else ()
             for p in view.order}
    if hands[view.me] != tuple(view.hand) or any(
            len(cards) != view.hand_sizes.get(p) for p, cards in hands.items()):
        return None
    return hands


def real_stock(view: PlayerView, hands: dict[str, tuple[Card, ...]]) -> list[Card] | None:
    """The cards of the stock: what the seat could not see, less the others' hands."""
    stock = unseen(view)
    for player, cards in hands.items():
        if player != view.me:
            stock.subtract(cards)
    if any(n < 0 for n in stock.values()) or sum(stock.values()) != view.stock_size:
        return None
    return sorted_cards(stock.elements())


def engine_choice(decision: Decision, scorer: Scorer, settings: ReviewSettings,
                  game: int, reviewed: Reviewed) -> Choice | None:
    """The engine's move, as :func:`~scala40cli.review.reviewing.weigh` listed it (same
    seed, same candidates), found by its lines."""
    seed = decision_seed(settings.seed, game, decision)
    view = decision.view
    choices: list[Choice] = [decision.played]
    for candidate in scorer.candidates(view, decision.stage, budget=settings.budget,
                                       seed=seed):
        if not any(same_move(candidate, c, len(view.table)) for c in choices):
            choices.append(candidate)
    found = [c for c in choices if tuple(choice_lines(c, view.top)) == reviewed.best]
    return found[0] if found else None


def play_on(played: Played, view: PlayerView, hands: dict[str, tuple[Card, ...]],
            stock: list[Card], choice: Choice, seed: str) -> Ending:
    """One continuation (see the module docstring): the hand, then the match."""
    order = list(stock)
    random.Random(f"{seed}:stock").shuffle(order)
    world = World(hands=hands, stock=tuple(order))
    hand_bots = {p: make_bot(Level.HARD, random.Random(f"{seed}:hand:{p}"))
                 for p in view.order}
    outcome = play_out(view, world, choice, hand_bots.__getitem__,
                       random.Random(f"{seed}:playout"))
    penalties = {p: outcome.penalties.get(p, 0) for p in view.order}
    me = view.me
    others = [p for p in view.order if p != me]
    points = sum(penalties[p] for p in others) / len(others) - penalties[me]
    setup, record = played.setup, played.record
    totals = {p: view.totals.get(p, 0) + penalties.get(p, 0) for p in setup.players}
    this = HandRecord(number=view.hand_number, dealer=view.dealer, order=view.order,
                      closer=outcome.closer,
                      closing=Closing.NORMAL if outcome.closer else Closing.VOID,
                      penalties=penalties, totals=totals)
    bots = [make_bot(Level.HARD, random.Random(f"{seed}:match:{p}")) for p in setup.players]
    try:
        rest = play_match(players=setup.players, bots=bots, rules=setup.rules,
                          seed=f"{seed}:match",
                          earlier=(*record.hands[:view.hand_number - 1], this))
        won = 1.0 if rest.winner == me else 0.0 if rest.finished else 0.5
    except SimulationStuck:
        won = 0.5
    return Ending(won=won, points=points)


def blunders_of(played: Played, scorer: Scorer, settings: ReviewSettings,
                continuations: int, counts: Counter[str]) -> Iterator[dict[str, object]]:
    """Each blunder of the seat reviewed, played on (one JSON-ready row a blunder)."""
    walked = walk_game(played.game, frozenset({played.seat}))
    worths: WorthCache = {}
    for decision in walked.decisions:
        if not isinstance(decision, Decision):
            continue
        reviewed = weigh(decision, scorer, settings, played.game.index, worths)
        counts["decisions"] += 1
        if not isinstance(reviewed, Reviewed) or reviewed.verdict is not Verdict.BLUNDER:
            continue
        counts["blunders"] += 1
        view = decision.view
        best = engine_choice(decision, scorer, settings, played.game.index, reviewed)
        hands = real_hands(played.game, decision)
        stock = real_stock(view, hands) if hands is not None else None
        if best is None or hands is None or stock is None:
            counts["not played on (table not read)"] += 1
            continue
        # the same two moves weighed again from the seat's view, on other worlds: how
        # much of the review's loss was the luck of its worlds (chosen as the largest)
        reseed = f"{decision_seed(settings.seed, played.game.index, decision)}:again"
        again = scorer.score(view, [decision.played, best], budget=settings.budget,
                             seed=reseed)
        pairs: list[tuple[Ending, Ending]] = []
        try:
            for n in range(continuations):
                seed = f"{settings.seed}:{played.setup.seed}:{decision.line}:{n}"
                pairs.append((play_on(played, view, hands, stock, decision.played, seed),
                              play_on(played, view, hands, stock, best, seed)))
        except IllegalMove as why:
            counts["not played on (illegal)"] += 1
            print(f"  {played.setup.seed} line {decision.line}: {why}", file=sys.stderr)
            continue
        yield {"match": played.setup.seed, "level": played.level, "line": decision.line,
               "stage": decision.stage.value, "hand": view.hand_number,
               "played": list(reviewed.played), "engine": list(reviewed.best),
               "loss": reviewed.loss, "match_loss": reviewed.match_loss,
               "loss_again": again[1].points - again[0].points,
               "continuations": continuations,
               "win_played": statistics.fmean(p.won for p, _ in pairs),
               "win_engine": statistics.fmean(e.won for _, e in pairs),
               "points_played": statistics.fmean(p.points for p, _ in pairs),
               "points_engine": statistics.fmean(e.points for _, e in pairs)}


def interval(values: list[float]) -> str:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return f"{mean:+.3f}"
    half = t975(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
    return f"{mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}]"


def report(rows: list[dict[str, object]]) -> None:
    """The table of the blunders played on: all of them, and by level and by stage."""
    def number(row: dict[str, object], key: str) -> float:
        value = row[key]
        assert isinstance(value, (int, float))
        return float(value)

    groups: dict[str, list[dict[str, object]]] = {"all": rows}
    for key in ("level", "stage"):
        for row in rows:
            groups.setdefault(f"{key} {row[key]}", []).append(row)
    print("| blunders | n | match won: engine's less played [95%] | points of the hand: "
          "engine's less played [95%] | the review's loss: points, match | weighed again "
          "| engine's move won more, fewer |")
    print("|---|---|---|---|---|---|---|")
    for name, group in groups.items():
        wins = [number(r, "win_engine") - number(r, "win_played") for r in group]
        points = [number(r, "points_engine") - number(r, "points_played") for r in group]
        better = sum(1 for w in wins if w > 0) / len(wins)
        worse = sum(1 for w in wins if w < 0) / len(wins)
        print(f"| {name} | {len(group)} | {interval(wins)} | {interval(points)} | "
              f"{statistics.fmean(number(r, 'loss') for r in group):.1f}, "
              f"{statistics.fmean(number(r, 'match_loss') for r in group):.3f} | "
              f"{statistics.fmean(number(r, 'loss_again') for r in group):.1f} | "
              f"{100 * better:.0f}%, {100 * worse:.0f}% |")
    played = statistics.fmean(number(r, "win_played") for r in rows)
    engine = statistics.fmean(number(r, "win_engine") for r in rows)
    print(f"\nmatch won, move played: {played:.3f}; engine's move: {engine:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", default="easy,normal",
                        help="The levels that play hard, one match each in turn.")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--continuations", type=int, default=30)
    parser.add_argument("--budget", default="quick")
    parser.add_argument("--engine", default=DEFAULT_ENGINE)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dump", type=Path, default=None,
                        help="Append each blunder played on to this file (JSON lines), "
                        "as it is done.")
    parser.add_argument("--pooled", type=Path, default=None,
                        help="Play nothing: the table of the blunders --dump wrote.")
    args = parser.parse_args()
    if args.pooled is not None:
        rows = [json.loads(line) for line in args.pooled.read_text("utf-8").splitlines()
                if line.strip()]
        print(f"{len(rows)} blunders pooled from {args.pooled}\n")
        report(rows)
        return
    settings = ReviewSettings(engine=args.engine, budget=parse_budget(args.budget),
                              seed=str(args.seed))
    scorer = make_scorer(args.engine)
    started = time.process_time(), time.time()
    counts: Counter[str] = Counter()
    rows: list[dict[str, object]] = []
    for played in matches(args.levels.split(","), args.games, args.seed):
        for row in blunders_of(played, scorer, settings, args.continuations, counts):
            rows.append(row)
            if args.dump is not None:
                with args.dump.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(row) + "\n")
        print(f"{played.setup.seed}: {dict(counts)}, {time.time() - started[1]:.0f} s",
              file=sys.stderr)
    print(f"{args.games} matches ({args.levels} against hard, classic), the weaker seat "
          f"reviewed by the {args.engine} engine at budget {args.budget}, seed {args.seed}; "
          f"{args.continuations} continuations a move, every seat played on by hard: "
          f"{time.time() - started[1]:.0f} s, {time.process_time() - started[0]:.0f} s of "
          f"CPU\n{dict(counts)}\n")
    if rows:
        report(rows)


if __name__ == "__main__":
    main()
