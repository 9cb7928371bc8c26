"""Whole matches between bots: every hand until the match is over, recorded as a log.

:func:`play_match` plays one complete match under any
:class:`~scala40cli.judging.rulebook.rules.Rules` and returns its events, ready for the canonical
writer, together with the engine's own results (penalties, totals, the winner). It
deals from a deck shuffled by ``random.Random`` seeded with the match's seed, so a seed
gives the same match on every run of the same version. Each hand is a
:class:`~scala40cli.simulate.engine.HandEngine`'s; the match flow (totals,
eliminations, mortal combat, re-entry, teams, fixed hands and play-offs) is
:class:`~scala40cli.judging.scores.standings.Standings`', as in the referee.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scala40cli.judging.rulebook.rules import Rules
from scala40cli.judging.scores.standings import Standings, plays_in_teams
from scala40cli.model.results import Closing, Elimination
from scala40cli.reading.events import Event, Score, Tag
from scala40cli.simulate.engine import HandEngine
from scala40cli.simulate.moves import at
from scala40cli.simulate.seats import Seat

#: A match stops after this many hands even when it is not over (with
#: ``winner_bonus=-100`` the totals of the closers fall and a match may never end).
MAX_HANDS = 200


@dataclass(frozen=True, slots=True, kw_only=True)
class HandRecord:
    """The engine's result of one hand."""

    number: int
    dealer: str
    order: tuple[str, ...]
    closer: str | None
    closing: Closing
    penalties: dict[str, int]
    #: Totals of every player of the match after the hand.
    totals: dict[str, int]
    playoff: bool = False
    turns: int = 0
    #: The outside programs that forfeited the hand, and why (docs/protocol.md).
    forfeits: tuple[tuple[str, str], ...] = ()
    #: Who had opened when the hand ended (the tie-breaks of fixed hands count the
    #: hands a player ended without opening).
    opened: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchRecord:
    """One simulated match: its events and what the engine found."""

    players: tuple[str, ...]
    events: tuple[Event, ...]
    hands: tuple[HandRecord, ...]
    totals: dict[str, int]
    winner: str | None
    eliminated: tuple[Elimination, ...]
    #: Indexes in ``events`` of the discards made against the rules because no legal
    #: one was left (see :func:`~scala40cli.simulate.planner.forced_plan`): none under
    #: every preset; ``discard_playable=forbidden`` can leave a hand of cards that all
    #: fit the table, and nothing else to do.
    forced_at: tuple[int, ...] = ()
    #: The match ended (False: stopped after ``max_hands`` hands).
    finished: bool = True
    #: What the outside programs did that the match should say besides their
    #: forfeits (lines that answered no ask, dropped), one sentence each.
    warnings: tuple[str, ...] = ()

    @property
    def forced(self) -> int:
        return len(self.forced_at)

    @property
    def forfeits(self) -> tuple[tuple[int, str, str], ...]:
        """Every forfeit of the match: the hand, the seat, why."""
        return tuple((hand.number, player, why) for hand in self.hands
                     for player, why in hand.forfeits)


def _expected_dealer(seats: Sequence[str], last: str, still_in: Sequence[str]) -> str:
    seat = seats.index(last)
    for step in range(1, len(seats) + 1):
        candidate = seats[(seat + step) % len(seats)]
        if candidate in still_in:
            return candidate
    raise AssertionError("nobody is still in")


def team_names(players: Sequence[str]) -> tuple[str, str]:
    """The names written in the ``[Teams]`` tag: the partners' names joined with ``&``."""
    return (f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}")


