"""``scala40 play``'s game, without the web: every move judged before it is applied.

A player who plays as the bots do (the simulator's planner, from its own seat's view)
must never be refused, and a player of random moves is refused often: each refusal
leaves the state and the saved log as they were. Every saved log replays clean, with
the totals the page showed. A match saved in the middle goes on from its log.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from play_players import Send, planned_turn, random_turn

from scala40cli import api
from scala40cli.judging.rulebook.rules import RuleChoice
from scala40cli.model.cards import parse_card
from scala40cli.playing.controller import Controller, Options
from scala40cli.playing.saving import ResumeError, resume
from scala40cli.simulate.bots import Bot
from scala40cli.simulate.fitting import fits_table


def controller_send(controller: Controller) -> Send:
    def send(action: str, cards: list[str], meld: int) -> tuple[dict[str, Any], Any]:
        before, log = controller.state("en"), controller.path.read_bytes()
        answer = controller.move({"action": action, "cards": cards, "meld": meld}, "en")
        if answer["refused"] is not None:
            assert answer["state"] == before, "a refused move changed the state"
            assert controller.path.read_bytes() == log, "a refused move changed the log"
        return answer["state"], answer["refused"]
    return send


def assert_replays_clean(controller: Controller) -> None:
    """The saved log is judged clean, with the totals the page shows."""
    result = api.audit_text(controller.path.read_text(encoding="utf-8"))
    game = result.games[0]
    assert [(p.code, p.message) for p in game.violations] == []
    shown = {p["name"]: p["total"] for p in controller.state()["players"]}
    assert game.totals == shown


def options(tmp_path: Path, seed: str, **more: Any) -> Options:
    return Options(seed=seed, save_dir=tmp_path, **more)


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_player_who_plays_as_the_bots_is_never_refused(tmp_path: Path, level: str) -> None:
    controller = Controller(options(tmp_path, f"planned-{level}", level=level, players=3))
    send = controller_send(controller)
    bot = Bot("normal", random.Random(1))
    turns = 0
    while controller.session.phase != "match_over":
        _state, refusals = planned_turn(controller, bot, send)
        assert refusals == []
        turns += 1
    assert turns > 5
    assert_replays_clean(controller)


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["classic", "traditional", "strict", "compra"])
def test_a_player_who_plays_as_the_hard_bot_is_never_refused(tmp_path: Path,
                                                             preset: str) -> None:
    """The hard level's plays (joker swaps, attaches to melds just laid, buys) through
    the page's moves, 2 to 5 at the table: never refused, every log clean."""
    for seed in range(4):
        controller = Controller(options(tmp_path, f"hard-{preset}-{seed}", players=2 + seed,
                                        level="hard", choice=RuleChoice(preset=preset)))
        send, bot = controller_send(controller), Bot("hard", random.Random(seed))
        while controller.session.phase != "match_over":
            _state, refusals = planned_turn(controller, bot, send)
            assert refusals == []
        assert_replays_clean(controller)


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["classic", "traditional", "strict"])
def test_random_moves_are_refused_without_a_trace(tmp_path: Path, preset: str) -> None:
    controller = Controller(options(tmp_path, f"random-{preset}",
                                    choice=RuleChoice(preset=preset), players=2))
    send, rng = controller_send(controller), random.Random(preset)
    state, refused = controller.state(), 0
    while state["phase"] != "match_over" and len(state["sheet"]) < 4:
        state, count = random_turn(state, send, rng, controller.session.setup.rules)
        refused += count
    assert refused > 10
    assert_replays_clean(controller)


@pytest.mark.slow
def test_a_match_goes_on_from_its_log(tmp_path: Path) -> None:
    controller = Controller(options(tmp_path, "resumed", players=3, level="hard"))
    send, rng = controller_send(controller), random.Random(3)
    state = controller.state()
    for _ in range(12):
        state, _ = random_turn(state, send, rng, controller.session.setup.rules)
    again = resume(controller.path)
    assert again.view() == controller.session.view()
    later = Controller(options(tmp_path, "x"), again, controller.path)
    send = controller_send(later)
    while state["phase"] != "match_over":
        state, _ = random_turn(state, send, rng, controller.session.setup.rules)
    assert_replays_clean(later)


