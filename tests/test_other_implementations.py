"""Our referee against what other Scala 40 programs test or enforce.

Each case states, in our own words and cards, a fact of the rules that a public Scala 40
implementation checks in its own unit tests or enforces in its rule code, and the comment
above it names that implementation. The case asks the same question of our referee, under
the rule switches that match what that program plays (docs/rules.md):

- ``g3ncl/scala-40-telegram-bot`` (a Telegram bot, Python, with unit tests): the discard
  pile is closed to a player who has not opened, a card taken must be used that turn and
  may not be discarded, a freed joker must be laid down at once, nobody closes in the
  first round, a closing needs a discard, the pile is reshuffled as often as needed; by
  default no bonus for a closing in one go and a player who never opened pays the cards
  held; a card that fits a table meld may be discarded only to close (3 or more players)
  or, with 2 players, once opened. Elimination at 101 (or 201).
- ``simone-amighini/scala-40`` (Java, unit tests of sequences, combinations, attaching,
  joker replacement, opening): as g3ncl for the pile, the taken card, the freed joker and
  the playable discard; no bonus for a closing in one go; a player who never opened pays
  100; out at 201.
- ``dannyb79/Scala40`` (an Android game): an unopened player may take the discard only to
  open with it in that turn; after that the taken card is free (kept or discarded); 40
  to open; ace 11 and joker 25 in hand; matches to 101 or 201.
- ``VulcanoFra/Scala40``, ``Robtux/net.sf.scala40``, ``AntonioRasulo/Scala40``,
  ``illog1c/scala-40`` (games without tests): the meld checks and the opening count of
  their rule code.
- ``AnBenPue/AlphaScala40`` (tests of its deck only): two decks of 52 cards and 2 jokers.

``Scala40/DV`` is no Scala 40 program (a data-visualisation site) and
``stefanofortu/scala40`` a tournament score-table tool with no rule of play: no case comes
from them. Where a program disagrees with the rules our referee follows, the case pins
our verdict and says whose the difference is (see docs/other-implementations.md).
"""

from __future__ import annotations

import pytest
import small_hand
from helpers import rules, table_cards

from scala40 import audit_text
from scala40cli.judging.rulebook.rules import CLASSIC, DiscardPlayable, Rules
from scala40cli.judging.tabletop.melds import Meld as TableMeld
from scala40cli.judging.tabletop.melds import build_meld, opening_value
from scala40cli.judging.tabletop.turn import Turn
from scala40cli.judging.tabletop.verify import (
    verify_attach,
    verify_discard,
    verify_meld,
    verify_swap,
)
from scala40cli.model.cards import parse_card
from scala40cli.reading.events import Attach, Discard, Meld, Swap

# --- the judging core, one move at a time -----------------------------------------------


def meld_problems(text: str, with_rules: Rules = CLASSIC) -> list[str]:
    """The codes ``verify_meld`` finds in ``P meld <text>`` by a player already opened."""
    _, found = verify_meld(Turn("P", True), Meld(1, 1, "P", table_cards(text)), with_rules)
    return [str(finding.code) for finding in found]


def worth(*melds: str) -> int:
    """What the melds count toward the opening (a joker as the card it stands for)."""
    total = 0
    for text in melds:
        laid, found = verify_meld(Turn("P", True), Meld(1, 1, "P", table_cards(text)), CLASSIC)
        assert laid is not None, found
        total += opening_value(laid)
    return total


def on_table(text: str) -> TableMeld:
    return build_meld(table_cards(text), CLASSIC)


def attach_problems(meld: str, cards: str) -> list[str]:
    _, found = verify_attach(Attach(1, 1, "P", table_cards(cards), 1), on_table(meld), CLASSIC)
    return [str(finding.code) for finding in found]


def swap_problems(meld: str, card: str) -> list[str]:
    _, found = verify_swap(Swap(1, 1, "P", parse_card(card), 1), on_table(meld), CLASSIC)
    return [str(finding.code) for finding in found]


