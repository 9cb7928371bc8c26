"""Moves that name a meld the referee refused, judged on the meld as most likely laid (D28).

An invalid meld line stays on the table as written (D27), but it is no meld: the table
holds None at its number. A later attach or swap that names it is an echo of the
refusal, a note caused by the meld's line, applied to the most likely table: the meld
the same cards make in another order or with a joker's word left out (``10S JS
JK(QS) 9S`` laid as ``9S 10S JS JK(QS)``), grown by every attach made on it since. So
``swap QS in 7`` gives its joker to the player, and the lines after it are judged as
the players saw the table. The counterfactual test still holds: a move that the meld,
laid in any of those ways, would refuse is an independent mistake, a violation of its
own. Cards that make no meld in any order (a card left out or changed), and a meld
that a refused swap broke (its card put where it does not belong, D27), cannot be
told: every move that names them is an echo, and a swap there takes a joker when one
lies among them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from scala40cli.judging.hands.echoes import legal_versions, moved
from scala40cli.judging.hands.turn_order import TurnOrder
from scala40cli.judging.rulebook.rules import Rules
from scala40cli.judging.tabletop.findings import Finding
from scala40cli.judging.tabletop.melds import Meld as TableMeld
from scala40cli.judging.tabletop.melds import MeldError, build_meld
from scala40cli.judging.tabletop.turn import Turn
from scala40cli.judging.tabletop.verify import record_swap, verify_attach, verify_swap
from scala40cli.model.cards import HIGH_ACE, JOKER, Card, Rank
from scala40cli.model.results import Problem
from scala40cli.model.violations import Code
from scala40cli.reading.events import Attach, Meld, Swap, TableCard

#: More ways than this to lay a refused meld's cards: the meld cannot be told.
_MOST_VERSIONS: Final = 8


def laid_versions(cards: Sequence[TableCard], rules: Rules) -> list[TableMeld]:
    """The melds the cards of a refused meld line make when laid in another order
    (ascending, an ace low or high, a joker where it said it stands or in a gap), or
    else with the word a joker said left out; empty when they make none."""
    said = _built([_ascending(cards, low_ace=low) for low in (True, False)], rules)
    if said:
        return said
    unsaid = _unsaid(cards)
    return _built([unsaid, *(_ascending(unsaid, low_ace=low) for low in (True, False))],
                  rules)


def _built(orders: list[list[TableCard] | None], rules: Rules) -> list[TableMeld]:
    """The melds the orders make (an order that makes none left out)."""
    found: list[TableMeld] = []
    for order in orders:
        if order is None:
            continue
        try:
            meld = build_meld(order, rules)
        except MeldError:
            continue
        if meld not in found:
            found.append(meld)
    return found if len(found) <= _MOST_VERSIONS else []


def _unsaid(cards: Sequence[TableCard]) -> list[TableCard]:
    """The cards with what each joker said it stands for left out."""
    return [TableCard(tc.card) for tc in cards]


def _position(c: Card, *, low_ace: bool) -> int:
    assert c.rank is not None
    return (1 if low_ace else HIGH_ACE) if c.rank is Rank.ACE else int(c.rank)


def _ascending(cards: Sequence[TableCard], *, low_ace: bool) -> list[TableCard] | None:
    """The cards in ascending order as a run holds them: the natural cards by rank, a
    joker that said its card at that card's place, the other jokers in the gaps, then
    above the highest card (below the lowest when that is the ace); None when two
    cards want one place."""
    places: dict[int, TableCard] = {}
    free: list[TableCard] = []
    for tc in cards:
        said = tc.stands_for if tc.card.is_joker else tc.card
        if said is None or said.is_joker:
            free.append(tc)
            continue
        place = _position(said, low_ace=low_ace)
        if place in places:
            return None
        places[place] = tc
    if not places:
        return None
    low, high = min(places), max(places)
    for place in range(low, high + 1):
        if place not in places and free:
            places[place] = free.pop()
    while free:
        place = max(places) + 1 if max(places) < HIGH_ACE else min(places) - 1
        places[place] = free.pop()
    return [places[p] for p in sorted(places)]


def refuse_meld(hand: TurnOrder, event: Meld, index: int, problems: Sequence[Problem]
                ) -> list[TableMeld]:
    """Meld ``index`` was refused (``problems``: those reported on its line): later
    moves that name it are judged on the melds its cards make (see the module
    docstring), which are returned."""
    refusal = next(p for p in problems if p.code is Code.INVALID_MELD)
    versions = laid_versions(event.cards, hand.rules)
    hand.echoes.doubt_meld(index, hand.doubts.root(refusal), versions)
    hand.echoes.refused[index] = sum(1 for tc in event.cards if tc.card.is_joker)
    return versions


def broken_by_swap(hand: TurnOrder, index: int, cause: Problem, jokers: int) -> None:
    """A refused swap put its card where it does not belong in meld ``index`` (D27),
    which is no meld any more (``jokers``: those left in it): what the table holds
    there cannot be told, and every later move that names it is an echo of ``cause``
    (or of an earlier problem of the meld)."""
    hand.echoes.doubt_meld(index, cause, [])
    hand.echoes.melds[index].twins = []
    hand.echoes.refused[index] = jokers


def attach_to_refused(hand: TurnOrder, event: Attach, index: int,
                      closing: Problem | None) -> None:
    """An attach to the refused meld ``index`` (its cards have left the hand): a note
    when the meld, as it was most likely laid, takes them; else the attach is refused
    there, a violation (``closing``: the problem of an attach that empties the hand
    without a discard, which the refusal follows from)."""
    doubt = hand.echoes.melds[index]
    hand.echoes.refused[index] += sum(1 for tc in event.cards if tc.card.is_joker)
    twins = doubt.twins
    made = [m for m in (moved(twin, event, hand.rules) for twin in twins) if m is not None]
    if made or not twins:
        hand.flag(_echo(event, index, doubt.cause, made), event.player, doubt.cause)
        doubt.twins = made
        return
    finding = verify_attach(event, twins[0], hand.rules)[1][0]
    _refuse(hand, _laid_as(finding, twins[0]), index, closing)


def swap_on_refused(hand: TurnOrder, turn: Turn, event: Swap, index: int) -> None:
    """A swap on the refused meld ``index`` (the player holds the card): a note when
    the meld, as it was most likely laid, gives the joker for it, and the player gets
    the joker; else a violation, and the card still takes the place of a joker lying
    there, if one does (D27)."""
    doubt = hand.echoes.melds[index]
    twins = doubt.twins
    made = [m for m in (moved(twin, event, hand.rules) for twin in twins) if m is not None]
    if made or not twins:
        hand.flag(_echo(event, index, doubt.cause, made), event.player, doubt.cause)
        doubt.twins = made
    else:
        finding = verify_swap(event, twins[0], hand.rules)[1][0]
        _refuse(hand, _laid_as(finding, twins[0]), index, None)
    if not hand.echoes.refused[index]:
        return  # no joker lies there: nothing changes places
    hand.echoes.refused[index] -= 1
    hand.take_out(event, event.card)
    hand.hands[event.player][JOKER] += 1
    if made:
        record_swap(turn, event, hand.rules)
    else:  # D27: the card is laid, no joker is owed to the table
        turn.laid.append(event.card)


def _refuse(hand: TurnOrder, finding: Finding, index: int, closing: Problem | None) -> None:
    """Report a move that the refused meld ``index`` refuses however it was laid: an
    echo still of another earlier problem (a meld line lost, so that the log's numbers
    run one ahead; a line that could not be read), else a violation; had it been
    legal, the meld would have grown by it."""
    event = finding.event
    assert isinstance(event, (Attach, Swap))
    cause = closing or hand.echoes.move_cause(index, hand.table, event, hand.rules)
    everything = hand.doubts.everything
    if cause is None and everything is not None and everything.line < event.line:
        cause = everything
    problem = hand.flag(finding, event.player, cause, independent=True)
    if problem.caused_by is None:
        doubt = hand.echoes.melds[index]
        doubt.twins = _grown(doubt.twins, event, hand.rules)


def _echo(event: Attach | Swap, index: int, cause: Problem, made: list[TableMeld]
          ) -> Finding:
    """The note of a move on the refused meld ``index``: what it was judged on."""
    code = Code.INVALID_ATTACH if isinstance(event, Attach) else Code.INVALID_SWAP
    if not made:
        untold = _UNTOLD_ATTACH if isinstance(event, Attach) else _UNTOLD_SWAP
        return Finding(code, event, untold.format(meld=event.meld, line=cause.line))
    judged = _JUDGED_ATTACH if isinstance(event, Attach) else _JUDGED_SWAP
    return Finding(code, event, judged.format(meld=event.meld, line=cause.line, cards=made[0]))


#: The notes of a move on a refused meld, one whole sentence a move, so that a
#: translation names the attach and the swap with words of its own.
_UNTOLD_ATTACH = ("meld {meld} is no meld since line {line} and what it should be cannot be "
                  "told: the attach is not judged")
_UNTOLD_SWAP = ("meld {meld} is no meld since line {line} and what it should be cannot be "
                "told: the swap is not judged")
_JUDGED_ATTACH = ("meld {meld} was refused on line {line}: the attach is judged on it as most "
                  "likely laid, {cards} after it")
_JUDGED_SWAP = ("meld {meld} was refused on line {line}: the swap is judged on it as most "
                "likely laid, {cards} after it")


def _laid_as(finding: Finding, meld: TableMeld) -> Finding:
    """A refusal on the meld as most likely laid, said so."""
    return Finding(finding.code, finding.event,
                   f"{finding.message} (the meld as most likely laid: {meld})")


def _grown(twins: list[TableMeld], event: Attach | Swap, rules: Rules) -> list[TableMeld]:
    """The melds the twins could be had the refused move been legal, or absent."""
    grown: list[TableMeld] = []
    for twin in twins:
        versions = legal_versions(twin, event, rules)
        if not versions:
            return twins
        grown += [v for v in versions if v not in grown]
    return grown


__all__ = ["attach_to_refused", "broken_by_swap", "laid_versions", "refuse_meld", "swap_on_refused"]