def test_a_log_that_does_not_follow_from_its_seed_is_not_resumed(tmp_path: Path) -> None:
    controller = Controller(options(tmp_path, "tampered"))
    text = controller.path.read_text(encoding="utf-8")
    controller.path.write_text(text.replace('[Seed "tampered"]', '[Seed "other"]'),
                               encoding="utf-8")
    with pytest.raises(ResumeError, match="does not follow from its seed"):
        resume(controller.path)



@pytest.mark.slow
def test_a_log_saved_in_the_middle_of_a_hand_replays_as_a_match_in_progress(
        tmp_path: Path) -> None:
    """[Result "*"] while the match is played: the log saved after any move is judged
    clean, its last hand unfinished; at the end the tag names the winner. A log of an
    earlier version, without the tag, still goes on."""
    controller = Controller(options(tmp_path, "in-progress", players=2))
    send, rng = controller_send(controller), random.Random(5)
    state = controller.state()
    for _ in range(3):
        state, _ = random_turn(state, send, rng, controller.session.setup.rules)
    text = controller.path.read_text(encoding="utf-8")
    assert '[Result "*"]' in text and not state["sheet"]
    game = api.audit_text(text).games[0]
    assert game.violations == () and not game.finished
    assert [str(hand.closing) for hand in game.hands] == ["unfinished"]
    older = tmp_path / "older.s40"
    older.write_text(text.replace('[Result "*"]\n', ""), encoding="utf-8")
    assert resume(older).view() == controller.session.view()
    while state["phase"] != "match_over":
        state, _ = random_turn(state, send, rng, controller.session.setup.rules)
    text = controller.path.read_text(encoding="utf-8")
    winner = state["winner"]
    assert f'[Result "{winner}"]' in text
    assert_replays_clean(controller)

# --- each kind of illegal move, with the referee's words -------------------------------


def rigged(tmp_path: Path, cards: str) -> tuple[Controller, Send]:
    """A game whose person holds ``cards`` after drawing (the deal rigged: for the
    refusals only, whose logs are not replayed)."""
    controller = Controller(options(tmp_path, "rigged"))
    send = controller_send(controller)
    send("draw", [], 0)
    engine = controller.session.engine
    assert engine is not None
    engine.hands["Player"] = Counter(parse_card(c) for c in cards.split())
    return controller, send


HAND = "7H 8H 9H 2C 2D 2S KS KH KD 5C 9D JK 4S AS"




CASES = [
    ("before the draw", [], ("discard", ["7H"], 0), "draw first"),
    ("draw twice", [], ("draw", [], 0), "you have drawn already"),
    ("a card not held", [], ("lay", ["QC", "QD", "QH"], 0), "you do not hold QC"),
    ("not a meld", [], ("lay", ["7H", "2C", "KS"], 0), "invalid meld: neither a set"),
    ("a set of one suit twice", [("lay", ["2C", "2D", "2S"], 0)],
     ("lay", ["9H", "9D", "JK", "AS"], 0), "invalid meld"),
    ("an opening under 40", [("lay", ["2C", "2D", "2S"], 0), ("lay", ["7H", "8H", "9H"], 0)],
     ("open", [], 0), "the opening is worth 30, less than 40"),
    ("attach to an empty table", [], ("attach", ["KS"], 1), "there is no meld on the table"),
    ("put back without a take", [], ("put_back", [], 0), "only a discard taken this turn"),
    ("two cards discarded", [], ("discard", ["7H", "8H"], 0), "choose one card to discard"),
    ("open with nothing aside", [], ("open", [], 0), "lay melds first"),
    ("a swap without a joker", [("lay", ["KS", "KH", "KD"], 0), ("lay", ["7H", "8H", "9H"], 0),
                                ("lay", ["2C", "2D", "2S"], 0), ("open", [], 0)],
     ("swap", ["KS"], 1), "you do not hold KS"),
    ("a swap on a meld without one", [("lay", ["KS", "KH", "KD"], 0),
                                      ("lay", ["7H", "8H", "9H"], 0),
                                      ("lay", ["2C", "2D", "2S"], 0), ("open", [], 0)],
     ("swap", ["9D"], 2), "cannot swap in meld 2: that meld has no joker to swap"),
    ("a buy with nothing offered", [], ("buy", [], 0), "no discard is offered to you now"),
    ("a pass with nothing offered", [], ("pass", [], 0), "no discard is offered to you now"),
    ("the end of no buy", [], ("done", [], 0), "there is no buy to end"),
    ("take back nothing", [], ("undo", [], 0), "nothing was laid this turn"),
]


