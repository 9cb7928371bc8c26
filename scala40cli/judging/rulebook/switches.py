"""The rule switches: one descriptor each, and the :class:`Rules` object they make.

Every point where the rule texts of Scala 40 disagree is a switch: a key with a small set
of value tokens, the first of them the ``classic`` value. Each switch is described once,
in :data:`SWITCHES` (its key, its tokens or its range of whole numbers, its meaning, the
type of its value and the words of a rule text behind it); the parsing of values, the
presets' checks, ``schemas/rules.schema.json``, ``scala40 rules`` and the switch table of
``docs/rules.md`` are all derived from that table.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Any

from scala40cli.judging.rulebook.rule_enums import (
    ELIMINATION_NONE,
    ELIMINATION_PER_PLAYER,
    ELIMINATION_VALUES,
    AcePenalty,
    ClosingDiscard,
    ClosingFirstRound,
    DiscardJoker,
    DiscardPlayable,
    DiscardTakenCard,
    FreedJoker,
    InHandBonus,
    OneGoThreshold,
    OpeningJokers,
    OpeningSameTurn,
    OpeningTurnPlays,
    SetJokerSuit,
    StockExhausted,
    TakeAfterOpening,
    TakeBeforeOpening,
    Teams,
    UnopenedPenalty,
    UpcardJoker,
    YesNo,
)


class ValueKind(Enum):
    """The type of a switch's value, which says how a token is read."""

    #: One of the tokens, read as the switch's enum member.
    WORD = "word"
    #: One of the tokens, each a whole number, read as an int (``jokers``: 4 or 2).
    NUMBER_CHOICE = "number_choice"
    #: One of the tokens, kept as text (``elimination``: 101 ... 50n+1, none).
    TOKEN = "token"
    #: A whole number from ``minimum`` to ``maximum``, read as an int (``opening_points``).
    WHOLE_NUMBER = "whole_number"
    #: ``none`` or a whole number from ``minimum`` to ``maximum`` (``fixed_hands``).
    NONE_OR_NUMBER = "none_or_number"


@dataclass(frozen=True, slots=True, kw_only=True)
class Switch:
    """One rule switch, described once for the code, the schema and the docs."""

    key: str
    #: The tokens a user writes, the classic one first; for a number, the usual ones.
    tokens: tuple[str, ...]
    kind: ValueKind
    #: One line: what the switch decides, its values in the order of ``tokens``.
    meaning: str
    #: Which value each rule text uses (A, B, C, D as docs/rules.md names them).
    texts: str
    #: The words of a rule text behind the switch, quoted, with an English gloss.
    source: str
    #: The enum a WORD switch's value is (None for the other kinds).
    enum: type[StrEnum] | None = None
    #: The smallest whole number a WHOLE_NUMBER or NONE_OR_NUMBER switch takes.
    minimum: int | None = None
    #: The largest one, a bound that makes sense for the game (docs/rules.md says why).
    maximum: int | None = None
    #: How the allowed values are said, when they are not a list of tokens.
    range_words: str = ""

    @property
    def classic(self) -> str:
        """The token of the ``classic`` preset."""
        return self.tokens[0]

    @property
    def closed(self) -> bool:
        """The switch takes one of its tokens and nothing else."""
        return self.kind in (ValueKind.WORD, ValueKind.NUMBER_CHOICE, ValueKind.TOKEN)

    def allowed(self) -> str:
        """Words for the values it takes, for messages and ``scala40 rules``."""
        return ", ".join(self.tokens) if self.closed else self.range_words


def _words(key: str, enum: type[StrEnum], classic: StrEnum, *, meaning: str, texts: str,
           source: str) -> Switch:
    """A WORD switch: its tokens are the enum's values, the classic one first."""
    tokens = (classic.value, *(m.value for m in enum if m is not classic))
    return Switch(key=key, tokens=tokens, kind=ValueKind.WORD, enum=enum, meaning=meaning,
                  texts=texts, source=source)


