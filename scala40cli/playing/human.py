"""The person's moves, judged before they are applied.

Each function takes the hand being played (the simulator's
:class:`~scala40cli.simulate.engine.HandEngine`, which holds the stock, the pile, the
hands and the table) and the person's :class:`~scala40cli.judging.tabletop.turn.Turn`,
builds the event the log will hold, asks the judging core's ``verify_*`` functions
about it exactly as the referee will on replay, and raises
:class:`~scala40cli.playing.refusal.Refused` with their words when they find anything:
then nothing has changed. A move they accept is carried out by the simulator's own
:func:`~scala40cli.simulate.moves.carry_out` or the engine's draw and discard.

Before the person has opened, the melds they lay stay aside (``staged``) until
:func:`open_with` lays them all at once, once the opening's value reaches the rules'
threshold (checked on a copy of the turn by ``verify_end_of_turn``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from scala40cli.judging.tabletop.findings import Finding
from scala40cli.judging.tabletop.melds import Meld as TableMeld
from scala40cli.judging.tabletop.melds import Run, opening_value
from scala40cli.judging.tabletop.turn import Turn
from scala40cli.judging.tabletop.verify import (
    record_meld,
    verify_attach,
    verify_closing,
    verify_closing_by_laying,
    verify_end_of_turn,
    verify_meld,
    verify_swap,
    verify_take,
    verify_touch,
    verify_turn_discard,
)
from scala40cli.model.card_counts import full_deck
from scala40cli.model.cards import HIGH_ACE, JOKER, Card, Rank
from scala40cli.playing.refusal import Refused, refuse
from scala40cli.reading.events import Attach, Discard, Meld, Swap, TableCard, Take
from scala40cli.simulate.engine import HandEngine
from scala40cli.simulate.moves import at, carry_out
from scala40cli.simulate.plays import AttachPlay, MeldPlay, SwapPlay

#: Every natural card, each once: what a joker may be declared to stand for.
NATURALS = tuple(sorted({c for c in full_deck() if c != JOKER}, key=lambda c: c.code))


def free_cards(engine: HandEngine, player: str, staged: Sequence[Sequence[Card]]) -> Counter[Card]:
    """The player's cards less those set aside for the opening."""
    left = Counter(engine.hands[player])
    for meld in staged:
        left.subtract(meld)
    return +left


def check_held(cards: Sequence[Card], free: Counter[Card]) -> None:
    """Every card named must be in the hand (as often as named)."""
    if not cards:
        raise Refused("choose cards first", "PLAY_CHOOSE")
    for c, count in Counter(cards).items():
        if free[c] < count:
            raise Refused(f"you do not hold {c.code}", "PLAY_NOT_HELD")


def take(engine: HandEngine, turn: Turn) -> Card:
    """The top of the discard pile into the hand (verify_take)."""
    if not engine.pile:
        raise Refused("the discard pile is empty", "PLAY_EMPTY_PILE")
    event = Take(player=turn.player, card=engine.pile[-1], **at())
    refuse(verify_take(event, opened_before=turn.opened_before, rules=engine.rules))
    taken = engine.pile.pop()
    engine.hands[turn.player][taken] += 1
    turn.drew, turn.draws = True, 1
    turn.taken, turn.take_event = taken, event
    engine.taken[turn.player].append(taken)
    engine.events.append(event)
    return taken


def put_back(engine: HandEngine, turn: Turn) -> None:
    """The card just taken goes back on the pile, as if never taken. Only while nothing
    was laid since: after that, the controller plays the match again from its log up to
    the take (:func:`~scala40cli.playing.saving.undo_take`), which also gives back
    what was laid."""
    if turn.take_event is None or turn.taken is None or engine.events[-1] is not turn.take_event:
        raise Refused("only a discard taken this turn goes back", "PLAY_PUT_BACK")
    engine.events.pop()
    card = turn.taken
    hand = engine.hands[turn.player]
    hand[card] -= 1
    if not hand[card]:
        del hand[card]
    engine.pile.append(card)
    engine.taken[turn.player].pop()
    turn.drew, turn.draws, turn.taken, turn.take_event = False, 0, None, None


def meld_event(player: str, cards: Sequence[Card]) -> Meld:
    return Meld(player=player, cards=tuple(TableCard(c) for c in cards), **at())


