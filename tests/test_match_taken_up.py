"""A match taken up after hands already played (``play_match(earlier=...)``): the
standings carry on from those hands as the rules say, and the match ends as it would."""

from __future__ import annotations

from scala40cli.judging.rulebook.rules import RuleChoice
from scala40cli.simulate.levels import make_bots
from scala40cli.simulate.match import HandRecord, MatchRecord, play_match
from scala40cli.simulate.runner import Setup, make_setup, simulate_game


def _take_up(setup: Setup, record: MatchRecord, after: int, seed: str) -> MatchRecord:
    return play_match(players=setup.players, bots=make_bots(list(setup.levels), seed),
                      rules=setup.rules, seed=seed, earlier=record.hands[:after])


def test_a_match_taken_up_after_its_last_hand_is_over_as_it_was() -> None:
    setup = make_setup(players=2, levels="hard", choice=RuleChoice(), seed="up")
    record = simulate_game(setup, 1)
    again = _take_up(setup, record, len(record.hands), "other")
    assert again.hands == record.hands and again.events == ()
    assert (again.totals, again.winner, again.eliminated, again.finished) == (
        record.totals, record.winner, record.eliminated, True)


def test_a_match_taken_up_goes_on_from_the_totals_of_the_hands_before() -> None:
    setup = make_setup(players=2, levels="hard", choice=RuleChoice(), seed="up")
    record = simulate_game(setup, 1)
    assert len(record.hands) >= 3
    again = _take_up(setup, record, 2, "other")
    assert again.hands[:2] == record.hands[:2]
    played = again.hands[2:]
    assert played and played[0].number == 3
    assert played[0].dealer != record.hands[1].dealer  # the deal passes on
    start = record.hands[1].totals
    assert played[0].totals == {p: start[p] + played[0].penalties[p] for p in start}
    # ended as the rules say: one player under the threshold, the winner
    assert again.finished and again.winner is not None
    threshold = setup.rules.elimination_threshold(2)
    assert threshold is not None
    assert again.totals[again.winner] < threshold
    assert all(total >= threshold for p, total in again.totals.items() if p != again.winner)
    assert again.totals == {p: sum(h.penalties[p] for h in again.hands) for p in start}


def _start_of(hand: HandRecord) -> dict[str, int]:
    """The totals a hand was dealt at."""
    return {p: hand.totals[p] - hand.penalties[p] for p in hand.order}


def test_taking_up_keeps_the_re_entries_of_the_hands_before() -> None:
    """A player out and dealt in again comes back at the highest total, as the match
    played it, whether the re-entry is among the hands taken up or the first played."""
    for k in range(6):
        setup = make_setup(players=4, levels="hard",
                           choice=RuleChoice(values=(("reentry", "yes", "--set"),)),
                           seed=f"reentry-{k}")
        record = simulate_game(setup, 1)
        back = [out.hand for out in record.eliminated if out.hand + 1 < len(record.hands)
                and out.player in record.hands[out.hand].order]
        if not back:
            continue
        out = back[0]  # hand number ``out`` put the player out; hand out + 1 re-deals them
        assert _start_of(record.hands[out]) != {
            p: record.hands[out - 1].totals[p] for p in record.hands[out].order}
        for after in (out, out + 1):
            again = _take_up(setup, record, after, "other")
            assert _start_of(again.hands[after]) == _start_of(record.hands[after])
        return
    raise AssertionError("no match of the six re-entered anybody")
