"""The table protocol: outside programs at a seat, judged like the bots, never a hang.

Every log a match with an outside program leaves, forfeits included, is judged by the
referee exactly as the simulator's own (``referee_result``: no violation, the same
scores); every message of a real exchange validates against
``schemas/protocol.schema.json``; the exchange docs/protocol.md shows is the one a
test produces.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import textwrap
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator
from test_simulate import referee_result

from scala40cli.cli.main import main
from scala40cli.judging.rulebook.rules import RuleChoice
from scala40cli.reading.events import Attach
from scala40cli.simulate.match import MatchRecord
from scala40cli.simulate.outside import OutsideSeat
from scala40cli.simulate.protocol import PLAY_MOVES, BadMove, parse_move
from scala40cli.simulate.runner import Setup, make_setup, parse_seat, simulate_game

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "schemas" / "protocol.schema.json").read_text("utf-8"))
NODE_BOT = ROOT / "examples" / "node-bot" / "bot.js"
GREEDY = f"{sys.executable} -m scala40cli.simulate.greedy"


def node() -> str:
    """The node binary: the example bot needs it, and CI has it (a CI without it fails)."""
    found = shutil.which("node")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("node is not installed: the example bot cannot play")
        pytest.skip("node is not installed")
    return found


def setup(programs: list[tuple[str, str]], *, level: str = "normal", games: int = 1,
          seed: int = 1, timeout: float = 5.0, max_hands: int = 200) -> Setup:
    return make_setup(players=2, levels=level, choice=RuleChoice(), seed=seed, games=games,
                      max_hands=max_hands, programs=programs, move_timeout=timeout)


def script(tmp_path: Path, body: str) -> str:
    """A Python outside program: ``body`` runs once ``answer(message)`` is defined."""
    path = tmp_path / "prog.py"
    path.write_text("import json, sys\n"
                    "def send(move):\n"
                    "    print(json.dumps({'move': move}), flush=True)\n"
                    + textwrap.dedent(body), encoding="utf-8")
    return f"{sys.executable} {path}"


def games(run: Setup) -> list[MatchRecord]:
    records = [simulate_game(run, index) for index in range(1, run.games + 1)]
    for record in records:
        referee_result(record)
    return records


def exchange(run: Setup) -> list[tuple[str, dict[str, object]]]:
    """Every line between the table and the programs of ``run``'s games, in order."""
    transcript: list[tuple[str, dict[str, object]]] = []
    original = OutsideSeat.__init__

    def recording(self: OutsideSeat, *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)  # type: ignore[arg-type]
        self.program.transcript = transcript

    OutsideSeat.__init__ = recording  # type: ignore[method-assign]
    try:
        games(run)
    finally:
        OutsideSeat.__init__ = original  # type: ignore[method-assign]
    return transcript


# --- the example bot and the greedy baseline ---------------------------------------------


def check_bot_plays(command: str, level: str, count: int) -> None:
    records = games(setup([("Bot", command)], level=level, games=count))
    assert all(not record.forfeits for record in records), records[0].forfeits
    laid = sum(1 for record in records for e in record.events
               if getattr(e, "player", None) == "Bot" and e.verb in ("meld", "attach"))
    assert laid > 0


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_node_bot_plays_clean_matches(level: str) -> None:
    check_bot_plays(f"{node()} {NODE_BOT}", level, 2 if level != "normal" else 5)


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_node_bot_plays_a_hundred_clean_matches_at_every_level(level: str) -> None:
    check_bot_plays(f"{node()} {NODE_BOT}", level, 100)


@pytest.mark.slow
def test_the_greedy_baseline_speaks_the_protocol() -> None:
    check_bot_plays(GREEDY, "hard", 2)


@pytest.mark.slow
def test_every_message_of_a_real_exchange_validates() -> None:
    transcript = exchange(setup([("Bot", GREEDY)], max_hands=2))
    validator = Draft202012Validator(SCHEMA)
    kinds = {message.get("type", "move") for _, message in transcript}
    assert kinds == {"hello", "ask", "move", "hand_end", "match_end", "bye"}
    for who, message in transcript:
        errors = list(validator.iter_errors(message))
        assert not errors, (who, message, errors[0].message)


# --- the answers read as log lines --------------------------------------------------------


def test_a_move_is_read_as_a_line_of_the_log() -> None:
    meld = parse_move("Anna", {"move": "meld 3S 4S JK(5S)"}, PLAY_MOVES)
    assert meld.verb == "meld" and meld.player == "Anna"
    attach = parse_move("Anna", {"move": "attach 6S to 2"}, PLAY_MOVES)
    assert attach.verb == "attach" and isinstance(attach, Attach) and attach.meld == 2
    draw = parse_move("Anna", {"move": "draw"}, ("draw", "take"))
    assert draw.verb == "draw"