# g3ncl: runs (TestIsValidSequence) and sets (TestIsValidCombination), with their values.
# simone-amighini: SequenceTest and CombinationTest. Robtux, VulcanoFra, AntonioRasulo:
# their run and set checks (runs of 3 to 14, sets of 3 or 4 in different suits).
VALID_MELDS = [
    ("3H 4H 5H", 12),                      # g3ncl
    ("3H 4H 5H 6H 7H 8H", 33),             # g3ncl
    ("3H JK 5H", 12),                      # g3ncl: the joker is the 4H
    ("AH 2H 3H", 6),                       # g3ncl, Robtux: a low ace counts 1
    ("QH KH AH", 31),                      # g3ncl, Robtux, VulcanoFra: a high ace counts 11
    ("JK 2H 3H", 6),                       # g3ncl: a joker before the 2 is the ace
    ("QH KH JK", 31),                      # g3ncl: a joker after the K is the ace
    ("JH QH KH", 30),                      # g3ncl
    ("JK KH AH", 31),                      # g3ncl: the joker is the QH (10)
    ("8H 8D 8C", 24),                      # g3ncl
    ("8H 8D 8C 8S", 32),                   # g3ncl
    ("8H 8D JK", 24),                      # g3ncl, VulcanoFra: the joker is an 8
    ("AH AD AC", 33),                      # g3ncl, AntonioRasulo: aces in a set count 11
    ("KH KD KC", 30),                      # g3ncl
    ("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", 85),          # simone
    ("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC JK", 96),       # simone, AntonioRasulo
    ("JK 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", 96),       # simone, AntonioRasulo
    ("2C 2D 2H 2S", 8),                    # simone
    ("KC KD JK KS", 40),                   # simone: a four-card set with its joker
]


@pytest.mark.parametrize(("cards", "value"), VALID_MELDS)
def test_valid_melds_and_their_opening_value(cards: str, value: int) -> None:
    assert meld_problems(cards) == []
    assert worth(cards) == value


INVALID_MELDS = [
    "KH AH 2H",                            # g3ncl, simone, Robtux: no K-A-2 wrap
    "JC QC KC AC 2C",                      # simone
    "KC JK 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",  # simone: a wrap through the joker
    "3H 4D 5H",                            # g3ncl: one suit
    "JS QD KD AD",                         # simone
    "3H 4H",                               # g3ncl: too short
    "8H 8D",                               # g3ncl
    "3H JK JK",                            # g3ncl: one joker a meld
    "2C JK 2H JK",                         # simone, g3ncl
    "3H 6H 7H",                            # g3ncl: a gap
    "3H 3H 4H",                            # g3ncl
    "JD JK QD KD AD",                      # simone: the joker fills no gap
    "8H 8H 8D",                            # g3ncl, simone: a suit twice in a set
    "JC JC JH",                            # simone
    "8H 9D 8C",                            # g3ncl
    "8H 8D 8C 8S JK",                      # g3ncl, simone: five cards are no set
    "3H 8D KC",                            # g3ncl
]


@pytest.mark.parametrize("cards", INVALID_MELDS)
def test_invalid_melds(cards: str) -> None:
    assert meld_problems(cards) == ["M001"]


def test_vulcanofra_k_a_2_is_still_refused() -> None:
    # VulcanoFra: its run check lets an ace follow a king and a two follow that ace, so it
    # accepts K-A-2. Their bug: every rule text, theirs included, forbids the wrap.
    assert meld_problems("QS KS AS 2S") == ["M001"]


def test_illog1c_a_low_ace_counts_one_toward_the_opening() -> None:
    # illog1c: its opening count gives every ace 11, A-2-3 included. Their bug: an ace
    # before the 2 counts 1 (the federation's art. 1.1, every rule text that says).
    assert worth("AD 2D 3D") == 6


def test_illog1c_a_joker_counts_as_the_card_it_stands_for() -> None:
    # illog1c: its opening count skips jokers (a joker adds nothing). No switch of ours
    # counts a joker as 0: opening_jokers allows them at their card's value or forbids them.
    assert worth("5H 6H JK") == 18


# g3ncl TestIsValidOpening, simone OpeningPlacerTest, dannyb79 OPENING_SCORE: 40 or more.
@pytest.mark.parametrize(("melds", "value"), [
    (("KH KD KC", "5H 5D 5C"), 45),        # g3ncl
    (("JH QH KH", "AH AD AC"), 63),        # g3ncl
    (("3H 4H 5H", "2D 2C 2S"), 18),        # g3ncl: short of 40
    (("JK KH AH", "5D 5C 5S"), 46),        # g3ncl: the joker as the QH
    (("5H 6H 7H", "10C JC JK"), 48),       # simone: the joker as the QC
])
def test_opening_values(melds: tuple[str, ...], value: int) -> None:
    assert worth(*melds) == value
    assert (worth(*melds) >= CLASSIC.opening_points) is (value >= 40)


