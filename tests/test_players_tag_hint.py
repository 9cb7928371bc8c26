"""A game whose players are under a tag the referee does not read (``[Giocatori]``,
``[Joueurs]``, ``[Player]``) is G001 on that tag, saying which tag to write: tag
names are never translated, and a club writing Italian or French words writes them so.
The message said only "no [Players] tag", on the first tag."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from scala40cli.api import audit_text
from scala40cli.cli.main import main

SHEET = 'hand 1\nscore Anna 0 Bruno 45\n'


@pytest.mark.parametrize("tag", ["Giocatori", "Joueurs", "Player", "Spieler"])
def test_the_tag_that_names_the_players_is_pointed_at(tag: str) -> None:
    text = f'[Event "Friday"]\n[{tag} "Anna" "Bruno"]\n{SHEET}'
    (game,) = audit_text(text, name="sheet.s40").games
    (problem,) = game.violations
    assert (problem.code, problem.line) == ("G001", 2)
    assert problem.message == (
        f"the game has no [Players] tag: [{tag} ...] is not a tag the referee reads; "
        "the players are written [Players ...], in English")


@pytest.mark.parametrize("tags", [
    '[Event "Friday"]\n',                                   # no tag of names at all
    '[Event "Friday"]\n[Rule "opening_points" "50"]\n',     # a rule: two values, read
    '[Event "Friday"]\n[Levels "hard" "person"]\n',          # the seats' levels, read
    '[Event "Friday"]\n[Table "3" "4" "5" "6" "7" "8" "9"]\n',  # seven values: no game
])
def test_no_hint_where_no_tag_can_be_the_players(tags: str) -> None:
    (game,) = audit_text(tags + SHEET, name="sheet.s40").games
    (problem,) = game.violations
    assert (problem.code, problem.line) == ("G001", 1)
    assert problem.message == "the game has no [Players] tag"


def test_the_hint_is_said_in_italian_and_french(tmp_path: Path) -> None:
    log = tmp_path / "sheet.s40"
    log.write_text(f'[Giocatori "Anna" "Bruno"]\n{SHEET}', encoding="utf-8")
    said = {lang: CliRunner().invoke(main, ["replay", "--lang", lang, str(log)]).stdout
            for lang in ("it", "fr")}
    assert ("G001 la partita non ha l'etichetta [Players]: [Giocatori ...] non è "
            "un'etichetta che l'arbitro legge; i giocatori si scrivono [Players ...], "
            "in inglese") in said["it"]
    assert ("G001 la partie n'a pas d'étiquette [Players] : [Giocatori ...] n'est pas "
            "une étiquette que l'arbitre lit") in said["fr"]