def _numbers(key: str, *tokens: str, meaning: str, texts: str, source: str) -> Switch:
    """A NUMBER_CHOICE switch: one of a few whole numbers, the classic one first."""
    return Switch(key=key, tokens=tokens, kind=ValueKind.NUMBER_CHOICE, meaning=meaning,
                  texts=texts, source=source)


#: Every switch, in the order of the Rules object, the schema and the docs.
SWITCHES: tuple[Switch, ...] = (
    _numbers(
        "jokers", "4", "2", meaning="jokers in the deck",
        texts="A: 4 (variant 2); B: 4; C: 4; D: 4",
        source='A: "seulement 2 jokers ... 2 des 4 jokers sont retirés" (a variant with 2 '
               "of the 4 jokers taken out)"),
    _words(
        "upcard_joker", UpcardJoker, UpcardJoker.RETURNED,
        meaning="a joker turned up as the first discard goes back into the stock and "
                "another card is turned / stays",
        texts="A: returned",
        source='A: "Si la carte retournée est un joker, remettez-la dans la pioche" (a '
               "joker turned up goes back into the stock)"),
    Switch(
        key="opening_points", tokens=("40", "30", "50"), kind=ValueKind.WHOLE_NUMBER,
        minimum=1, maximum=200,  # 14 cards of at most 11 points: no opening reaches 155
        range_words="a whole number of points from 1 to 200 in the digits 0-9, such as 30, "
                    "40 or 50",
        meaning="minimum value of the opening",
        texts="A: 40 (30 Scala Trenta, 50 Scala Cinquanta); B: 40; C: 40; D: 40",
        source='C: "per aprire è necessario che il punteggio delle carte calate sia '
               'uguale o più di 40 punti" (opening needs 40 points or more)'),
    _words(
        "opening_jokers", OpeningJokers, OpeningJokers.ALLOWED,
        meaning="jokers in the opening melds, worth the card they replace / natural "
                "cards only",
        texts="A: forbidden; B: allowed; D: allowed (4♠ 5♠ JK = 15)",
        source='D: "Quattro di Picche + Cinque di Picche + Jolly equivale a 4 + 5 + 6 = 15 '
               'punti" (a joker counts as the card it stands for)'),
    _words(
        "opening_same_turn", OpeningSameTurn, OpeningSameTurn.YES,
        meaning="all opening melds are laid in one turn", texts="B: yes; D: yes",
        source='B: "toutes dans le même tour" (all in the same turn)'),
    _numbers(
        "jokers_per_meld", "1", meaning="at most one joker a meld (so never a set of jokers)",
        texts='A: 1; B: 1; C: "no set of jokers"',
        source='B: "un seul par combinaison" (one joker a meld); C: "Non sono ammessi '
               'tris di Jolly" (no set of jokers)'),
    _numbers(
        "run_max", "14", "13",
        meaning="the longest run: A-2-...-K plus a joker as the other ace / 13 cards",
        texts="C: 13 + joker",
        source='C: "Le scale si possono comporre da minimo 3 fino 13 carte dello stesso '
               'seme più il jolly" (runs of 3 to 13 cards of a suit, plus the joker)'),
    _words(
        "take_before_opening", TakeBeforeOpening, TakeBeforeOpening.ONLY_TO_OPEN,
        meaning="the discard pile before opening: only to open with that card in that "
                "turn / never",
        texts="A: forbidden; B: only_to_open; C: forbidden; D: only_to_open",
        source='D: "Un giocatore che non abbia ancora aperto, può tuttavia pescare lo '
               'stesso dal pozzo, a patto che nello stesso turno apra" (an unopened '
               "player may take the discard if they open in that turn)"),
    _words(
        "take_after_opening", TakeAfterOpening, TakeAfterOpening.MUST_USE,
        meaning="after opening, the card taken from the discard pile must reach the "
                "table that turn / free",
        texts="A: free; B: must_use; C: must_use",
        source='C: "essa deve essere necessariamente utilizzata in una scala o tris" (the '
               "card taken must be used in a run or a set)"),
    _words(
        "discard_taken_card", DiscardTakenCard, DiscardTakenCard.FORBIDDEN,
        meaning="discarding the card just taken from the discard pile",
        texts="A: forbidden; B: (must be used); C: forbidden",
        source='C: "si possa scartare una carta che si ha già in mano e non quella appena '
               'pescata dal pozzo" (discard a card already held, not the one just taken)'),
    _words(
        "opening_turn_plays", OpeningTurnPlays, OpeningTurnPlays.ANYWHERE,
        meaning="in the opening turn, once the threshold is reached: attach and swap "
                "anywhere / only on own melds / nothing more",
        texts="A: anywhere; B: anywhere",
        source='A: "ajoutez des cartes à n\'importe quelle combinaison sur la table" '
               "(after opening, add cards to any meld on the table)"),
    _words(
        "joker_swap", YesNo, YesNo.YES,
        meaning="after opening, a table joker can be taken back by putting the card it "
                "stands for",
        texts="A: yes; B: yes; C: yes; D: yes",
        source='B: "Un joker de la table peut être repris une fois que vous avez ouvert" '
               "(a table joker can be taken back once you have opened)"),
    _words(
        "freed_joker", FreedJoker, FreedJoker.TO_HAND,
        meaning="a freed joker goes to the hand / must be laid down in the same turn",
        texts="A: must_use; B: to_hand; C: must_use; D: to_hand",
        source='C: "il jolly debba essere utilizzato in un\'altra scala o tris presente '
               'sul tavolo prima di scartare" (the freed joker must be laid down before '
               "the discard)"),
    _words(
        "set_joker_suit", SetJokerSuit, SetJokerSuit.ANY,
        meaning="a set's joker stands for any missing suit / only for the suit it declared",
        texts="D: any",
        source='D: "il Jolly sarà considerato come un\'altro Due (di Quadri o di Cuori, è '
               'indifferente)" (the joker is another two, of either missing suit)'),
    _words(
        "discard_playable", DiscardPlayable, DiscardPlayable.ALLOWED,
        meaning="discarding a card that fits a table meld",
        texts="D: forbidden",
        source='D: "Le carte che attaccano ... non possono mai essere scartate" (cards that '
               "could be attached may never be discarded)"),
    _words(
        "discard_joker", DiscardJoker, DiscardJoker.ALLOWED,
        meaning="discarding a joker: any time / never as the closing discard / only as "
                "the closing discard",
        texts="C: not_closing",
        source='C: "La carta da scartare per chiudere non può essere un jolly" (the '
               "closing discard cannot be a joker)"),
    _words(
        "closing_discard", ClosingDiscard, ClosingDiscard.NEEDS,
        meaning="closing needs a final discard / may close by laying everything down",
        texts="A: needs (variant optional); B: needs; C: needs; D: needs",
        source='B: "on termine en défaussant, pas en posant" (one closes by discarding, '
               "not by laying down)"),
    _words(
        "closing_first_round", ClosingFirstRound, ClosingFirstRound.ALLOWED,
        meaning="closing in one's own first turn of the hand, whatever one's seat",
        texts="C: not_allowed",
        source='C: "Non è consentito chiudere al primo giro" (closing in the first round '
               "is not allowed)"),
    _words(
        "one_go_threshold", OneGoThreshold, OneGoThreshold.APPLIES,
        meaning="closing in one go must reach the opening threshold / needs only valid "
                "melds",
        texts="D: waived",
        source='D: "è consentito di chiudere senza aver precedentemente aperto, a patto '
               'che le 13 carte costituiscano tra di loro delle combinazioni valide" '
               "(one may close without having opened, if the 13 cards make valid melds)"),
    _words(
        "in_hand_bonus", InHandBonus, InHandBonus.DOUBLED,
        meaning="closing in one go: the others' penalties doubled / the closer's total "
                "-100 / nothing",
        texts="A: minus100 or doubled; B: doubled; C: doubled",
        source='C: "se il vincitore chiude calando contemporaneamente tutte le carte e '
               'scartando l\'ultima (chiusura in mano), il punteggio degli avversari si '
               'conta doppio" (closing in one go doubles the opponents\' scores)'),
    _numbers(
        "winner_bonus", "0", "-100", meaning="the closer's total changes by this",
        texts="A: 0 (variant -100); B: 0; C: 0; D: 0",
        source='A: "certaines variantes soustraient un bonus de 100 points de son total" '
               "(some variants take 100 points off the winner's total)"),
    _words(
        "ace_penalty", AcePenalty, AcePenalty.ELEVEN,
        meaning="an ace left in hand costs 11 / 1 / 1 when it is the only card left",
        texts="A: 1 (variant 11); B: 11; C: 11",
        source='C: "Asso: 11 punti" (ace: 11 points)'),
    _words(
        "unopened_penalty", UnopenedPenalty, UnopenedPenalty.HUNDRED,
        meaning="a player who never opened pays 100 / the value of their cards",
        texts="A: cards; B: 100; C: 100",
        source='C: "Al giocatore che rimane con tutte le carte in mano vengono assegnati '
               '100 punti" (a player left with all their cards scores 100)'),
    _words(
        "stock_exhausted", StockExhausted, StockExhausted.ONCE_THEN_VOID,
        meaning="the discard pile becomes the stock once, then the hand is void / as "
                "often as needed",
        texts="A: reshuffle; B: once_then_void; C: reshuffle",
        source='B: "la défausse est mélangée une fois ... Si celle-ci s\'épuise aussi, la '
               'manche s\'arrête et personne ne marque" (the pile is shuffled once; when '
               "that runs out too, nobody scores)"),
    Switch(
        key="elimination", tokens=ELIMINATION_VALUES, kind=ValueKind.TOKEN,
        meaning="the total that puts a player out (50n+1: 50 x players at the start + 1); "
                "none: a fixed number of hands",
        texts="A: 101 or 201; B: 101; C: 101; D: 50n+1",
        source='D: "sono 50 punti per ogni giocatore + 1" (50 points a player, plus 1)'),
    _words(
        "reentry", YesNo, YesNo.NO,
        meaning="an eliminated player re-enters once with the highest remaining total "
                "(3 or more players)",
        texts="D: yes",
        source='D: "può rientrare nella partita, e si ritroverà con il più alto punteggio '
               'tra quelli degli altri giocatori" (may re-enter with the highest total of '
               "the others)"),
    _words(
        "mortal_combat", YesNo, YesNo.NO,
        meaning="after each hand the player with the highest penalty is out",
        texts="D: house rule",
        source='D: "il giocatore che ... conta più punti di penalità di tutti esce '
               'immediatamente dalla partita" (the highest penalty of the hand is out)'),
    _words(
        "compra", YesNo, YesNo.NO,
        meaning="a player may buy the discard out of turn, lays it down at once and draws "
                "one extra card",
        texts="A: variant",
        source='A: "Un joueur peut «acheter» (prendre) la défausse actuelle hors de son '
               'tour" (a player may buy the discard out of turn)'),
    _words(
        "teams", Teams, Teams.NONE,
        meaning="four players in two teams (1st and 3rd, 2nd and 4th), partners' totals "
                "summed",
        texts="A: variant",
        source='A: "Quatre joueurs en deux équipes ; les scores des partenaires sont '
               'additionnés" (four players in two teams, partners\' scores summed)'),
    Switch(
        key="fixed_hands", tokens=("none",), kind=ValueKind.NONE_OR_NUMBER, minimum=1,
        maximum=999,  # a hand takes minutes: 999 hands are weeks of play
        range_words="none or a whole number of hands from 1 to 999 in the digits 0-9",
        meaning="play N hands (with elimination=none); the lowest total wins, ties: fewer "
                "unopened hands, more hands won, a play-off hand",
        texts="A: variant",
        source='A: "Dans les parties courtes jouées sur un nombre fixe de manches, c\'est '
               'la pénalité cumulée la plus basse qui gagne" (over a fixed number of '
               "hands, the lowest total wins)"),
)

