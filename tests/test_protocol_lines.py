"""The table protocol as an outside engine's author meets it: which line answers which
ask, a program's descendants that never hold the table, and the asks saying what the
docs say (the order, the turn, an opening made this turn, a set's joker, the stock run
out, an answer's other keys, a draw's card, --level and --seed with a program)."""

from __future__ import annotations

import json
import os
import re
import signal
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator
from test_protocol import GREEDY, SCHEMA, exchange, games, script, setup

from scala40cli.cli.main import main
from scala40cli.judging.rulebook.rules import Rules, SetJokerSuit
from scala40cli.judging.tabletop.meld_values import Group
from scala40cli.model.cards import Rank, Suit
from scala40cli.simulate import protocol
from scala40cli.simulate.asking import Asker
from scala40cli.simulate.program import Program, ProgramFailed
from scala40cli.simulate.runner import make_setup

# --- which line answers which ask ---------------------------------------------------------

#: Answers every ask twice, with its id: the copy answers no ask.
TWICE = """
    for line in sys.stdin:
        message = json.loads(line)
        if message['type'] == 'ask':
            move = 'draw' if 'draw' in message['moves'] else 'discard ' + message['cards'][-1]
            for _ in range(2):
                print(json.dumps({'move': move, 'id': message['id']}), flush=True)
"""


@pytest.mark.slow
def test_an_answer_written_twice_is_dropped_with_one_warning(tmp_path: Path) -> None:
    (record,) = games(setup([("Bot", script(tmp_path, TWICE))], max_hands=2))
    assert not record.forfeits  # never shifted by one
    (warning,) = record.warnings
    assert warning.startswith("Bot wrote ") and "lines that answered no ask, dropped" in warning
    result = CliRunner().invoke(main, ["simulate", "--seat", f"Bot=cmd:{script(tmp_path, TWICE)}",
                                       "--max-hands", "1", "--seed", "1"])
    said = [line for line in result.stderr.splitlines() if "answered no ask" in line]
    assert result.exit_code == 0 and len(said) == 1
    assert said[0].startswith("scala40 simulate: warning: game 1: Bot wrote ")


#: Writes two stray lines (one not JSON) as soon as it hears hello, then says so in a
#: file; answers asks without an id (protocol 1).
STRAY_BEFORE_THE_ASK = """
    import pathlib
    for line in sys.stdin:
        message = json.loads(line)
        if message['type'] == 'hello':
            print(json.dumps({'move': 'discard KH'}), flush=True)
            print('debug: thinking', flush=True)
            pathlib.Path(sys.argv[0] + '.written').touch()
        elif message['type'] == 'ask':
            send('draw')
"""


def test_what_a_program_wrote_before_the_ask_was_sent_is_dropped(tmp_path: Path) -> None:
    program = Program(script(tmp_path, STRAY_BEFORE_THE_ASK), timeout=30)
    asker = Asker(program)
    try:
        program.send({"type": "hello"})
        written = tmp_path / "prog.py.written"
        deadline = time.monotonic() + 60
        while not written.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        answer = asker.ask({"type": "ask", "moves": ["draw", "take"]}, lambda _: None)
    finally:
        program.stop()
    assert answer == {"move": "draw"}
    assert asker.dropped == 2 and asker.first_dropped == '{"move": "discard KH"}'
    assert asker.warning("Bot") == ("Bot wrote 2 lines that answered no ask, dropped (the "
                                    "first, in hand 0: '{\"move\": \"discard KH\"}')")


#: Answers each ask once, in a way the table reads as no answer.
ID_AS_A_STRING = """
    for line in sys.stdin:
        message = json.loads(line)
        if message['type'] == 'ask':
            print(json.dumps({'move': 'draw', 'id': str(message['id'])}), flush=True)
"""
MOVE_IN_A_CHECK = """
    for line in sys.stdin:
        message = json.loads(line)
        if message['type'] == 'ask':
            print(json.dumps({'move': 'draw', 'check': 'draw', 'id': 1}), flush=True)
"""