def check_meld(engine: HandEngine, turn: Turn, cards: Sequence[Card]) -> Meld:
    """A meld the judge accepts as a combination (verify_meld), or a refusal.

    The person only chooses the cards; the log writes a run ascending, its jokers in
    their places, and a joker at either end of a run says what it stands for. So the
    cards are tried in each of their arrangements (the naturals ascending, the ace low
    or high, the jokers in every gap) and each joker declared as any natural card, each
    try asked of the judge; the accepted one worth most is laid. A refusal gives the
    judge's words on the cards in ascending order."""
    best: tuple[int, Meld] | None = None
    first: list[Finding] | None = None
    for arranged in arrangements(cards):
        event = meld_event(turn.player, arranged)
        meld, found = verify_meld(turn, event, engine.rules)
        if first is None:
            first = found
        tries = [(meld, found, event)]
        if found and JOKER in arranged:
            declared = _declared(engine, turn, arranged)
            if declared is not None:
                tries.append((verify_meld(turn, declared, engine.rules)[0], [], declared))
        for built, problems, tried in tries:
            if built is not None and not problems:
                value = opening_value(built)
                if best is None or value > best[0]:
                    best = (value, tried)
    if best is not None:
        return best[1]
    refuse(first or [])
    raise Refused("not a meld", "PLAY_NOT_A_MELD")


def _rank(c: Card, ace: int) -> int:
    return ace if c.rank == Rank.ACE else int(c.rank or 0)


def arrangements(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The orders a meld of these cards may be written in (see :func:`check_meld`)."""
    naturals = [c for c in cards if c != JOKER]
    jokers = len(cards) - len(naturals)
    found: list[tuple[Card, ...]] = []
    for ace in (1, HIGH_ACE):
        row = tuple(sorted(naturals, key=lambda c: (_rank(c, ace), c.code)))
        for placed in _with_jokers(row, jokers):
            if placed not in found:
                found.append(placed)
    return found


def _with_jokers(row: tuple[Card, ...], jokers: int) -> list[tuple[Card, ...]]:
    if not jokers:
        return [row]
    out: list[tuple[Card, ...]] = []
    for at_gap in range(len(row) + 1):
        out += _with_jokers((*row[:at_gap], JOKER, *row[at_gap:]), jokers - 1)
    return out


def _declared(engine: HandEngine, turn: Turn, cards: Sequence[Card]) -> Meld | None:
    best: tuple[int, Meld] | None = None
    at_joker = list(cards).index(JOKER)
    for natural in NATURALS:
        tcs = [TableCard(c) for c in cards]
        tcs[at_joker] = TableCard(JOKER, natural)
        event = Meld(player=turn.player, cards=tuple(tcs), **at())
        meld, found = verify_meld(turn, event, engine.rules)
        if meld is not None and not found:
            value = opening_value(meld)
            if best is None or value > best[0]:
                best = (value, event)
    return None if best is None else best[1]


def open_with(engine: HandEngine, turn: Turn, staged: Sequence[Sequence[Card]]) -> list[Meld]:
    """Lay the melds set aside, once, together, as the opening: refused unless the turn
    would end as a legal opening (the threshold, the card taken used in it)."""
    if not staged:
        raise Refused("lay melds first", "PLAY_NOTHING_STAGED")
    trial = trial_of(turn)
    events = []
    for cards in staged:
        event = check_meld(engine, trial, cards)
        meld, _ = verify_meld(trial, event, engine.rules)
        record_meld(trial, event, meld)
        events.append(event)
    refuse(verify_end_of_turn(trial, engine.rules))
    if sum(len(m) for m in staged) == engine.hands[turn.player].total():
        refuse(_closing_findings(engine, trial, events[-1]))
    for event in events:
        lay(engine, turn, event)
    return events



def trial_of(turn: Turn) -> Turn:
    """A copy of the turn whose lists the trial may grow without touching the turn's
    (``Turn.copy`` shares them; ``copy.deepcopy`` cannot copy the compiled class)."""
    trial = turn.copy()
    trial.opening_cards = list(turn.opening_cards)
    trial.laid = list(turn.laid)
    trial.freed_jokers = list(turn.freed_jokers)
    trial.deferred = list(turn.deferred)
    return trial

def lay(engine: HandEngine, turn: Turn, event: Meld | Attach | Swap) -> None:
    """Carry out a play the judge has accepted (carry_out asks it again)."""
    play: MeldPlay | AttachPlay | SwapPlay
    if isinstance(event, Meld):
        play = MeldPlay(event.cards)
    elif isinstance(event, Attach):
        play = AttachPlay(event.cards, event.meld)
    else:
        play = SwapPlay(event.card, event.meld)
    engine.events.append(carry_out(play, turn, engine.hands[turn.player], engine.table,
                                   engine.owners, engine.rules))


def _closing_findings(engine: HandEngine, turn: Turn,
                      event: Meld | Attach | Swap) -> list[Finding]:
    return [*verify_closing_by_laying(event, engine.rules),
            *verify_closing(turn, event, engine.rules)]


def meld_now(engine: HandEngine, turn: Turn, cards: Sequence[Card]) -> Meld:
    """A meld laid at once by a player who has opened."""
    event = check_meld(engine, turn, cards)
    if len(cards) == engine.hands[turn.player].total():
        refuse(_closing_findings(engine, turn, event))
    lay(engine, turn, event)
    return event


def _meld_index(engine: HandEngine, number: int) -> int:
    if not 1 <= number <= len(engine.table):
        raise Refused(f"there is no meld {number}", "PLAY_NO_MELD")
    return number - 1


def attach_or_swap(engine: HandEngine, turn: Turn, card: Card, number: int) -> Attach | Swap:
    """The chosen card onto table meld ``number``: attached when the judge lets it be,
    else given for the meld's joker when the judge lets it replace it (the joker comes
    to the hand, and must then be laid as the rules say); both touch the meld only as
    verify_touch allows. A refusal gives the attach's reasons."""
    index = _meld_index(engine, number)
    meld: TableMeld = engine.table[index]
    owner = engine.owners[index]
    attach = Attach(player=turn.player, cards=(TableCard(card),), meld=number, **at())
    _grown, found = verify_attach(attach, meld, engine.rules)
    if found and card == JOKER:
        attach, found = _declared_attach(engine, attach, meld, found)
    if found and card != JOKER:
        try:
            return swap_joker(engine, turn, card, number)
        except Refused:
            pass
    refuse([verify_touch(turn, attach, owner, engine.rules)])
    refuse(found)
    if engine.hands[turn.player].total() == 1:
        refuse(_closing_findings(engine, turn, attach))
    lay(engine, turn, attach)
    return attach