# g3ncl TestCanAttach, simone SingleCardAttacherTest and AttachmentCheckerTest.
@pytest.mark.parametrize(("meld", "cards", "codes"), [
    ("3H 4H 5H", "6H", []),                # g3ncl
    ("3H 4H 5H", "2H", []),                # g3ncl
    ("3H 4H 5H", "6D", ["M002"]),          # g3ncl
    ("3H 4H 5H", "8H", ["M002"]),          # g3ncl
    ("8H 8D 8C", "8S", []),                # g3ncl
    ("8H 8D 8C 8S", "JK", ["M002"]),       # g3ncl: a full set takes nothing
    ("8H 8D 8C", "8H", ["M002"]),          # g3ncl, simone
    ("JH QH KH", "AH", []),                # g3ncl
    ("8S 8C 8D", "8H", []),                # simone
    ("8S 8C 8D", "JK", []),                # simone
    ("AS AC AD AH", "AD", ["M002"]),       # simone
    ("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD", "AD", []),   # simone: the ace goes low
    ("10H JH QH KH", "9H", []),            # simone
    ("10H JH JK KH", "9H", []),            # simone
])
def test_attach(meld: str, cards: str, codes: list[str]) -> None:
    assert attach_problems(meld, cards) == codes


def test_simone_two_natural_aces_make_no_14_card_run() -> None:
    # simone-amighini (SingleCardAttacherTest): AD attached low and then another AD high
    # on 2D..KD, a run of 14 natural cards. No switch of ours allows it: a run holds at
    # most 13 cards of a suit plus a joker (the federation's art. 3.2; run_max=14 is A..K
    # plus a joker).
    grown, found = verify_attach(
        Attach(1, 1, "P", table_cards("AD"), 1),
        on_table("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"), CLASSIC)
    assert grown is not None and found == []
    _, found = verify_attach(Attach(2, 1, "P", table_cards("AD"), 1), grown, CLASSIC)
    assert [str(finding.code) for finding in found] == ["M002"]
    assert "two natural aces" in found[0].message


# g3ncl TestCanSubstituteJoker, simone JollyReplacerTest: the card the joker stands for.
@pytest.mark.parametrize(("meld", "card", "codes"), [
    ("8H JK 8C", "8D", []),                # g3ncl: either missing suit (set_joker_suit=any)
    ("8H JK 8C", "9D", ["M003"]),          # g3ncl
    ("3H JK 5H", "4H", []),                # g3ncl
    ("3H JK 5H", "6H", ["M003"]),          # g3ncl
    ("8H 8D 8C", "8S", ["M003"]),          # g3ncl: no joker there
    ("8H JK 8C", "JK", ["M003"]),          # g3ncl: a joker for a joker
    ("4H 4D 4S JK", "4C", []),             # simone: the one missing suit
    ("4H 4D 4S JK", "4D", ["M003"]),       # simone
    ("JK 10D JD QD KD", "9D", []),         # simone
])
def test_swap(meld: str, card: str, codes: list[str]) -> None:
    assert swap_problems(meld, card) == codes


def discard_problems(card: str, *, taken: str | None = None, table: str = "",
                     opened: bool = True, closes: bool = False,
                     playable: DiscardPlayable = DiscardPlayable.ALLOWED) -> list[str]:
    found = verify_discard(
        Discard(1, 1, "P", parse_card(card)), taken=None if taken is None else parse_card(taken),
        laid=(), opened=opened, closes=closes,
        table=[on_table(table)] if table else [], rules=rules(discard_playable=playable))
    return [str(finding.code) for finding in found]


# g3ncl TestIsValidDiscard and its specs (3.6, 3.7.3), simone's Player.discardCard: more
# than 2 players, a card that fits a table meld is discarded only to close
# (forbidden_unless_closing); 2 players, only once opened (forbidden_before_opening).
# g3ncl's code checks opened players only, so it lets an unopened player discard such a
# card: their bug, against their own specs (its tests try opened players only).
UNLESS_CLOSING = DiscardPlayable.FORBIDDEN_UNLESS_CLOSING
BEFORE_OPENING = DiscardPlayable.FORBIDDEN_BEFORE_OPENING


