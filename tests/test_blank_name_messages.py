"""A blank player name (``""``) in a message shows as ``""``, in every language.

The ``[Players]`` tag refuses a blank name (G002), so a blank name reaches a sentence
only as a name the game does not know: a turn, dealer or deal line under ``""``
(G003) or a score line naming ``""`` (C003). Written as it was, it showed as nothing
("  is not a player of this game", "unknown " at the end of a line), and the Italian
and French catalogues, whose templates want a name there, left the sentence in English.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from scala40cli.cli.main import main
from scala40cli.judging.tabletop.findings import said_name

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
#: A hand of three players where Zoe, who is not at the table, draws (G003 on line 13).
HAND = (FIXTURES / "hostile" / "player-not-in-game.s40").read_text("utf-8")

#: Each log made from HAND, and the message on its line, in English, Italian, French.
CASES = {
    "turn": (HAND.replace("Zoe draw", '"" draw'), 13, (
        '"" is not a player of this game',
        '"" non è un giocatore di questa partita',
        '"" n\'est pas un joueur de cette partie')),
    "dealer": (HAND.replace("dealer Anna", 'dealer ""'), 8, (
        '"" is not a player of this game',
        '"" non è un giocatore di questa partita',
        '"" n\'est pas un joueur de cette partie')),
    "deal": (HAND.replace("deal Carla", 'deal ""'), 11, (
        '"" is not a player of this game',
        '"" non è un giocatore di questa partita',
        '"" n\'est pas un joueur de cette partie')),
    "score": ('[Players "Anna" "Bruno"]\nhand 1\nscore "" 10 Anna 0 Bruno 3\n', 3, (
        'the score line must name every player of the hand once: unknown ""',
        'la riga dei punti deve nominare una volta ogni giocatore della mano: '
        'nome sconosciuto ""',
        'la ligne des points doit nommer une fois chaque joueur de la manche : '
        'nom inconnu ""')),
    "score-twice": ('[Players "Anna" "Bruno"]\nhand 1\nscore "" 1 "" 2 Anna 0 Bruno 3\n', 3, (
        'the score line must name every player of the hand once: unknown "", ""; '
        'named twice ""',
        'la riga dei punti deve nominare una volta ogni giocatore della mano: '
        'nome sconosciuto "", ""; nome ripetuto ""',
        'la ligne des points doit nommer une fois chaque joueur de la manche : '
        'nom inconnu "", "" ; nom répété ""')),
}
LANGUAGES = ("en", "it", "fr")


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_blank_name_shows_quoted(tmp_path: Path, case: str, language: str) -> None:
    text, line, said = CASES[case]
    log = tmp_path / "blank.s40"
    log.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", "--lang", language, str(log)])
    code = "C003" if case.startswith("score") else "G003"
    expected = f"{log}:{line}:1: {code} {said[LANGUAGES.index(language)]}"
    assert expected in result.stdout.splitlines(), result.stdout


def test_a_name_is_shown_as_written_and_only_a_blank_one_quoted() -> None:
    assert [said_name(name) for name in ("Zoe", "", " ", '"')] == ["Zoe", '""', " ", '"']