#: Every switch by its key.
SWITCH_BY_KEY: dict[str, Switch] = {switch.key: switch for switch in SWITCHES}
RULE_KEYS: tuple[str, ...] = tuple(SWITCH_BY_KEY)
#: One line of meaning for every switch, for ``scala40 rules`` and the rules schema.
MEANINGS: dict[str, str] = {switch.key: switch.meaning for switch in SWITCHES}
#: The keys whose value is a number in the Rules object (written as numbers in TOML).
INTEGER_KEYS: frozenset[str] = frozenset(
    switch.key for switch in SWITCHES
    if switch.kind in (ValueKind.NUMBER_CHOICE, ValueKind.WHOLE_NUMBER,
                       ValueKind.NONE_OR_NUMBER)
)


def classic_value(key: str) -> Any:
    """The typed classic value of a switch: the default of its Rules field."""
    switch = SWITCH_BY_KEY[key]
    if switch.enum is not None:
        return switch.enum(switch.classic)
    if switch.kind is ValueKind.TOKEN:
        return switch.classic
    return None if switch.classic == "none" else int(switch.classic)


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """Every rule switch, with the ``classic`` values (the first tokens) as defaults."""

    jokers: int = classic_value("jokers")
    upcard_joker: UpcardJoker = classic_value("upcard_joker")
    opening_points: int = classic_value("opening_points")
    opening_jokers: OpeningJokers = classic_value("opening_jokers")
    opening_same_turn: OpeningSameTurn = classic_value("opening_same_turn")
    jokers_per_meld: int = classic_value("jokers_per_meld")
    run_max: int = classic_value("run_max")
    take_before_opening: TakeBeforeOpening = classic_value("take_before_opening")
    take_after_opening: TakeAfterOpening = classic_value("take_after_opening")
    discard_taken_card: DiscardTakenCard = classic_value("discard_taken_card")
    opening_turn_plays: OpeningTurnPlays = classic_value("opening_turn_plays")
    joker_swap: YesNo = classic_value("joker_swap")
    freed_joker: FreedJoker = classic_value("freed_joker")
    set_joker_suit: SetJokerSuit = classic_value("set_joker_suit")
    discard_playable: DiscardPlayable = classic_value("discard_playable")
    discard_joker: DiscardJoker = classic_value("discard_joker")
    closing_discard: ClosingDiscard = classic_value("closing_discard")
    closing_first_round: ClosingFirstRound = classic_value("closing_first_round")
    one_go_threshold: OneGoThreshold = classic_value("one_go_threshold")
    in_hand_bonus: InHandBonus = classic_value("in_hand_bonus")
    winner_bonus: int = classic_value("winner_bonus")
    ace_penalty: AcePenalty = classic_value("ace_penalty")
    unopened_penalty: UnopenedPenalty = classic_value("unopened_penalty")
    stock_exhausted: StockExhausted = classic_value("stock_exhausted")
    elimination: str = classic_value("elimination")
    reentry: YesNo = classic_value("reentry")
    mortal_combat: YesNo = classic_value("mortal_combat")
    compra: YesNo = classic_value("compra")
    teams: Teams = classic_value("teams")
    fixed_hands: int | None = classic_value("fixed_hands")

    def elimination_threshold(self, players_at_start: int) -> int | None:
        """The total at which a player is out, or None when nobody is eliminated."""
        if self.elimination == ELIMINATION_NONE:
            return None
        if self.elimination == ELIMINATION_PER_PLAYER:
            return 50 * players_at_start + 1
        return int(self.elimination)

    def as_tokens(self) -> dict[str, str]:
        """Every switch as the token a user writes (``fixed_hands`` None is ``none``)."""
        return {field.name: token_of(getattr(self, field.name))
                for field in dataclasses.fields(self)}


def token_of(value: object) -> str:
    """A typed switch value as the token a user writes (None is ``none``)."""
    if value is None:
        return "none"
    return str(value)


if tuple(field.name for field in dataclasses.fields(Rules)) != RULE_KEYS:
    raise RuntimeError("the Rules fields must be the switches of SWITCHES, in order")

CLASSIC = Rules()