@pytest.mark.parametrize(("kwargs", "codes"), [
    ({"card": "8H"}, []),
    ({"card": "8H", "taken": "8H"}, ["S009"]),
    ({"card": "9H", "taken": "8H"}, []),
    ({"card": "6H", "table": "3H 4H 5H", "playable": UNLESS_CLOSING}, ["S010"]),
    ({"card": "6H", "table": "3H 4H 5H", "playable": UNLESS_CLOSING, "closes": True}, []),
    ({"card": "6H", "table": "3H 4H 5H", "playable": BEFORE_OPENING}, []),
    ({"card": "6H", "table": "3H 4H 5H", "playable": BEFORE_OPENING, "opened": False},
     ["S010"]),
])
def test_g3ncl_discards(kwargs: dict[str, object], codes: list[str]) -> None:
    assert discard_problems(**kwargs) == codes  # type: ignore[arg-type]


def test_g3ncl_a_joker_fits_a_run_without_one() -> None:
    # g3ncl (_can_attach_to_sequence): a joker attaches to a run holding none, so with
    # more than 2 players it may not be discarded there; beside a run holding one it may.
    assert discard_problems("JK", table="3H 4H 5H", playable=UNLESS_CLOSING) == ["S010"]
    assert discard_problems("JK", table="3H JK 5H", playable=UNLESS_CLOSING) == []


def test_robtux_a_card_a_joker_stands_for_may_be_discarded() -> None:
    # Robtux (Scala40.cardNoAttach): the last card always goes; any other may not fit a
    # table meld (as forbidden_unless_closing) ...
    assert discard_problems("6H", table="3H 4H 5H", playable=UNLESS_CLOSING) == ["S010"]
    assert discard_problems("6H", table="3H 4H 5H", playable=UNLESS_CLOSING,
                            closes=True) == []
    # ... nor be the card a table joker stands for. No switch of ours forbids that: a
    # card fits a meld when it can be attached to it (text D, "quelle che potrebbero
    # essere attaccate"), and the 4H cannot be attached to 3H JK 5H.
    assert discard_problems("4H", table="3H JK 5H", playable=UNLESS_CLOSING) == []


def test_simone_a_second_joker_is_never_attached() -> None:
    # simone-amighini: a meld is laid with one joker at most, but its attach check skips
    # that limit, so 8S 8C JK takes a second joker. No switch of ours allows it:
    # jokers_per_meld has the one value 1 (one joker a meld, "no set of jokers").
    assert attach_problems("8S 8C JK", "JK") == ["M002"]
    assert attach_problems("3H JK 5H", "JK") == ["M002"]


# --- whole hands, replayed by the referee -----------------------------------------------

ANNA_BRUNO = '[Players "Anna" "Bruno"]\n'
RULES_OF = {
    # take_before_opening=forbidden, taken card must be used and not discarded, freed
    # joker laid at once, no closing in the first round, reshuffle as often as needed,
    # no bonus for a closing in one go, the cards of a player who never opened.
    "g3ncl": {"take_before_opening": "forbidden", "take_after_opening": "must_use",
              "discard_taken_card": "forbidden", "freed_joker": "must_use",
              "closing_first_round": "not_allowed", "stock_exhausted": "reshuffle",
              "in_hand_bonus": "none", "unopened_penalty": "cards"},
    "simone": {"take_before_opening": "forbidden", "take_after_opening": "must_use",
               "freed_joker": "must_use", "stock_exhausted": "reshuffle",
               "in_hand_bonus": "none", "unopened_penalty": "100", "elimination": "201"},
    # dannyb79 (PlayerClass.cull_action): once the opening turn is over, the card taken
    # is free, to keep or to discard.
    "dannyb79": {"take_before_opening": "only_to_open", "take_after_opening": "free",
                 "discard_taken_card": "allowed"},
}


def judged(log: str, players: str = ANNA_BRUNO, **switches: str) -> dict[str, object]:
    """The JSON report of the one game of ``log``, with ``[Rule]`` tags for ``switches``."""
    tags = "".join(f'[Rule "{key}" "{value}"]\n' for key, value in switches.items())
    result = audit_text(players + tags + log)
    game: dict[str, object] = result.games[0].to_dict()
    return game


def codes(log: str, players: str = ANNA_BRUNO, **switches: str) -> list[str]:
    """The violation codes of the game, but G006 (the case's log may stop mid-hand)."""
    found = judged(log, players, **switches)["violations"]
    assert isinstance(found, list)
    return [problem["code"] for problem in found if problem["code"] != "G006"]


