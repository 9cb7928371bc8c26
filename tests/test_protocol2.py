"""Protocol 2 of the table protocol: ``check`` requests answered by the referee with
nothing applied, the ``events`` of each ask, the buy out of turn (compra) offered to a
program that says it speaks 2, and asks that show a seat nothing it cannot see."""

from __future__ import annotations

import copy
import itertools
import json
import random
import sys
from collections import Counter
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from test_protocol import GREEDY, SCHEMA, exchange, games, setup

from scala40cli.judging.rulebook.rules import RuleChoice
from scala40cli.simulate import protocol
from scala40cli.simulate.asking import Asker
from scala40cli.simulate.engine import HandEngine
from scala40cli.simulate.program import Program
from scala40cli.simulate.runner import Setup, make_setup
from scala40cli.simulate.view import PlayerView

PLAYER = Path(__file__).resolve().parent / "data" / "protocol2_player.py"


def player(found: Path) -> str:
    return f"{sys.executable} {PLAYER} {found}"


def observations(found: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in found.read_text("utf-8").splitlines()]


def compra_setup(programs: list[tuple[str, str]], games: int = 1) -> Setup:
    choice = RuleChoice(values=(("compra", "yes", "--set"),))
    return make_setup(players=3, levels="hard", choice=choice, seed=3, games=games,
                      max_hands=3, programs=programs)


@pytest.mark.slow
def test_a_protocol_2_program_checks_its_moves_and_follows_the_events(tmp_path: Path
                                                                      ) -> None:
    found = tmp_path / "found.jsonl"
    (record,) = games(setup([("Two", player(found))], max_hands=2))
    assert not record.forfeits  # every move it made, the referee had accepted
    seen = observations(found)
    checked = [o for o in seen if o["kind"] == "checked"]
    refusals = {o["code"] for o in checked if not o["ok"]}
    assert any(o["ok"] for o in checked) and refusals  # both answers, with their codes
    assert refusals <= {"M001", "S007", "T004", "F003", "M006", "S009"}, refusals
    # the events alone tell every discard of the hand, and never a card drawn
    compared = [o for o in seen if o["kind"] == "discards"]
    assert compared and all(o["events"] == o["ask"] for o in compared)
    assert not [o for o in seen if o["kind"] == "leak"]


@pytest.mark.slow
def test_a_check_applies_nothing(tmp_path: Path) -> None:
    # the player checks the take before it draws, and a meld of its first three cards
    # before it discards: the pile, the table and its hand show none of it
    transcript = exchange(setup([("Two", player(tmp_path / "found.jsonl"))], max_hands=1))
    asks = [m for who, m in transcript if who == "table" and m.get("type") == "ask"]
    turns = 0
    for before, after in itertools.pairwise(asks):
        if before["moves"] == ["draw", "take"] and after["moves"][0] == "meld":
            turns += 1
            assert Counter(after["cards"]) == Counter(before["cards"]) + Counter(
                [after["drawn"]])
            assert after["pile"] == before["pile"] and after["table"] == before["table"]
    assert turns > 3
    checks = [m for who, m in transcript if who == "program" and "check" in m]
    replies = [m for who, m in transcript if m.get("type") == "checked"]
    assert len(checks) == len(replies) > 0
    assert [c["id"] for c in checks] == [r["id"] for r in replies]


@pytest.mark.slow
def test_every_line_of_a_protocol_2_exchange_validates(tmp_path: Path) -> None:
    transcript = exchange(compra_setup([("Two", player(tmp_path / "found.jsonl"))]))
    validator = Draft202012Validator(SCHEMA)
    kinds = {m.get("type") or next(iter(m)) for _, m in transcript}
    assert {"hello", "ask", "checked", "check", "move", "protocol"} <= kinds
    for who, message in transcript:
        errors = list(validator.iter_errors(message))
        assert not errors, (who, message, errors[0].message)


@pytest.mark.slow
def test_the_answers_repeat_the_ask_s_id() -> None:
    transcript = exchange(setup([("Bot", GREEDY)], max_hands=1))
    ids = [m["id"] for who, m in transcript if m.get("type") == "ask"]
    assert ids == list(range(1, len(ids) + 1))


