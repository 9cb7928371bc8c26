"""What an engine written from docs/protocol.md alone met, and what answers it now.

An outside program sits at the table as a bot does: where the rules leave a seat no
legal discard (every card of an unopened hand fits a table meld under
``discard_playable=forbidden``), the bots discard anyway and the simulator says so;
the program's discard is taken the same way instead of forfeiting the hand. Programs
that never close a hand make ``simulate`` say the game could not be played, never a
traceback. docs/protocol.md names every key the table writes (the schema's).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import rules
from test_protocol import script
from test_simulate_board import view

from scala40cli.cli.main import main
from scala40cli.judging.rulebook.rules import DiscardPlayable
from scala40cli.model.cards import parse_card
from scala40cli.simulate import engine, runner
from scala40cli.simulate.outside import OutsideSeat
from scala40cli.simulate.seats import Forfeit

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = rules(discard_playable=DiscardPlayable.FORBIDDEN)

#: Draws, then discards the card named on its command line.
DISCARDS = """
    for line in sys.stdin:
        message = json.loads(line)
        if message['type'] == 'ask':
            send('draw' if 'draw' in message['moves'] else 'discard ' + sys.argv[1])
"""


def seat(tmp_path: Path, card: str) -> OutsideSeat:
    return OutsideSeat("Anna", f"{script(tmp_path, DISCARDS)} {card}",
                       players=("Anna", "Bruno"), rules=FORBIDDEN)


def test_a_program_left_no_legal_discard_discards_as_a_bot_does(tmp_path: Path) -> None:
    # 5H and 9H both fit 6H 7H 8H: no card of the hand may go
    program = seat(tmp_path, "9H")
    try:
        plan = program.play(view("5H 9H", opened=False, rules=FORBIDDEN,
                                 table=("6H 7H 8H",)))
    finally:
        program.close()
    assert plan.discard is parse_card("9H") and plan.forced


CHECKS_FIRST = """
    for line in sys.stdin:
        message = json.loads(line)
        if message['type'] == 'hello':
            print(json.dumps({'protocol': 2}), flush=True)
        elif message['type'] == 'ask' and 'discard' in message['moves']:
            print(json.dumps({'check': 'discard 9H', 'id': 'c'}), flush=True)
            with open(sys.argv[0] + '.checked', 'w') as checked:
                checked.write(sys.stdin.readline())
            print(json.dumps({'move': 'discard 9H', 'id': message['id']}), flush=True)
"""


def test_a_check_of_that_discard_says_the_table_takes_it(tmp_path: Path) -> None:
    program = OutsideSeat("Anna", script(tmp_path, CHECKS_FIRST), players=("Anna", "Bruno"),
                          rules=FORBIDDEN)
    try:
        plan = program.play(view("5H 9H", opened=False, rules=FORBIDDEN,
                                 table=("6H 7H 8H",)))
    finally:
        program.close()
    checked = json.loads((tmp_path / "prog.py.checked").read_text("utf-8"))
    assert (checked["type"], checked["ok"], plan.forced) == ("checked", True, True)


def test_a_program_that_could_discard_within_the_rules_still_forfeits(
        tmp_path: Path) -> None:
    program = seat(tmp_path, "5H")  # KC fits nothing: 5H was not the only way
    try:
        with pytest.raises(Forfeit) as refused:
            program.play(view("5H KC", opened=False, rules=FORBIDDEN, table=("6H 7H 8H",)))
    finally:
        program.close()
    assert refused.value.code == "S010"


def test_a_closing_discard_is_never_forced(tmp_path: Path) -> None:
    program = seat(tmp_path, "5H")  # its own plays left it one card that fits
    try:
        with pytest.raises(Forfeit):
            program.play(view("5H", opened=True, rules=FORBIDDEN, table=("6H 7H 8H",)))
    finally:
        program.close()


IDLE = """
    for line in sys.stdin:
        message = json.loads(line)
        if message['type'] == 'ask':
            send('draw' if 'draw' in message['moves'] else 'discard ' + message['drawn'])
"""


@pytest.mark.slow
def test_programs_that_never_close_make_a_warning_not_a_traceback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "MAX_TURNS", 40)
    monkeypatch.setattr(runner, "RETRIES", 1)
    first = tmp_path / "a"
    first.mkdir()
    second = tmp_path / "b"
    second.mkdir()
    result = CliRunner().invoke(main, [
        "simulate", "--rules", "strict", "--seed", "1", "--out", str(tmp_path / "games"),
        "--seat", f"A=cmd:{script(first, IDLE)}", "--seat", f"B=cmd:{script(second, IDLE)}"])
    assert result.exit_code == 0, result.output
    assert result.exception is None
    assert "game 1 could not be played to its end (hand 1 lasted 40 turns" in result.stderr
    assert not list((tmp_path / "games").glob("*.s40"))


def _keys(schema: dict[str, object]) -> set[str]:
    """Every property name anywhere in a JSON schema."""
    found: set[str] = set()
    stack: list[object] = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            found.update(node.get("properties", {}))
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return found


def test_the_protocol_page_names_every_key_the_table_and_programs_write() -> None:
    schema = json.loads((ROOT / "schemas" / "protocol.schema.json").read_text("utf-8"))
    page = (ROOT / "docs" / "protocol.md").read_text("utf-8")
    prose = re.sub(r"```.*?```", "", page, flags=re.S)
    named = set(re.findall(r"`([a-z_]+)`", prose)) | set(re.findall(r'"([a-z_]+)":', prose))
    assert sorted(_keys(schema) - named) == []


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__]))