def play_match(*, players: Sequence[str], bots: Sequence[Seat], rules: Rules, seed: str,
               tags: Sequence[Tag] = (), first_dealer: int | None = None,
               max_hands: int = MAX_HANDS,
               on_hand: Callable[[HandRecord], None] | None = None,
               hand_decks: Callable[[int], random.Random] | None = None,
               earlier: Sequence[HandRecord] = ()) -> MatchRecord:
    """Play one complete match between ``bots`` (one a seat) and record it.

    ``tags`` are the header tags to write (the caller's ``[Event]``, ``[Players]``,
    ``[Rules]`` ...). ``first_dealer`` is the seat that deals the first hand (by
    default drawn from the seed). A match that is not over after ``max_hands`` hands
    stops there (its record says ``finished=False``; the log is legal, the match
    simply has no winner yet). ``on_hand`` is told each hand's record as it ends (the
    outside programs hear of it).

    ``hand_decks`` gives the random stream that shuffles hand ``n``'s deck (and its
    reshuffles); by default one stream shuffles every hand in turn. A stream of its own
    a hand makes hand ``n`` deal the same cards to the same seats however the hands
    before it went, which the arena's duplicate deals need (``scala40cli/arena``).

    ``earlier``: the hands already played, in order, as their records; the match is
    taken up after them (their results put to the standings as the hands were, the
    next hand dealt by the player after the last dealer), so a match can be played on
    from any point (bench/review_blunders.py plays on from a decision). The record's
    ``hands`` hold the earlier hands too; its ``events`` only ``tags`` and the hands
    played here.
    """
    seats = tuple(players)
    rng = random.Random(f"{seed}:deck")
    # the standings say whether the match is played in teams (teams=pairs, 4 players)
    standings = Standings(seats, rules,
                          team_names(seats) if plays_in_teams(rules, len(seats)) else ())
    partners: dict[str, frozenset[str]] = {}
    for team in standings.teams:
        for player in team.players:
            partners[player] = frozenset(team.players) - {player}
    by_seat = dict(zip(seats, bots, strict=True))
    events: list[Event] = list(tags)
    hands: list[HandRecord] = []
    dealer_seat = rng.randrange(len(seats)) if first_dealer is None else first_dealer
    last_dealer: str | None = None
    forced: list[int] = []
    number = 0
    for done in earlier:
        standings.reenter([p for p in done.order if p not in standings.still_in])
        standings.record(number=done.number, closing=done.closing,
                         penalties=done.penalties, closer=done.closer, opened=done.opened)
        hands.append(done)
        number, last_dealer = done.number, done.dealer
    while not standings.finished and number < max_hands:
        number += 1
        playoff = standings.playoff is not None
        dealt = list(standings.dealt_in())
        dealer = (seats[dealer_seat] if last_dealer is None
                  else _expected_dealer(seats, last_dealer, standings.still_in))
        back = [p for p, why in standings.reentry_options().items() if why is None]
        order = tuple(p for p in seats if p in dealt or p in back)
        deck = rng if hand_decks is None else hand_decks(number)
        hand = HandEngine(number=number, dealer=dealer, order=order, seats=seats, rules=rules,
                          rng=deck, bots={p: by_seat[p] for p in order},
                          totals=standings.totals, partners=partners, events=events)
        standings.reenter(back)
        hand.totals = dict(standings.totals)
        hand.play()
        forced += hand.forced
        penalties = hand.penalties
        events.append(Score(entries=tuple((p, penalties[p]) for p in order), **at()))
        standings.record(number=number, closing=hand.closing, penalties=penalties,
                         closer=hand.closer, opened=sorted(hand.opened))
        hands.append(HandRecord(number=number, dealer=dealer, order=order, closer=hand.closer,
                                closing=hand.closing, penalties=dict(penalties),
                                totals=dict(standings.totals), playoff=playoff,
                                turns=hand.turns, forfeits=tuple(hand.forfeits),
                                opened=tuple(sorted(hand.opened))))
        if on_hand is not None:
            on_hand(hands[-1])
        last_dealer = dealer
    return MatchRecord(players=seats, events=tuple(events), hands=tuple(hands),
                       totals=dict(standings.totals), winner=standings.winner,
                       eliminated=tuple(standings.eliminated), forced_at=tuple(forced),
                       finished=standings.finished)


__all__ = ["MAX_HANDS", "HandRecord", "MatchRecord", "play_match", "team_names"]