@pytest.mark.slow  # a second of timeout each
@pytest.mark.parametrize(("body", "said"), [
    (ID_AS_A_STRING, ": its line '{\"move\": \"draw\", \"id\": \"1\"}' was dropped, "
                     "its id \"1\" is not the ask's 1 (an answer repeats the ask's id"),
    (MOVE_IN_A_CHECK, "was read as a check, not as its answer (a line holds a \"check\" or "
                      "a \"move\", not both)"),
])
def test_a_timeout_says_what_the_program_wrote_that_answered_nothing(
        tmp_path: Path, body: str, said: str) -> None:
    # The program answered, but with an id the table does not read as the ask's, or
    # inside a check: the forfeit said only 'no answer within 1 s', as to silence.
    program = Program(script(tmp_path, body), timeout=1)
    asker = Asker(program)
    try:
        with pytest.raises(ProgramFailed) as failed:
            asker.ask({"type": "ask", "moves": ["draw", "take"]}, lambda _: None)
    finally:
        program.stop()
    assert failed.value.reason.startswith("no answer within 1 s (--move-timeout)")
    assert said in failed.value.reason


# --- descendants --------------------------------------------------------------------------


def _ended(pid: int) -> bool:
    """Gone, or a zombie waiting for a parent that reaps it."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return True
    return stat.rpartition(")")[2].split()[0] == "Z"


def _finishes(work: object, within: float = 120) -> bool:
    """Whether ``work()`` returns at all (a generous bound: a hang fails, never a slow
    machine)."""
    thread = threading.Thread(target=work, daemon=True)  # type: ignore[arg-type]
    thread.start()
    thread.join(within)
    return not thread.is_alive()


#: Never reads its standard input; writes a move every 2 ms (or nothing).
DEAF = {
    "writes": "import os, time\nwhile True:\n    os.write(1, b'{\"move\": \"draw\"}\\n')\n"
              "    time.sleep(0.002)\n",
    "sleeps": "import time\ntime.sleep(600)\n",
}


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(DEAF))
def test_a_program_that_reads_nothing_fails_within_the_timeout(tmp_path: Path,
                                                                kind: str) -> None:
    # Its input pipe full, the table's write waited for ever (and the program, writing,
    # for the table to read): a whole simulate hung with nothing said.
    path = tmp_path / "deaf.py"
    path.write_text(DEAF[kind], encoding="utf-8")
    program = Program(f"{sys.executable} {path}", timeout=0.5)
    failures: list[ProgramFailed] = []

    def work() -> None:
        try:
            for number in range(1000):  # 2 MB, far more than a pipe holds
                program.send({"type": "ask", "id": number, "pad": "x" * 2000})
        except ProgramFailed as failed:
            failures.append(failed)

    finished = _finishes(work, within=30)
    if not finished and program.pid is not None:  # free the write the thread waits in
        os.kill(program.pid, signal.SIGKILL)
    program.stop()
    assert finished
    (failed,) = failures
    assert failed.restart
    assert failed.reason == ("reads none of what the table writes: its standard input "
                             "was still full after 0.5 s (--move-timeout)")


@pytest.mark.slow
@pytest.mark.parametrize("then", ["answers", "ends"])
def test_a_setsid_child_holding_the_output_never_holds_the_table(tmp_path: Path,
                                                                then: str) -> None:
    pids = tmp_path / "pids"
    command = script(tmp_path, f"""
        import subprocess
        child = subprocess.Popen(['setsid', 'sleep', '600'])
        open({str(pids)!r}, 'w').write(str(child.pid))
        for line in sys.stdin:
            message = json.loads(line)
            if message['type'] == 'ask':
                {'sys.exit(0)' if then == 'ends' else 'pass'}
                send('draw' if 'draw' in message['moves'] else
                     'discard ' + message['cards'][-1])
    """)
    records: list[object] = []
    assert _finishes(lambda: records.extend(games(setup([("Bot", command)], timeout=1,
                                                         max_hands=2))))
    child = int(pids.read_text())
    if then == "answers":  # stopped with the program, though it left its group
        deadline = time.monotonic() + 10
        while not _ended(child) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _ended(child)


# --- what an ask says ---------------------------------------------------------------------


def test_order_is_the_seat_order_and_turn_the_number_of_the_turn_played() -> None:
    run = make_setup(players=3, levels="normal", choice=None, seed=2, max_hands=2,
                     programs=[("Bot", GREEDY)])
    transcript = exchange(run)
    asks = [m for _, m in transcript if m.get("type") == "ask"]
    for ask in asks:
        assert ask["order"] == [p for p in run.players if p in ask["order"]]
    # the turn's number: the turns begun before it (a discard ends each) and this one
    hand, discards = 0, 0
    for ask in asks:
        if ask["hand"] != hand:
            hand, discards = ask["hand"], 0
        discards += sum(1 for e in ask["events"] if e["move"].startswith("discard"))
        if ask["moves"] == ["draw", "take"]:
            assert ask["turn"] == discards + 1


def test_opened_now_turns_true_once_the_opening_melds_reach_the_threshold() -> None:
    transcript = exchange(setup([("Bot", GREEDY)], max_hands=3))
    asks = [m for _, m in transcript if m.get("type") == "ask"]
    opening = [a for a in asks if not a["opened"] and a["opened_now"]]
    assert opening, "the greedy baseline opens in these hands"
    assert all(a["moves"] == list(protocol.PLAY_MOVES) and a["table"] for a in opening)


def test_a_set_s_joker_is_written_one_way() -> None:
    said = Group(rank=Rank.TEN, suits=(Suit.HEARTS, Suit.DIAMONDS), jokers=1,
                 declared=Suit.SPADES)
    unsaid = Group(rank=Rank.TEN, suits=(Suit.HEARTS, Suit.DIAMONDS), jokers=1)
    assert protocol.meld_cards(said, Rules()) == ["10H", "10D", "JK"]
    assert protocol.meld_cards(unsaid, Rules()) == ["10H", "10D", "JK"]
    declared = Rules(set_joker_suit=SetJokerSuit.DECLARED)
    assert protocol.meld_cards(said, declared) == ["10H", "10D", "JK(10S)"]
    assert protocol.meld_cards(unsaid, declared) == ["10H", "10D", "JK"]


#: Draws and discards what it drew: nobody lays anything, the stock runs out.
DRAWS_AND_THROWS = """
    for line in sys.stdin:
        message = json.loads(line)
        if message['type'] == 'ask':
            send('draw' if 'draw' in message['moves'] else 'discard ' + message['drawn'])