def swap_joker(engine: HandEngine, turn: Turn, card: Card, number: int) -> Swap:
    """Take back the joker of table meld ``number``, giving it the chosen card (the one
    it stands for), where verify_swap and verify_touch allow; the joker comes to the
    hand. Asked for by itself when the card could also be attached to the meld."""
    index = _meld_index(engine, number)
    swap = Swap(player=turn.player, card=card, meld=number, **at())
    changed, found = verify_swap(swap, engine.table[index], engine.rules)
    if changed is None or found:
        refuse(found)
        raise Refused(f"meld {number} has no joker that {card.code} takes back",
                      "PLAY_NO_SWAP")
    refuse([verify_touch(turn, swap, engine.owners[index], engine.rules)])
    lay(engine, turn, swap)
    return swap


def _declared_attach(engine: HandEngine, attach: Attach, meld: TableMeld,
                     found: list[Finding]) -> tuple[Attach, list[Finding]]:
    """A joker that could go at either end of a run says which card it stands for: the
    run's high end where the judge accepts it (the person only chose the joker and the
    meld; the ace below a 2 is the low end, not the highest card)."""
    accepted = []
    for natural in NATURALS:
        declared = Attach(player=attach.player, cards=(TableCard(JOKER, natural),),
                          meld=attach.meld, **at())
        grown, problems = verify_attach(declared, meld, engine.rules)
        if grown is not None and not problems:
            height = grown.high if isinstance(grown, Run) else _rank(natural, HIGH_ACE)
            accepted.append((height, declared))
    if not accepted:
        return attach, found
    return max(accepted, key=lambda pair: pair[0])[1], []


def discard(engine: HandEngine, turn: Turn, card: Card) -> None:
    """The discard that ends the turn (verify_turn_discard, then the end-of-turn checks
    on a copy of the turn), carried out by the engine (which closes or voids the hand)."""
    player = turn.player
    closes = engine.hands[player].total() == 1
    event = Discard(player=player, card=card, **at())
    refuse(verify_turn_discard(turn, event, closes=closes, table=engine.table,
                               rules=engine.rules))
    trial = turn.copy()
    trial.closed = closes
    refuse(verify_end_of_turn(trial, engine.rules))
    engine._discard(turn, card, False)


__all__ = ["attach_or_swap", "check_held", "check_meld", "discard", "free_cards", "meld_now",
           "open_with", "put_back", "swap_joker", "take", "trial_of"]