@pytest.mark.parametrize("answer", [
    {"move": "buy 3S"}, {"move": "draw"}, {"move": "meld 3S 4S\nAnna discard 5S"},
    {"move": "meld 3S 4X 5S"}, {"verb": "meld"}, {"move": 3}, {"move": "[Event \"x\"]"},
])
def test_an_answer_that_is_not_a_move_of_the_phase_is_refused(answer: dict[str, object]
                                                              ) -> None:
    with pytest.raises(BadMove):
        parse_move("Anna", answer, PLAY_MOVES)


def test_a_seat_option_is_a_name_and_a_command() -> None:
    bot = f"{sys.executable} mybot.py --level 3"
    assert parse_seat(f"Anna=cmd:{bot}") == ("Anna", bot)
    for bad in ("Anna", "Anna=./mybot", "=cmd:x", "Anna=cmd:", "An na=cmd:x",
                "Anna=cmd:./no-such-bot", "Anna=cmd:no-such-bot-on-the-path"):
        with pytest.raises(ValueError):
            parse_seat(bad)


# --- forfeits -----------------------------------------------------------------------------

#: Draws, then discards a card it does not hold, every turn; notes what it is told.
DISCARDS_WHAT_IT_DOES_NOT_HOLD = """
    for line in sys.stdin:
        message = json.loads(line)
        with open(sys.argv[0] + '.heard', 'a') as heard:
            heard.write(message['type'] + '\\n')
        if message['type'] == 'ask':
            send('draw' if 'draw' in message['moves'] else
                 'discard ' + ('KH' if 'KH' not in message['cards'] else 'QH'))
"""


def test_an_illegal_move_forfeits_the_hand_and_the_log_stays_clean(tmp_path: Path) -> None:
    (record,) = games(setup([("Bot", script(tmp_path, DISCARDS_WHAT_IT_DOES_NOT_HOLD))],
                            max_hands=2))
    # a player who never opens pays 100 a hand: out (101) after the second
    assert [(hand, player) for hand, player, _ in record.forfeits] == [(1, "Bot"), (2, "Bot")]
    assert record.finished and record.winner == "Anna"
    assert "does not hold" in record.forfeits[0][2]
    heard = (tmp_path / "prog.py.heard").read_text().split()
    # kept for the next hand (it is in step), told of each refusal and each hand's end
    assert heard.count("hello") == 1
    assert heard.count("result") == 2 and heard.count("hand_end") == 2
    assert heard[-2:] == ["match_end", "bye"]


def test_a_refused_move_after_a_take_undoes_the_take(tmp_path: Path) -> None:
    command = script(tmp_path, """
        for line in sys.stdin:
            message = json.loads(line)
            if message['type'] == 'ask':
                send('take' if 'take' in message['moves'] else 'discard ' + message['taken'])
    """)
    (record,) = games(setup([("Bot", command)], max_hands=1))
    ((_, _, why),) = record.forfeits
    assert "taken" in why
    assert not any(e.verb == "take" for e in record.events
                   if getattr(e, "player", None) == "Bot")


@pytest.mark.parametrize(("body", "why"), [
    ("for line in sys.stdin:\n    print('not json', flush=True)\n", "not JSON"),
    ("import time\nfor line in sys.stdin:\n    time.sleep(30)\n", "no answer within"),
    ("sys.stdout.write('{\"move\": \"dr'); sys.stdout.flush()\nimport time\n"
     "time.sleep(30)\n", "no answer within"),
    ("sys.stdin.readline()\nsys.exit(3)\n", "exit status 3"),
    ("sys.stderr.write('x' * 1000000)\nfor line in sys.stdin:\n"
     "    if json.loads(line)['type'] == 'ask':\n        print('[1]', flush=True)\n",
     "not an object"),
])
def test_a_program_that_breaks_the_protocol_forfeits_and_the_match_goes_on(
        tmp_path: Path, body: str, why: str) -> None:
    (record,) = games(setup([("Bot", script(tmp_path, body))], timeout=0.5, max_hands=2))
    assert [hand for hand, _, _ in record.forfeits] == [1, 2]
    assert why in record.forfeits[0][2]


def test_a_program_that_cannot_start_forfeits(tmp_path: Path) -> None:
    (record,) = games(setup([("Bot", str(tmp_path / "missing"))], max_hands=1))
    assert "cannot start" in record.forfeits[0][2]