@pytest.mark.parametrize(("before", "move", "words"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_each_illegal_move_is_refused_in_the_referees_words(
        tmp_path: Path, before: list[tuple[str, list[str], int]],
        move: tuple[str, list[str], int], words: str) -> None:
    controller, send = rigged(tmp_path, HAND)
    if words == "draw first":
        controller = Controller(options(tmp_path, "fresh"))
        send = controller_send(controller)
    for action, cards, meld in before:
        assert send(action, cards, meld)[1] is None
    _state, refused = send(*move)
    assert refused is not None and words in refused["english"]


def test_an_opening_that_reaches_40_is_laid(tmp_path: Path) -> None:
    _controller, send = rigged(tmp_path, HAND)
    for cards in (["KS", "KH", "KD"], ["7H", "8H", "9H"], ["2C", "2D", "2S"]):
        assert send("lay", cards, 0)[1] is None
    state, refused = send("open", [], 0)
    assert refused is None
    assert [sorted(m["cards"]) for m in state["table"]] == [
        ["KD", "KH", "KS"], ["7H", "8H", "9H"], ["2C", "2D", "2S"]]
    assert state["opened"] and state["staged"] == []
    state, refused = send("attach", ["JK"], 2)
    assert refused is None and state["table"][1]["cards"].count("JK") == 1


def test_the_person_chooses_the_meld_a_card_goes_to(tmp_path: Path) -> None:
    """No meld is picked for the person: the first meld would take the joker, but
    without a meld's number the attach is refused, and with one it goes there."""
    _controller, send = rigged(tmp_path, HAND)
    state, refused = send("attach", ["JK"], 0)
    assert refused is not None and refused["code"] == "PLAY_NO_MELD"
    for cards in (["KS", "KH", "KD"], ["7H", "8H", "9H"], ["2C", "2D", "2S"]):
        send("lay", cards, 0)
    before, refused = send("open", [], 0)
    assert refused is None
    state, refused = send("attach", ["JK"], 0)
    assert refused is not None and refused["code"] == "PLAY_CHOOSE_MELD"
    assert refused["english"] == "choose the meld to attach the card to" and state == before
    state, refused = send("attach", ["JK"], 3)
    assert refused is None and state["table"][2]["cards"].count("JK") == 1
    assert "JK" not in state["table"][0]["cards"]


def test_at_the_end_of_a_hand_every_players_cards_are_shown(tmp_path: Path) -> None:
    """As at a real table: once the hand is over, each player's cards left and their
    points; never while it is played."""
    controller = Controller(options(tmp_path, "ended", players=3))
    send, bot = controller_send(controller), Bot("normal", random.Random(2))
    state = controller.state()
    while state["phase"] not in ("hand_over", "match_over"):
        assert state["ended"] is None
        state, refusals = planned_turn(controller, bot, send)
        assert refusals == []
    engine = controller.session.engine
    assert engine is not None
    ended = state["ended"]
    assert ended["number"] == 1 and ended["closer"] == engine.closer
    assert ended["closing"] in ("normal", "in_one_go", "void")
    assert {p["name"]: p["points"] for p in ended["players"]} == state["sheet"][-1]["penalties"]
    for player in ended["players"]:
        assert sorted(player["cards"]) == sorted(c.code for c in
                                                 engine.hands[player["name"]].elements())
    assert any(p["cards"] for p in ended["players"] if p["name"] != state["me"])
    answer = controller.move({"action": "next"}, "en")
    assert answer["state"]["number"] == 2
    for frame in answer["frames"]:  # the bots' turns of the new hand, not the old end
        assert frame["number"] == 2
        assert frame["ended"] is None or frame["ended"]["number"] == 2


def test_the_taken_discard_must_open_before_opening(tmp_path: Path) -> None:
    controller = Controller(options(tmp_path, "take"))
    send = controller_send(controller)
    state, refused = send("take", [], 0)
    assert refused is None and state["taken"]
    state, refused = send("discard", [state["hand"][0]], 0)
    assert refused is not None
    assert "before opening without opening with it" in refused["english"] or \
        "just taken" in refused["english"]
    state, refused = send("put_back", [], 0)
    assert refused is None and state["phase"] == "draw" and state["taken"] is None


def _opened_turn_with_a_card_to_attach(tmp_path: Path) -> tuple[Controller, Send, str]:
    """A real match at the person's draw, opened, with a card in hand that fits a meld
    of the table: played as the bots would until one comes."""
    for seed in range(20):
        controller = Controller(options(tmp_path, f"undo-{seed}", players=2))
        send, bot = controller_send(controller), Bot("normal", random.Random(seed))
        while controller.session.phase != "match_over":
            state, engine = controller.state("en"), controller.session.engine
            assert engine is not None
            if state["phase"] == "draw" and state["opened"] and state["pile_top"]:
                fitting = [c for c in state["hand"]
                           if fits_table(engine.table, parse_card(c), engine.rules)]
                if fitting and len(state["hand"]) > 2:
                    return controller, send, fitting[0]
            planned_turn(controller, bot, send)
    raise AssertionError("no such turn in 20 matches")


def attach_where_it_fits(send: Send, card: str, state: dict[str, Any]
                         ) -> tuple[dict[str, Any], Any]:
    """The card attached to the first meld that takes it, tried in turn as a person
    would (a refused try changes nothing)."""
    refused = None
    for meld in state["table"]:
        state, refused = send("attach", [card], meld["number"])
        if refused is None:
            break
    return state, refused


@pytest.mark.slow
def test_putting_back_after_attaching_starts_the_turn_again(tmp_path: Path) -> None:
    """A discard taken and not used can leave no legal end to the turn once other cards
    are on the table: B gives back the card and all laid since, from the log."""
    controller, send, card = _opened_turn_with_a_card_to_attach(tmp_path)
    before, log = controller.state("en"), controller.path.read_bytes()
    state, refused = send("take", [], 0)
    assert refused is None
    state, refused = attach_where_it_fits(send, card, state)
    on_table = sum(len(meld["cards"]) for meld in before["table"])
    assert refused is None and sum(len(meld["cards"]) for meld in state["table"]) == on_table + 1
    state, refused = send("put_back", [], 0)
    assert refused is None
    assert state == before and controller.path.read_bytes() == log
    assert send("draw", [], 0)[1] is None


@pytest.mark.slow
def test_taking_back_the_turn_keeps_the_card_drawn(tmp_path: Path) -> None:
    """U: what was laid since the draw goes back in hand, the card drawn stays; the log
    is as it was just after the draw."""
    controller, send, card = _opened_turn_with_a_card_to_attach(tmp_path)
    state, refused = send("undo", [], 0)
    assert refused is not None and refused["code"] == "PLAY_NOTHING_LAID"
    drawn, refused = send("draw", [], 0)
    assert refused is None
    log = controller.path.read_bytes()
    state, refused = send("undo", [], 0)
    assert refused is not None and refused["code"] == "PLAY_NOTHING_LAID"
    state, refused = attach_where_it_fits(send, card, state)
    assert refused is None and len(state["hand"]) == len(drawn["hand"]) - 1
    state, refused = send("undo", [], 0)
    assert refused is None
    assert state == drawn and controller.path.read_bytes() == log
    assert send("discard", [state["hand"][0]], 0)[1] is None


def test_refusals_are_in_the_players_language(tmp_path: Path) -> None:
    controller = Controller(options(tmp_path, "words"))
    answer = controller.move({"action": "discard", "cards": ["7H"]}, "it")
    assert answer["refused"]["message"] == "prima pesca: dal tallone o dal pozzo"
    answer = controller.move({"action": "discard", "cards": ["7H"]}, "fr")
    assert answer["refused"]["message"].startswith("piochez d'abord")


# --- buying a discard out of turn (compra) -------------------------------------------------


def compra_match(tmp_path: Path, seed: str, players: int = 4) -> Controller:
    return Controller(options(tmp_path, seed, players=players,
                              choice=RuleChoice(preset="compra")))


@pytest.mark.slow
def test_a_person_who_buys_as_the_bots_would_is_never_refused(tmp_path: Path) -> None:
    """Under compra the person is offered the discards they may buy, in their order;
    buying as a bot would (the card laid at once, no discard) is never refused, and the
    log, passes and buys included, replays clean and resumes to the same table."""
    bought = 0
    for seed in range(3):
        controller = compra_match(tmp_path, f"compra-{seed}")
        send, bot = controller_send(controller), Bot("hard", random.Random(seed))
        while controller.session.phase != "match_over":
            _state, refusals = planned_turn(controller, bot, send)
            assert refusals == []
        assert_replays_clean(controller)
        text = controller.path.read_text(encoding="utf-8")
        bought += text.count("\nPlayer buy ")
        assert resume(controller.path).view() == controller.session.view()
    assert bought >= 1


@pytest.mark.slow
def test_random_buys_and_passes_replay_clean(tmp_path: Path) -> None:
    offers = 0
    for seed in range(3):
        controller = compra_match(tmp_path, f"compra-random-{seed}")
        send, rng = controller_send(controller), random.Random(seed)
        state = controller.state()
        while state["phase"] != "match_over":
            offers += state["phase"] == "offer"
            state, _ = random_turn(state, send, rng, controller.session.setup.rules)
        assert_replays_clean(controller)
        assert resume(controller.path).view() == controller.session.view()
    assert offers >= 3


def _offered(tmp_path: Path) -> tuple[Controller, Send]:
    """A compra match at a discard offered to the person (played as the bots would)."""
    for seed in range(10):
        controller = compra_match(tmp_path, f"offer-{seed}")
        send, bot = controller_send(controller), Bot("easy", random.Random(seed))
        while controller.session.phase != "match_over":
            if controller.session.phase == "offer":
                return controller, send
            planned_turn(controller, bot, send)
    raise AssertionError("no discard offered in 10 matches")


def test_a_buy_ends_only_once_the_card_bought_is_laid(tmp_path: Path) -> None:
    controller, send = _offered(tmp_path)
    offered, log = controller.state("en"), controller.path.read_bytes()
    assert offered["offer_from"] and offered["pile_top"]
    _state, refused = send("draw", [], 0)
    assert refused is not None and refused["code"] == "PLAY_OFFER"
    state, refused = send("buy", [], 0)
    if refused is not None:  # not opened, and the rules let no one take before opening
        assert "before opening" in refused["english"] or "open" in refused["english"]
        return
    assert state["phase"] == "buying" and len(state["hand"]) == len(offered["hand"]) + 2
    _state, refused = send("discard", [state["hand"][0]], 0)
    assert refused is not None and refused["code"] == "PLAY_BUYING"
    _state, refused = send("done", [], 0)
    assert refused is not None
    assert f"bought {offered['pile_top']} and did not lay it down at once" in refused["english"]
    state, refused = send("put_back", [], 0)
    assert refused is None and state == offered and controller.path.read_bytes() == log
    state, refused = send("pass", [], 0)
    assert refused is None and state["phase"] in ("draw", "hand_over", "match_over", "offer")