"""


def test_what_a_program_sees_when_the_stock_runs_out(tmp_path: Path) -> None:
    command = script(tmp_path, DRAWS_AND_THROWS)
    run = make_setup(players=2, levels="normal", choice=None, seed=1, max_hands=1,
                     programs=[("Ann", command), ("Bob", command)])
    transcript = exchange(run)
    asks = [m for _, m in transcript if m.get("type") == "ask"]
    empty = next(i for i, a in enumerate(asks)
                 if a["stock"] == 0 and a["moves"] == ["draw", "take"])
    assert asks[empty]["moves"] == ["draw", "take"] and asks[empty]["reshuffles"] == 0
    after = asks[empty + 1]  # its draw found the stock empty: the pile became the stock
    assert after["reshuffles"] == 1 and after["pile"]["size"] == 1
    assert [e["move"] for e in after["events"]] == ["reshuffle", "draw"]
    assert after["stock"] == asks[empty]["pile"]["size"] - 2
    (end,) = [m for _, m in transcript if m.get("type") == "hand_end"][:1]
    assert end["closing"] == "void" and set(end["penalties"].values()) == {0}


def test_an_answer_s_other_keys_are_ignored_and_documented() -> None:
    answer = {"move": "discard 5S", "id": 3, "comment": "the costliest"}
    assert protocol.parse_move("Anna", answer, protocol.PLAY_MOVES).verb == "discard"
    Draft202012Validator(SCHEMA).validate(answer)


def test_a_draw_with_its_card_is_refused() -> None:
    with pytest.raises(protocol.BadMove, match="without its card"):
        protocol.parse_move("Anna", {"move": "draw 9S"}, protocol.DRAW_MOVES)


@pytest.mark.parametrize(("move", "said"), [
    # A developer's first slips: the message named the moves allowed, not the slip.
    ("Zed discard KH", "without a player's name: 'discard KH'"),
    ("Anna draw", "without a player's name: 'draw'"),
    ("Discard KH", "in lower case: discard"),
    ("scarta KH", "in English: discard, not scarta"),
    ("pioche", "in English: draw, not pioche"),
])
def test_a_move_s_first_word_says_what_is_wrong_with_it(move: str, said: str) -> None:
    moves = protocol.DRAW_MOVES if "dra" in move or "pioche" in move else protocol.PLAY_MOVES
    with pytest.raises(protocol.BadMove) as refused:
        protocol.parse_move("Zed", {"move": move}, moves)
    assert "the moves now are" in str(refused.value) and said in str(refused.value)


def test_a_move_of_another_phase_says_only_the_moves_allowed() -> None:
    with pytest.raises(protocol.BadMove) as refused:
        protocol.parse_move("Zed", {"move": "discard KH"}, protocol.DRAW_MOVES)
    assert str(refused.value) == "'discard KH': the moves now are draw, take"


def test_level_names_the_bots_only() -> None:
    seat = f"Zed=cmd:{GREEDY}"
    ok = CliRunner().invoke(main, ["simulate", "--players", "3", "--level", "easy,hard",
                                   "--seat", seat, "--max-hands", "1", "--seed", "1"])
    assert ok.exit_code == 0, ok.output
    assert '[Levels "program" "easy" "hard"]' in ok.stdout
    bad = CliRunner().invoke(main, ["simulate", "--players", "3", "--level",
                                    "easy,hard,normal", "--seat", seat])
    assert bad.exit_code == 2 and "one a bot seat" in bad.output


@pytest.mark.slow
def test_a_program_s_match_has_a_random_seed_written_in_the_log() -> None:
    def seed_of(*options: str) -> str:
        result = CliRunner().invoke(main, ["simulate", "--max-hands", "1", *options])
        assert result.exit_code == 0, result.output
        found = re.search(r'\[Seed "([^"]+)"\]', result.stdout)
        assert found is not None
        return found.group(1)

    assert seed_of() == "1:1"  # bots alone: reproducible by default
    seat = ("--seat", f"Zed=cmd:{GREEDY}")
    first, second = seed_of(*seat), seed_of(*seat)
    assert first != second and first != "1:1"
    assert seed_of(*seat, "--seed", "1") == "1:1"


@pytest.mark.slow
def test_the_hello_says_protocol_2_and_the_bound_of_checks() -> None:
    transcript = exchange(setup([("Bot", GREEDY)], max_hands=1))
    hello = transcript[0][1]
    assert hello["protocol"] == 2 and hello["max_checks"] == protocol.MAX_CHECKS
    assert json.loads(json.dumps(hello)) == hello
    assert sys.executable in GREEDY


@pytest.mark.parametrize(("line", "said"), [
    # Its JSON looks right, but for a byte: it was 'a line that is not JSON'.
    (b'{"move": "discard \xff\xfeKH"}', "not UTF-8 (byte 0xFF at byte 19)"),
    (b'{"move": "caf\xe9"}', "not UTF-8 (byte 0xE9 at byte 14)"),
    # One move to a reader that keeps the first key, another to json (the last).
    (b'{"move": "draw", "move": "take"}', "the key 'move' written twice"),
    (b'{"move": "draw", "id": 1, "id": 2}', "the key 'id' written twice"),
    (b'{"move": "draw"', "not JSON"),
])
def test_an_answer_that_is_no_json_object_says_why(line: bytes, said: str) -> None:
    program = Program("true", timeout=1)
    with pytest.raises(ProgramFailed) as failed:
        program.decode(line)
    assert said in str(failed.value) and not failed.value.restart


def test_an_answer_with_each_key_once_is_read() -> None:
    program = Program("true", timeout=1)
    assert program.decode(b'{"move": "draw", "id": 7, "note": {"a": 1}}') == {
        "move": "draw", "id": 7, "note": {"a": 1}}