@pytest.mark.slow
def test_the_program_and_its_children_are_stopped_with_the_match(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    command = script(tmp_path, f"""
        import subprocess
        child = subprocess.Popen(['sleep', '60'])
        open({str(pids)!r}, 'w').write(str(child.pid))
        for line in sys.stdin:
            pass
    """)
    games(setup([("Bot", command)], timeout=2, max_hands=1))
    stat = Path(f"/proc/{int(pids.read_text())}/stat")

    def ended() -> bool:
        """Gone, or a zombie waiting for a parent that reaps it."""
        try:
            return stat.read_text().split(")")[-1].split()[0] == "Z"
        except FileNotFoundError:
            return True

    # the kill is sent when the match ends; the system takes a moment to carry it out
    deadline = time.monotonic() + 10
    while not ended() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert ended()


def test_simulate_reports_a_forfeit_in_one_line(tmp_path: Path) -> None:
    command = script(tmp_path, DISCARDS_WHAT_IT_DOES_NOT_HOLD)
    result = CliRunner().invoke(main, ["simulate", "--seat", f"Zed=cmd:{command}",
                                       "--max-hands", "1", "--out", str(tmp_path / "out")],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    forfeits = [line for line in result.stderr.splitlines() if "forfeits" in line]
    assert len(forfeits) == 1
    assert forfeits[0].startswith("scala40 simulate: warning: game 1, hand 1: Zed forfeits "
                                  "the hand: discard KH: ") or "does not hold" in forfeits[0]
    log = (tmp_path / "out" / "game-0001.s40").read_text()
    assert '[Players "Zed" "Anna"]' in log and '[Levels "program" "normal"]' in log


def test_a_bad_seat_is_a_usage_error() -> None:
    result = CliRunner().invoke(main, ["simulate", "--seat", "Zed=./bot"])
    assert result.exit_code == 2 and "NAME=cmd:COMMAND" in result.output


# --- the exchange docs/protocol.md shows --------------------------------------------------

#: The program of the documented exchange: draws, discards its last card, then lays its
#: first three cards, which the referee refuses.
DOC_PROGRAM = """
    plays = 0
    for line in sys.stdin:
        message = json.loads(line)
        if message['type'] == 'bye':
            break
        if message['type'] == 'ask':
            if 'draw' in message['moves']:
                send('draw')
            else:
                plays += 1
                cards = message['cards']
                send('discard ' + cards[-1] if plays == 1 else 'meld ' + ' '.join(cards[:3]))
"""
#: The same in protocol 2: it answers hello, checks the take and its meld (refused)
#: and its discard, and repeats the ids.
DOC_PROGRAM_2 = """
    plays = 0
    def check(move, number):
        print(json.dumps({'check': move, 'id': number}), flush=True)
        return json.loads(sys.stdin.readline())['ok']
    for line in sys.stdin:
        message = json.loads(line)
        if message['type'] == 'hello':
            print(json.dumps({'protocol': 2}), flush=True)
        if message['type'] == 'bye':
            break
        if message['type'] == 'ask':
            if 'draw' in message['moves']:
                check('take', 'c1')
                move = 'draw'
            else:
                plays += 1
                cards = message['cards']
                meld = 'meld ' + ' '.join(cards[:3])
                move = meld if check(meld, 'c2') or plays > 1 else 'discard ' + cards[-1]
                check(move, 'c3')
            print(json.dumps({'move': move, 'id': message['id']}), flush=True)
"""
_EXCHANGE = "<!-- protocol-exchange -->\n```text\n"
_EXCHANGE_2 = "<!-- protocol-2-exchange -->\n```text\n"


def documented_exchange(tmp_path: Path, program: str = DOC_PROGRAM) -> str:
    """The lines of a one-hand match of ``program`` against the normal bot (a
    program's answer to hello shown after the hello, wherever the table read it)."""
    transcript = exchange(setup([("Zed", script(tmp_path, program))], max_hands=1))
    hello = [entry for entry in transcript if set(entry[1]) == {"protocol"}]
    rest = [entry for entry in transcript if entry not in hello]
    transcript = rest[:1] + hello + rest[1:]
    arrow = {"table": "table>  ", "program": "Zed>    "}
    return "".join(arrow[who] + json.dumps(message, ensure_ascii=False) + "\n"
                   for who, message in transcript)


def _shown(marker: str) -> str:
    doc = (ROOT / "docs" / "protocol.md").read_text("utf-8")
    start = doc.index(marker) + len(marker)
    return doc[start:doc.index("```", start)]


def test_the_documented_exchange_is_a_real_one(tmp_path: Path) -> None:
    real = documented_exchange(tmp_path)
    assert _shown(_EXCHANGE) == real, "docs/protocol.md: update the exchange to:\n" + real
    validator = Draft202012Validator(SCHEMA)
    for line in real.splitlines():
        validator.validate(json.loads(line.split(">", 1)[1]))


def test_the_documented_protocol_2_exchange_begins_a_real_one(tmp_path: Path) -> None:
    real = documented_exchange(tmp_path, DOC_PROGRAM_2).splitlines(keepends=True)
    shown = _shown(_EXCHANGE_2).splitlines(keepends=True)
    assert len(shown) >= 10
    assert shown == real[:len(shown)], ("docs/protocol.md: update the protocol 2 "
                                        "exchange to:\n" + "".join(real[:14]))