# Anna deals; Bruno opens with 41 and closes in his second turn; Anna opens with 57.
DEAL = f"hand 1\n{small_hand.DEAL}\n{small_hand.BRUNO_OPENS}\n"
ANNA_OPENS = small_hand.ANNA_OPENS + "\n"
BRUNO_CLOSES = small_hand.BRUNO_CLOSES + "\n"
LEGAL = DEAL + ANNA_OPENS + BRUNO_CLOSES


def test_g3ncl_the_closer_scores_0_the_others_their_cards() -> None:
    # g3ncl (TestApplyRoundScores), simone, dannyb79: penalties of the cards left.
    game = judged(LEGAL)
    assert game["violations"] == []
    assert game["totals"] == {"Anna": 5 + 6 + 8 + 10 + 2 + 3 + 10, "Bruno": 0}


def test_g3ncl_two_players_discard_a_playable_card_once_opened() -> None:
    # simone, g3ncl (specs 3.6): with 2 players a card that fits a table meld may be
    # discarded once opened: Anna's AH fits Bruno's 2H..6H, and she opened in that turn.
    assert codes(LEGAL, discard_playable="forbidden_before_opening") == []
    # ... but not before opening: Anna lays nothing and discards the AH.
    unopened = DEAL + "Anna draw JC\nAnna discard AH\n"
    assert codes(unopened, discard_playable="forbidden_before_opening") == ["S010"]


THREE = '[Players "Anna" "Bruno" "Carla"]\n'
# Anna deals to Bruno and Carla; Bruno opens, Carla draws and discards, Anna opens, and
# Bruno closes with a 9H that fits his own run.
THREE_PLAYERS = """\
hand 1
dealer Anna
deal Anna QH QS QC 9S 10S JS 5D 6D 8C 10C 2S 3C AH
deal Bruno 2H 3H 4H 5H 6H 7S 7D 7C KS KD KC 9D 9H
deal Carla 2D 3D 4D 9H 9C JD QD KH 6C 6S 10D 10H 3S
upcard 5S
Bruno draw 8H
Bruno meld 2H 3H 4H 5H 6H
Bruno meld 7S 7D 7C
Bruno discard 9D
Carla draw 4S
Carla discard 4S
Anna draw JC
Anna meld QH QS QC
Anna meld 9S 10S JS
Anna discard 10C
Bruno draw 7H
Bruno attach 7H 8H to 1
Bruno meld KS KD KC
Bruno discard 9H
"""


def test_g3ncl_more_players_discard_a_playable_card_only_to_close() -> None:
    # g3ncl, simone: with more than 2 players only the closing discard may fit a table
    # meld: Bruno's closing 9H fits his 2H..8H, and that is allowed ...
    assert codes(THREE_PLAYERS, THREE, discard_playable="forbidden_unless_closing") == []
    # ... where the rientro text (discard_playable=forbidden) refuses it even to close.
    assert codes(THREE_PLAYERS, THREE, discard_playable="forbidden") == ["S010"]
    # Carla discarding a 7H that fits Bruno's run, not to close, is refused.
    carla_7h = THREE_PLAYERS.replace("Carla draw 4S\nCarla discard 4S", "Carla draw 7H\n"
                                     "Carla discard 7H")
    assert codes(carla_7h, THREE, discard_playable="forbidden_unless_closing") == ["S010"]
    assert codes(carla_7h, THREE) == []


# Anna holds 9H 9C: she can take Bruno's 9D to open with it.
TAKE_DEAL = DEAL.replace("deal Anna QH QS QC 9S 10S JS", "deal Anna QH QS QC 9H 9C JS")


def test_taking_the_discard_before_opening() -> None:
    takes_to_open = TAKE_DEAL + "Anna take 9D\nAnna meld QH QS QC\nAnna meld 9H 9C 9D\n" \
        "Anna discard AH\n"
    # dannyb79: an unopened player may take the discard to open with it in that turn.
    assert codes(takes_to_open, **RULES_OF["dannyb79"]) == []
    # dannyb79: taking it and not opening with it is undone by the game: a violation.
    assert codes(TAKE_DEAL + "Anna take 9D\nAnna discard AH\n", **RULES_OF["dannyb79"]) == ["S007"]
    # g3ncl (test_draw_from_discard_not_opened_fails), simone, VulcanoFra (Turno): never
    # before opening.
    assert codes(takes_to_open, **RULES_OF["g3ncl"]) == ["S007"]
    assert codes(takes_to_open, **RULES_OF["simone"]) == ["S007"]


AFTER_OPENING = DEAL + ANNA_OPENS