# --- compra -------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_protocol_2_program_is_offered_the_buy_and_its_logs_stay_clean(tmp_path: Path
                                                                         ) -> None:
    found = tmp_path / "found.jsonl"
    records = games(compra_setup([("Two", player(found))], games=3))
    seen = observations(found)
    offered = [o for o in seen if o["kind"] == "offered"]
    assert offered
    bought = [e for r in records for e in r.events
              if e.verb == "buy" and getattr(e, "player", None) == "Two"]
    undone = [why for r in records for _, who, why in r.forfeits if who == "Two"]
    assert bought and undone  # a buy made, and one the referee refused and undid
    for why in undone:
        assert "bought" in why or "opening" in why or "took" in why, why


@pytest.mark.slow
def test_a_protocol_1_program_is_never_offered_a_buy() -> None:
    transcript = exchange(compra_setup([("Greedy", GREEDY)]))
    moves = {tuple(m["moves"]) for _, m in transcript if m.get("type") == "ask"}
    assert moves == {protocol.DRAW_MOVES, protocol.PLAY_MOVES}


# --- a seat sees only its seat ------------------------------------------------------------


def _hidden_changed(engine: HandEngine, seat: str, rng: random.Random) -> HandEngine:
    """A copy of ``engine`` whose cards ``seat`` cannot see are dealt otherwise: the
    stock and the other hands hold other cards (as many each), the rest as it is."""
    twin = copy.copy(engine)
    pool = list(engine.stock) + [c for p, h in engine.hands.items() if p != seat
                                 for c in h.elements()]
    rng.shuffle(pool)
    twin.stock = pool[:len(engine.stock)]
    rest = pool[len(engine.stock):]
    twin.hands = dict(engine.hands)
    for player, hand in engine.hands.items():
        if player != seat:
            size = hand.total()
            twin.hands[player], rest = Counter(rest[:size]), rest[size:]
    return twin


@pytest.mark.slow
def test_the_messages_to_a_seat_do_not_change_with_cards_it_cannot_see(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    original = HandEngine.view
    compared: list[int] = []
    rng = random.Random(7)

    def view(self: HandEngine, player: str, *args: object, **kwargs: object) -> PlayerView:
        seen = original(self, player, *args, **kwargs)  # type: ignore[arg-type]
        if player == "Two":
            other = original(_hidden_changed(self, player, rng), player,
                             *args, **kwargs)  # type: ignore[arg-type]
            moves = protocol.BUY_MOVES if seen.buying else protocol.DRAW_MOVES
            assert protocol.ask(other, moves, events=other.seen) == \
                protocol.ask(seen, moves, events=seen.seen)
            compared.append(1)
        return seen

    monkeypatch.setattr(HandEngine, "view", view)
    games(compra_setup([("Two", player(tmp_path / "found.jsonl"))]))
    assert len(compared) > 20


def test_checks_are_bounded_a_turn(tmp_path: Path) -> None:
    # a program that checks one move more than max_checks before it answers
    path = tmp_path / "checks.py"
    path.write_text(
        "import json, sys\n"
        "ask = json.loads(sys.stdin.readline())\n"
        f"for n in range({protocol.MAX_CHECKS + 1}):\n"
        "    print(json.dumps({'check': 'draw', 'id': n}), flush=True)\n"
        "    sys.stdin.readline()\n"
        "print(json.dumps({'move': 'draw', 'id': ask['id']}), flush=True)\n"
        "sys.stdin.readline()\n", encoding="utf-8")
    program = Program(f"{sys.executable} {path}", timeout=120)
    program.transcript = []
    asker = Asker(program)
    judged: list[str] = []

    def judge(text: str) -> None:
        judged.append(text)

    try:
        answer = asker.ask({"type": "ask", "moves": ["draw", "take"]}, judge)
    finally:
        program.stop()
    replies = [m for who, m in program.transcript if m.get("type") == "checked"]
    assert answer == {"move": "draw", "id": 1}
    assert len(judged) == protocol.MAX_CHECKS and all(r["ok"] for r in replies[:-1])
    assert replies[-1]["ok"] is False and replies[-1]["code"] is None
    assert "no checks left this turn" in replies[-1]["reason"]
