"""The game the page plays: one session at a time, its log, its language.

This is everything the server does that is not HTTP: a move's JSON body checked for
its shape (:class:`BadMove`, a 400 for the server), the move handed to the
:class:`~scala40cli.playing.session.Session`, a refusal written in the person's
language, the log saved after every move that changed something, a new game (``N``)
or a new level (``L``). No web import, so the tests drive it directly too.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from scala40cli.judging.rulebook.rules import RuleChoice
from scala40cli.model.cards import Card, parse_card
from scala40cli.playing.card_text import sentence_parts
from scala40cli.playing.catalogue import LANGUAGES, catalogue
from scala40cli.playing.hinting import hint_words, match_review, person_hint
from scala40cli.playing.refusal import Refused
from scala40cli.playing.saving import save, undo_take, undo_turn
from scala40cli.playing.session import Session
from scala40cli.simulate.bots import Level
from scala40cli.simulate.runner import DEFAULT_NAMES, make_setup
from scala40cli.translation.catalogue import catalogue as referee_catalogue

ACTIONS = frozenset({"draw", "take", "put_back", "lay", "unstage", "open", "attach",
                     "discard", "next", "undo", "buy", "pass", "done", "swap"})
MAX_CARDS = 20
LEVELS = tuple(level.value for level in Level)
#: Random bytes of a seed nobody gave: too many to try them all against the cards seen.
SEED_BYTES = 16
#: Random bytes of a saved log's name, which says nothing of the seed.
NAME_BYTES = 4


class BadMove(ValueError):
    """A request body that is not a move at all (not a refusal: a malformed request)."""


@dataclass(frozen=True, slots=True)
class Options:
    """What ``scala40 play`` was asked for."""

    players: int = 2
    level: str = "normal"
    choice: RuleChoice | None = None
    seed: str | None = None
    name: str = "Player"
    save_dir: Path = Path("scala40-games")
    #: "auto": the browser's language.
    language: str = "auto"


def bot_names(name: str, players: int) -> tuple[str, ...]:
    """The person's name, then the bots' (the simulator's names, never the person's)."""
    others = [n for n in DEFAULT_NAMES if n.lower() != name.lower()]
    return (name, *others[:players - 1])


class Controller:
    """One game at a time, and the next (see the module docstring)."""

    def __init__(self, options: Options, session: Session | None = None,
                 path: Path | None = None) -> None:
        self.options = options
        self.games = 0
        if session is None:
            self.new_game()
        else:
            self.session = session
            self.path = path or self._new_path()

    def _new_path(self) -> Path:
        """A new log's path: the time and a random id of its own, never the seed (the
        page shows the name, and the seed would deal every hidden card again)."""
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        while True:
            path = self.options.save_dir / f"play-{stamp}-{secrets.token_hex(NAME_BYTES)}.s40"
            if not path.exists():
                return path

    def new_game(self, level: str | None = None) -> None:
        """Deal a new match (``level``: the bots' new level), saved in a new file.

        Without ``--seed`` the seed is secret and random (:data:`SEED_BYTES`): it stays
        in the log, the person's own record, and never reaches the page."""
        if level is not None:
            if level not in LEVELS:
                raise BadMove(f"unknown level {level!r}")
            self.options = replace(self.options, level=level)
        self.games += 1
        base = self.options.seed or secrets.token_hex(SEED_BYTES)
        seed = base if self.games == 1 else f"{base}+{self.games}"
        setup = make_setup(players=self.options.players, levels=self.options.level,
                           choice=self.options.choice, seed=seed,
                           names=bot_names(self.options.name, self.options.players))
        self.session = Session(setup)
        self.path = self._new_path()
        save(self.path, self.session)

    def state(self, language: str | None = None) -> dict[str, Any]:
        return self._dressed(self.session.view(), language)

    def _dressed(self, view: dict[str, Any], language: str | None) -> dict[str, Any]:
        view["log"] = self.path.name
        view["language"] = language or self.options.language
        view["levels"] = list(LEVELS)
        return view

    def move(self, body: object, language: str | None = None) -> dict[str, Any]:
        """Play the move ``body`` ({"action", "cards", "meld"}); the new state, its
        frames (the bots' moves, one view each) and the refusal if any."""
        action, cards, meld = read_move(body)
        refused: dict[str, str] | None = None
        try:
            if action == "undo":
                self._undo(undo_turn(self.session))
            else:
                self.session.move(action, cards, meld)
        except Refused as why:
            if why.code == "PLAY_PUT_BACK" and (undone := undo_take(self.session)) is not None:
                self._undo(undone)
            else:
                refused = self._refusal(why, language)
        if refused is None:
            save(self.path, self.session)
        frames = [] if refused else [self._dressed(f, language) for f in self.session.frames]
        return {"state": self.state(language), "frames": frames, "refused": refused}

    def hint(self, language: str | None = None) -> dict[str, Any]:
        """What the expert would play now, in the person's language; nothing is
        played (:mod:`~scala40cli.playing.hinting`)."""
        words = language_of(language, language_of(self.options.language, "en"))
        return hint_words(person_hint(self.session), words)

    def review_page(self, language: str | None = None) -> str:
        """The review of the match saved, the person's decisions, on the viewer's page
        in the person's language; only once the match is over: the page shows the whole
        log, every hand dealt and the stock, which the person must not see while
        playing."""
        if self.session.phase != "match_over":
            raise BadMove("the review opens when the match is over")
        words = referee_catalogue(
            language_of(language, language_of(self.options.language, "en")))
        return match_review(self.path.read_bytes(), self.path.name, "1", words)

    def _undo(self, undone: Session | None) -> None:
        """Go on from ``undone``, the match as it was earlier in the person's turn."""
        if undone is None:
            raise Refused("nothing was laid this turn", "PLAY_NOTHING_LAID")
        undone.frames = []
        self.session = undone

    def _refusal(self, why: Refused, language: str | None) -> dict[str, Any]:
        """The refusal in the person's language, spoken to them, and cut into its words
        and its cards (:func:`~scala40cli.playing.card_text.sentence_parts`) for the
        page to name each card in that language."""
        words = catalogue(language_of(language, language_of(self.options.language, "en")))
        message = words.translate(why.message)
        return {"code": why.code, "message": message, "parts": sentence_parts(message),
                "english": why.message}


def read_move(body: object) -> tuple[str, list[Card], int]:
    """The move of a request body, or BadMove saying what is wrong with it."""
    if not isinstance(body, dict):
        raise BadMove("a move is a JSON object")
    action = body.get("action")
    if not isinstance(action, str) or action not in ACTIONS:
        raise BadMove(f"action must be one of {', '.join(sorted(ACTIONS))}")
    codes = body.get("cards", [])
    if not isinstance(codes, list) or len(codes) > MAX_CARDS or not all(
            isinstance(c, str) for c in codes):
        raise BadMove(f"cards must be a list of at most {MAX_CARDS} card codes")
    try:
        cards = [parse_card(code) for code in codes]
    except ValueError:
        raise BadMove("cards must be card codes such as 7H, 10S, AD, JK") from None
    meld = body.get("meld", 0)
    if not isinstance(meld, int) or isinstance(meld, bool) or not 0 <= meld <= 1000:
        raise BadMove("meld must be a meld's number")
    return action, cards, meld


def language_of(asked: str | None, default: str) -> str:
    return asked if asked is not None and asked in LANGUAGES else default


__all__ = ["ACTIONS", "BadMove", "Controller", "Options", "bot_names", "language_of",
           "read_move"]