@pytest.mark.parametrize("implementation", ["g3ncl", "simone"])
def test_the_card_taken_after_opening_must_reach_the_table(implementation: str) -> None:
    # simone (the card reuse obligation), g3ncl (specs 3.7.1; its engine does not check
    # it: their bug against their own specs): Bruno takes Anna's AH.
    switches = RULES_OF[implementation]
    uses = "Bruno take AH\nBruno attach AH to 1\nBruno meld KS KD KC\nBruno discard 4C\n"
    assert codes(AFTER_OPENING + uses, **switches) == []
    keeps = "Bruno take AH\nBruno meld KS KD KC\nBruno discard 4C\n"
    assert codes(AFTER_OPENING + keeps, **switches) == ["S008"]
    # dannyb79: once the opening turn is over, the card taken is the player's to keep.
    assert codes(AFTER_OPENING + keeps, **RULES_OF["dannyb79"]) == []


def test_g3ncl_the_card_taken_is_not_the_discard() -> None:
    # g3ncl (test_discard_same_as_picked_fails): Bruno takes the AH and discards it.
    # Two rules broken on purpose (D28): the card taken is unused and it is discarded.
    taken_back = AFTER_OPENING + "Bruno take AH\nBruno discard AH\n"
    assert codes(taken_back, **RULES_OF["g3ncl"]) == ["S008", "S009"]
    # dannyb79 lets the card taken go straight back once opened.
    assert codes(taken_back, **RULES_OF["dannyb79"]) == []


def test_g3ncl_a_copy_of_the_taken_card_may_go() -> None:
    # g3ncl (specs 3.7.2; its cards are told apart by deck): holding the other copy, a
    # player may discard it. Bruno takes Anna's AH, lays one AH on his run and discards
    # his own: legal (D14).
    own_ace = AFTER_OPENING.replace("KS KD KC 9D 4C", "KS KD KC 9D AH")
    play = "Bruno take AH\nBruno attach AH to 1\nBruno meld KS KD KC\nBruno discard AH\n"
    assert codes(own_ace + play, **RULES_OF["g3ncl"]) == []
    # Laying no AH, his discard of "the other copy" is the card taken to us: a log cannot
    # tell two copies apart (D14), and no switch of ours lets a player declare which.
    keeps_one = "Bruno take AH\nBruno meld KS KD KC\nBruno discard AH\n"
    assert codes(own_ace + keeps_one, take_after_opening="free") == ["S009"]


def test_an_opening_short_of_40_is_refused() -> None:
    # g3ncl (test_opening_under_40_fails), dannyb79, VulcanoFra, simone: 40 to open.
    assert codes(DEAL + "Anna draw JC\nAnna meld QH QS QC\nAnna discard AH\n") == ["M006"]
    # ... and 40 itself opens (">= 40" in each of them): 30 and a low-ace run of 10.
    exactly_40 = DEAL.replace("deal Anna QH QS QC 9S 10S JS 5D 6D 8C 10C 2S 3C AH",
                              "deal Anna QH QS QC AS 2S 3S 5D 6D 8C 10C 2C 3C AH")
    opens = "Anna draw 4S\nAnna meld QH QS QC\nAnna meld AS 2S 3S 4S\nAnna discard AH\n"
    assert codes(exactly_40 + opens + BRUNO_CLOSES) == []
    assert codes(exactly_40 + opens.replace(" 4S\nAnna discard", "\nAnna discard")) \
        == ["M006"]


def test_g3ncl_no_attach_before_opening_but_anywhere_once_opened() -> None:
    # g3ncl (process_attach needs has_opened; after process_open the turn goes on).
    assert codes(DEAL + "Anna draw 7H\nAnna attach 7H to 1\nAnna discard AH\n") == ["M005"]
    opens_then_attaches = ANNA_OPENS.replace("Anna discard AH", "Anna attach AH to 1\n"
                                             "Anna discard 2S")
    assert codes(DEAL + opens_then_attaches) == []


# Bruno lays all but one card in his first turn: a closing in one go (88 to open).
ONE_GO = """\
hand 1
dealer Anna
deal Anna QH QS QC 9S 10S JS 5D 6D 8C 10C 2S 3C AH
deal Bruno 2H 3H 4H 5H 6H 7S 7D 7C 7H KS KD KC 7H
upcard 5S
Bruno draw KH
Bruno meld 2H 3H 4H 5H 6H
Bruno meld 7S 7D 7C 7H
Bruno meld KS KD KC KH
"""
ANNA_NEVER_OPENED = 30 + 29 + 11 + 18 + 5 + 11


