"""One decision weighed, and one game reviewed, by an engine through the review's
:class:`~scala40cli.review.scorer.Scorer` interface.

A decision is weighed over the engine's candidates and the move played (first, so that
what each candidate gains over it is measured world by world); the engine's move is the
one worth most (of the best chance of winning the match, where the engine measured that
chance itself: a duel's hand played to its end). A decision with one candidate only (a
draw when the discard cannot be taken, a buy nobody would make) is no decision and is
not counted. What the move played costs is the engine's move's gain over it, in points
of the hand; in the chance of winning the match, that times what a point is worth at the
totals of the hand (:mod:`scala40cli.review.equity`, once a hand and seat), or the
chance the engine measured lost; its class is
:func:`~scala40cli.review.grading.verdict`'s.

Every random stream is drawn from the review's seed and where the decision stands
(:func:`decision_seed`), so the same seed gives the same review, whatever the order in
which the decisions are weighed and however many processes weigh them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scala40cli.judging.rulebook.rules import RuleChoice
from scala40cli.reading.events import Deal, GameLog, Tag
from scala40cli.review.choices import Choice, choice_lines, same_move
from scala40cli.review.equity import point_worth
from scala40cli.review.grading import Summary, summarize, verdict
from scala40cli.review.records import GameReview, Reviewed, Skipped, Weighed
from scala40cli.review.scorer import Budget, Scorer, Unplayable, Worth
from scala40cli.review.walk import Decision, Unreviewed, WalkedGame
from scala40cli.simulate.sampling import UnseenMismatch

#: A point's worth in the match, by game and hand and seat (computed once a hand).
WorthCache = dict[tuple[int, int, str], float]


@dataclass(frozen=True, slots=True, kw_only=True)
class ReviewSettings:
    """What every decision of a review shares: the engine (by name, see
    :mod:`scala40cli.review.engines`), its budget, the seed, the rules from the command
    line (None: each log's own)."""

    engine: str
    budget: Budget
    seed: str = "1"
    choice: RuleChoice | None = None


def decision_seed(seed: str, game: int, decision: Decision) -> str:
    """The seed of one decision's random streams: the review's, and where the decision
    stands in the file."""
    return f"{seed}:{game}:{decision.line}:{decision.stage.value}:{decision.seat}"


def weigh(decision: Decision, scorer: Scorer, settings: ReviewSettings, game: int,
          worths: WorthCache) -> Reviewed | Skipped | None:
    """The decision reviewed (see the module docstring); None when it had one candidate;
    not reviewed when the engine cannot carry out the move played (a take the turn
    never used as the rules ask, a turn the log leaves without a discard)."""
    seed = decision_seed(settings.seed, game, decision)
    view, played = decision.view, decision.played
    melds = len(view.table)
    listed = scorer.candidates(view, decision.stage, budget=settings.budget, seed=seed)
    choices: list[Choice] = [played]
    for candidate in listed:
        if not any(same_move(candidate, c, melds) for c in choices):
            choices.append(candidate)
    if len(choices) < 2:
        return None
    try:
        scored = scorer.score(view, choices, budget=settings.budget, seed=seed)
    except Unplayable as why:
        return Skipped(seat=decision.seat, stage=decision.stage, hand=decision.hand,
                       lines=decision.lines,
                       reason=f"the engine cannot carry the move played out: {why}")
    except UnseenMismatch:  # the view was read wrong from the log: not weighed
        return Skipped(seat=decision.seat, stage=decision.stage, hand=decision.hand,
                       lines=decision.lines,
                       reason="the seat's view of the table does not add up: the cards "
                       "it cannot see are not as many as the places they can be in")
    key = (game, view.hand_number, decision.seat)
    if key not in worths:
        worths[key] = point_worth(view, f"{settings.seed}:{game}:{view.hand_number}")
    worth = worths[key]
    cost = _cost(scored, worth)
    best = cost.best
    top = view.top
    return Reviewed(
        seat=decision.seat, stage=decision.stage, hand=decision.hand, lines=decision.lines,
        played=tuple(choice_lines(played, top)), best=tuple(choice_lines(choices[best], top)),
        agreed=best == 0, loss=cost.loss, loss_error=cost.error, match_loss=cost.match_loss,
        point_worth=worth,
        verdict=verdict(loss=cost.loss, error=cost.error, match_loss=cost.match_loss,
                        point_worth=worth, match_error=cost.match_error),
        candidates=tuple(Weighed(lines=tuple(choice_lines(c, top)), points=s.points,
                                 error=s.error) for c, s in zip(choices, scored, strict=True)))


@dataclass(frozen=True, slots=True, kw_only=True)
class Cost:
    """The engine's move (``best``, an index of the candidates, 0 the move played) and
    what the move played costs: ``loss`` points (``error``, its standard error) and
    ``match_loss`` of the chance of winning the match (``match_error``)."""

    best: int
    loss: float
    error: float
    match_loss: float
    match_error: float


def _cost(scored: Sequence[Worth], worth: float) -> Cost:
    """What the move played (``scored[0]``) costs. Where the engine measured the chance
    of winning the match itself (a duel's hand played to its end), its move is the one
    of the best chance, and the chance lost is the measure; otherwise its move is the
    one worth most points, and a point is worth ``worth`` of the match."""
    if all(s.match is not None for s in scored):
        best = max(range(len(scored)), key=lambda n: (scored[n].gain, -n))
        if not best:
            return Cost(best=0, loss=0.0, error=0.0, match_loss=0.0, match_error=0.0)
        top = scored[best]
        loss = max(0.0, top.points - scored[0].points)
        error = (top.error ** 2 + scored[0].error ** 2) ** 0.5
        return Cost(best=best, loss=loss, error=error,
                    match_loss=max(0.0, top.gain) / 100, match_error=top.gain_error / 100)
    best = max(range(len(scored)), key=lambda n: (scored[n].points, -n))
    if not best:
        return Cost(best=0, loss=0.0, error=0.0, match_loss=0.0, match_error=0.0)
    loss = max(0.0, scored[best].gain)
    error = scored[best].gain_error
    return Cost(best=best, loss=loss, error=error, match_loss=loss * worth,
                match_error=error * worth)


def skipped(left: Unreviewed) -> Skipped:
    return Skipped(seat=left.seat, stage=left.stage, hand=left.hand, lines=left.lines,
                   reason=left.reason, code=left.code)


def game_review(walked: WalkedGame, game: GameLog, seats: Sequence[str],
                weighed: dict[int, Reviewed | Skipped | None]) -> GameReview:
    """The review of a walked game from its decisions weighed (by their index in
    ``walked.decisions``; a forced one None)."""
    found: list[Reviewed | Skipped] = []
    for n, decision in enumerate(walked.decisions):
        if isinstance(decision, Unreviewed):
            found.append(skipped(decision))
        elif (done := weighed.get(n)) is not None:
            found.append(done)
    result = walked.result
    return GameReview(
        index=game.index, line=game.line, players=result.players, seats=tuple(seats),
        decisions=tuple(found), summaries=tuple(summaries(seats, found)),
        violations=tuple((str(p.code), p.line, p.message) for p in result.violations))


def summaries(seats: Sequence[str], found: Sequence[Reviewed | Skipped]) -> list[Summary]:
    return [summarize(seat, [(d.agreed, d.loss, d.match_loss, d.verdict) for d in found
                             if isinstance(d, Reviewed) and d.seat == seat])
            for seat in seats]


def review_walked(walked: WalkedGame, game: GameLog, seats: Sequence[str],
                  scorer: Scorer, settings: ReviewSettings,
                  on_decision: Callable[[], None] = lambda: None) -> GameReview:
    """A walked game reviewed here, one decision after another."""
    worths: WorthCache = {}
    weighed: dict[int, Reviewed | Skipped | None] = {}
    for n, decision in enumerate(walked.decisions):
        if isinstance(decision, Decision):
            weighed[n] = weigh(decision, scorer, settings, game.index, worths)
            on_decision()
    return game_review(walked, game, seats, weighed)


class SeatError(ValueError):
    """The seats asked for are not the game's; the message says why."""


def seats_of(game: GameLog, players: Sequence[str], seat: str | None, every: bool
             ) -> tuple[str, ...]:
    """The seats to review: ``seat``, every player with ``every``, else the person's
    seat of a match played with ``scala40 play`` (its ``[Levels]`` tag), else every
    player whose cards the log shows (a log recorded from one seat: that seat)."""
    if every:
        return tuple(players)
    if seat is not None:
        if seat not in players:
            raise SeatError(f"{seat} is not a player of game {game.index} (its players: "
                            f"{', '.join(players)})")
        return (seat,)
    for event in game.events:
        if isinstance(event, Tag) and event.name == "Levels" \
                and len(event.values) == len(players) and "person" in event.values:
            return tuple(p for p, level in zip(players, event.values, strict=True)
                         if level == "person")
    hidden = {e.player for e in game.events if isinstance(e, Deal) and None in e.cards}
    shown = tuple(p for p in players if p not in hidden)
    return shown or tuple(players)


__all__ = ["Cost", "ReviewSettings", "SeatError", "WorthCache", "decision_seed", "game_review",
           "review_walked", "seats_of", "skipped", "summaries", "weigh"]