def test_closing_in_one_go_is_scored_as_each_program_scores_it() -> None:
    closing = ONE_GO + "Bruno discard 7H\n"
    # classic: Anna never opened (100), doubled for the closing in one go: out at 200.
    classic = judged(closing)
    assert classic["totals"] == {"Anna": 200, "Bruno": 0}
    assert classic["winner"] == "Bruno"
    # g3ncl (apply_round_scores, variants off): the cards held, not doubled; 104 >= 101.
    g3ncl = judged(closing, **{**RULES_OF["g3ncl"], "closing_first_round": "allowed"})
    assert g3ncl["totals"] == {"Anna": ANNA_NEVER_OPENED, "Bruno": 0}
    assert g3ncl["eliminated"] and g3ncl["winner"] == "Bruno"
    # simone (Match.addPointsToPlayers): a flat 100, not doubled; out at 201 (Game).
    simone = judged(closing, **RULES_OF["simone"])
    assert simone["totals"] == {"Anna": 100, "Bruno": 0}
    assert simone["eliminated"] == [] and simone["winner"] is None


def test_g3ncl_two_players_out_in_one_hand_leave_the_winner() -> None:
    # g3ncl (test_multiple_eliminated, check_winner): both others out at once, doubled.
    three = ONE_GO.replace("deal Bruno", "deal Carla 2D 3D 4D 9H 9C JD QD KH 6C 6S 10D 10H 3S\n"
                           "deal Bruno") + "Bruno discard 7H\n"
    game = judged(three, THREE)
    assert game["totals"] == {"Anna": 200, "Bruno": 0, "Carla": 200}
    assert len(game["eliminated"]) == 2 and game["winner"] == "Bruno"  # type: ignore[arg-type]


def test_g3ncl_nobody_closes_in_the_first_round() -> None:
    # g3ncl (test_closure_blocked_first_round): Bruno's closing in his first turn.
    assert codes(ONE_GO + "Bruno discard 7H\n", **RULES_OF["g3ncl"]) == ["C004"]
    assert codes(ONE_GO + "Bruno discard 7H\n") == []


def test_g3ncl_the_last_player_of_the_first_round_does_not_close_either() -> None:
    # g3ncl (_advance_turn): the first round is over once play comes back to the player
    # who began it, so Anna, the last of the first round, may not close in her first turn.
    last_closes = """\
hand 1
dealer Anna
deal Anna QH QS QC 9S 10S JS 5D 6D 7D 2S 2C 2D AH
deal Bruno 3H 4H 5H 6H 8H 7S 7D 7C KS KD KC 9D 4C
upcard 5S
Bruno draw 8C
Bruno discard 8C
Anna draw 2H
Anna meld QH QS QC
Anna meld 9S 10S JS
Anna meld 5D 6D 7D
Anna meld 2S 2C 2D 2H
Anna discard AH
"""
    assert codes(last_closes, **RULES_OF["g3ncl"]) == ["C004"]
    assert codes(last_closes) == []


def test_g3ncl_a_meld_may_twin_one_on_the_table() -> None:
    # g3ncl (specs 10.2, "two equal games on the table"), the federation's art. 3.2: the
    # second deck.
    twins = LEGAL.replace("deal Anna QH QS QC 9S 10S JS", "deal Anna QH QS QC 7S 7D 7C") \
        .replace("Anna meld 9S 10S JS", "Anna meld 7S 7D 7C")
    assert codes(twins) == []


def test_g3ncl_a_closing_needs_a_discard() -> None:
    # g3ncl (specs 3.9): laying the last card down does not close.
    assert codes(ONE_GO + "Bruno attach 7H to 1\n") == ["C001"]


# Bruno closes in one go; Anna, who never opened, holds exactly 101 in cards.
HUNDRED_AND_ONE = ONE_GO.replace(
    "deal Anna QH QS QC 9S 10S JS 5D 6D 8C 10C 2S 3C AH",
    "deal Anna JK JK AH AS 2C 2D 2S 3C 3D 3S 4D 4S 6S") + "Bruno discard 7H\n"
CARDS_NO_BONUS = {"in_hand_bonus": "none", "unopened_penalty": "cards"}


def test_g3ncl_a_total_of_101_is_out() -> None:
    # g3ncl (test_one_eliminated: a total of 101 is out; test_custom_threshold: 201),
    # dannyb79 (tournaments to 101 or 201): jokers 25, aces 11 in hand.
    at_101 = judged(HUNDRED_AND_ONE, **CARDS_NO_BONUS)
    assert at_101["totals"] == {"Anna": 101, "Bruno": 0}
    assert at_101["eliminated"] and at_101["winner"] == "Bruno"
    at_201 = judged(HUNDRED_AND_ONE, **CARDS_NO_BONUS, elimination="201")
    assert at_201["eliminated"] == [] and at_201["winner"] is None
    at_100 = judged(HUNDRED_AND_ONE.replace("4S 6S", "4S 5S"), **CARDS_NO_BONUS)
    assert at_100["totals"] == {"Anna": 100, "Bruno": 0} and at_100["eliminated"] == []


# Bruno opens with 2H..5H and a joker as the 6H (20) and 7S 7D 7C (21); Anna holds the 6H.
JOKER_ON_TABLE = """\
hand 1
dealer Anna
deal Anna QH QS QC 9S 10S JS 5D 6D 8C 10C 2S 3C 6H
deal Bruno 2H 3H 4H 5H JK 7S 7D 7C KS KD KC 9D 4C
upcard 5S
Bruno draw 8D
Bruno meld 2H 3H 4H 5H JK
Bruno meld 7S 7D 7C
Bruno discard 9D
Anna draw JC
Anna meld QH QS QC
Anna meld 9S 10S JS
Anna swap 6H in 1
"""


def test_g3ncl_no_joker_in_an_opening_even_beside_40_clean_points() -> None:
    # g3ncl's "Apertura senza jolly" variant allows a joker in the opening when the melds
    # without one reach 40 on their own. No switch of ours reads it so: with
    # opening_jokers=forbidden no opening meld holds a joker (text A), whatever the rest.
    # Bruno opens with 7S 7D 7C and KS KD KC (51) and 2H..5H with a joker.
    clean_51 = JOKER_ON_TABLE.split("Bruno discard 9D")[0] + "Bruno meld KS KD KC\n" \
        "Bruno discard 9D\n"
    assert codes(clean_51) == []
    assert codes(clean_51, opening_jokers="forbidden") == ["M007"]


def test_a_joker_counts_as_its_card_in_the_opening() -> None:
    # g3ncl (test_opening_with_joker_value), simone (OpeningPlacerTest): 41 with the joker
    # as the 6H. illog1c counts the joker as nothing (35): no switch of ours does that.
    assert codes(JOKER_ON_TABLE + "Anna discard 5D\n") == []


@pytest.mark.parametrize("implementation", ["g3ncl", "simone"])
def test_a_freed_joker_is_laid_down_at_once(implementation: str) -> None:
    # simone (the joker reuse obligation), g3ncl (specs 3.8; its engine puts the joker
    # in the hand and leaves the rest to the caller): the joker Anna frees.
    switches = RULES_OF[implementation]
    assert codes(JOKER_ON_TABLE + "Anna attach JK to 3\nAnna discard 5D\n", **switches) == []
    assert codes(JOKER_ON_TABLE + "Anna discard 5D\n", **switches) == ["M008"]


def test_anbenpue_two_decks_hold_each_card_twice() -> None:
    # AnBenPue (test_merge_of_two_full_card_deck): 108 cards, every card twice, 4 jokers.
    third_2h = DEAL.replace("2S 3C AH\n", "2H 2H AH\n", 1)
    assert "D007" in codes(third_2h)
    assert judged(HUNDRED_AND_ONE.replace("deal Bruno 2H", "deal Bruno JK", 1)
                  .replace("meld 2H 3H", "meld JK 3H"), **CARDS_NO_BONUS)["violations"] == []


@pytest.mark.parametrize(("names", "valid"), [
    ("Anna Bruno", True), ("Anna Bruno Carla Dario", True),
    ("Anna Bruno Carla Dario Elena Fabio", True), ("Anna", False),
    ("Anna Bruno Anna", False), ("Anna Bruno Carla Dario Elena Fabio Gino", False),
])
def test_simone_two_to_six_players_each_named_once(names: str, valid: bool) -> None:
    # simone-amighini (GameTest): a game of 2 to 6 players with distinct names.
    players = "[Players " + " ".join(f'"{name}"' for name in names.split()) + "]\n"
    found = [problem.code for problem in audit_text(players).games[0].violations]
    assert ("G002" not in [str(code) for code in found]) is valid
