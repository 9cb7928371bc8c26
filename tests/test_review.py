"""``scala40 review``: decisions weighed through the Scorer interface, their cost and
class, the players' summaries, the budget, the match's weight of a point, the same
review for the same seed whatever ``--jobs``, and the text and JSON written."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator
from test_viewer_bidi import renamed

from scala40cli.cli.main import main
from scala40cli.reading.parser import parse_text
from scala40cli.review.choices import Choice, PlanChoice, Stage, TakeChoice
from scala40cli.review.document import document
from scala40cli.review.equity import point_worth
from scala40cli.review.grading import RATINGS, Verdict, rating, summarize, verdict
from scala40cli.review.records import Reviewed, Skipped
from scala40cli.review.reviewing import ReviewSettings, weigh
from scala40cli.review.running import Source, review_files
from scala40cli.review.scorer import (
    BUDGETS,
    REVIEW_BUDGET,
    Budget,
    BudgetError,
    Worth,
    parse_budget,
)
from scala40cli.review.walk import Decision, walk_game
from scala40cli.simulate.plays import TurnPlan
from scala40cli.simulate.sampling import UnseenMismatch
from scala40cli.simulate.view import PlayerView

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = Draft202012Validator(json.loads((ROOT / "schemas" / "review.schema.json")
                                         .read_text("utf-8")))
STANDIN = ReviewSettings(engine="standin", budget=Budget())


def _decisions(path: str, seats: Sequence[str]) -> list[Decision]:
    game = parse_text((ROOT / path).read_text("utf-8")).games[0]
    return [d for d in walk_game(game, frozenset(seats)).decisions
            if isinstance(d, Decision)]


class Fixed:
    """An engine whose candidates and worths are given: the played move and one other
    worth ``gain`` more, with the standard error ``error``."""

    def __init__(self, other: Choice, gain: float, error: float = 0.0) -> None:
        self.other, self.gain, self.error = other, gain, error
        self.asked: list[list[Choice]] = []

    def candidates(self, view: PlayerView, stage: Stage, *, budget: Budget,
                   seed: str) -> Sequence[Choice]:
        return [self.other]

    def score(self, view: PlayerView, choices: Sequence[Choice], *, budget: Budget,
              seed: str) -> Sequence[Worth]:
        self.asked.append(list(choices))
        return [Worth(points=-10.0 + (self.gain if c == self.other else 0.0), error=1.0,
                      gain=self.gain if c == self.other else 0.0,
                      gain_error=self.error if c == self.other else 0.0) for c in choices]


def _a_plan() -> Decision:
    return next(d for d in _decisions("fixtures/legal/two-players.s40", ["Anna"])
                if d.stage is Stage.PLAN and d.view.totals.get("Anna", 0) == 0)


def test_the_move_played_is_weighed_first_and_what_the_best_gains_over_it_is_its_loss(
        ) -> None:
    decision = _a_plan()
    other = PlanChoice(TurnPlan((), decision.view.hand[0]))
    engine = Fixed(other, gain=12.0, error=1.5)
    reviewed = weigh(decision, engine, STANDIN, 1, {})
    assert reviewed is not None
    assert engine.asked == [[decision.played, other]]
    assert not reviewed.agreed and reviewed.loss == 12.0 and reviewed.loss_error == 1.5
    assert reviewed.best == (f"discard {decision.view.hand[0].code}",)
    assert reviewed.verdict is Verdict.MISTAKE  # 12 - 1.5 surely lost: 10 or more
    assert reviewed.match_loss == pytest.approx(12.0 * reviewed.point_worth)
    assert [c.points for c in reviewed.candidates] == [-10.0, 2.0]


def test_the_move_played_when_it_is_the_best_is_agreed_and_loses_nothing() -> None:
    decision = _a_plan()
    reviewed = weigh(decision, Fixed(PlanChoice(TurnPlan((), decision.view.hand[0])),
                                      gain=-5.0), STANDIN, 1, {})
    assert reviewed is not None and reviewed.agreed
    assert (reviewed.loss, reviewed.verdict) == (0.0, Verdict.GOOD)


def test_a_decision_with_one_candidate_is_no_decision() -> None:
    decision = _a_plan()
    assert weigh(decision, Fixed(decision.played, gain=0.0), STANDIN, 1, {}) is None


@pytest.mark.parametrize(("loss", "error", "match", "expected"), [
    (3.9, 0.0, 0.0, Verdict.GOOD), (4.0, 0.0, 0.0, Verdict.INACCURACY),
    (9.9, 0.0, 0.0, Verdict.INACCURACY), (10.0, 0.0, 0.0, Verdict.MISTAKE),
    (20.0, 0.0, 0.0, Verdict.BLUNDER), (25.0, 6.0, 0.0, Verdict.MISTAKE),
    (24.0, 15.0, 0.0, Verdict.INACCURACY),
    (3.0, 3.0, 0.0, Verdict.GOOD), (1.0, 0.0, 0.021, Verdict.INACCURACY),
    (1.0, 0.0, 0.05, Verdict.MISTAKE), (1.0, 0.0, 0.1, Verdict.BLUNDER)])
def test_the_classes_of_docs_review_md(loss: float, error: float, match: float,
                                        expected: Verdict) -> None:
    assert verdict(loss=loss, error=error, match_loss=match, point_worth=0.0) is expected


def test_the_rating_scale_goes_from_supernatural_to_awful() -> None:
    assert rating(0.0) == "supernatural" and rating(100.0) == "awful"
    bounds = [bound for bound, _ in RATINGS]
    assert bounds == sorted(bounds)
    assert [rating(b) for b in bounds[:-1]] == [word for _, word in RATINGS][1:]


def test_a_summary_counts_each_class_and_averages_the_loss() -> None:
    summary = summarize("Anna", [(True, 0.0, 0.0, Verdict.GOOD),
                                 (False, 12.0, 0.04, Verdict.MISTAKE),
                                 (False, 6.0, 0.01, Verdict.INACCURACY)])
    assert (summary.decisions, summary.agreed, summary.average_loss) == (3, 1, 6.0)
    assert summary.counts == {"good": 1, "inaccuracy": 1, "mistake": 1, "blunder": 0}
    assert summary.average_match_loss == pytest.approx(0.05 / 3)
    assert summary.rating == "awful"
    assert summarize("Bruno", []).rating == "unrated"


def test_a_player_with_no_decision_has_no_figures_not_an_agreement_of_none() -> None:
    """A paper score sheet has no decision: its players were shown "0.0%" agreement and
    an average loss of 0.00, which reads as every move disagreed at no cost."""
    from scala40cli.review.page import page_summary
    from scala40cli.review.text import summary_table
    from scala40cli.translation.catalogue import ENGLISH

    row = summary_table([summarize("Bruno", [])])[1].split()
    assert row == ["Bruno", "0", "-", "-", "-", "0", "0", "0", "unrated"]
    shown = page_summary(summarize("Bruno", []), ENGLISH)["shown"]
    assert (shown["agreement"], shown["average_loss"], shown["average_match_loss"]) == (
        "-", "-", "-")
    played = summary_table([summarize("Anna", [(True, 0.0, 0.0, Verdict.GOOD)])])[1].split()
    assert played[2:5] == ["100.0%", "0.00", "0.00%"]


def test_a_budget_is_a_name_or_pairs_over_the_default() -> None:
    assert parse_budget("deep") == BUDGETS["deep"]
    assert parse_budget("worlds=48,horizon=none") == dataclasses.replace(
        REVIEW_BUDGET, worlds=48, horizon=None)
    assert parse_budget("horizon=3") == dataclasses.replace(REVIEW_BUDGET, horizon=3)
    for bad in ("worlds", "worlds=0", "depth=3", "worlds=\u0663", "horizon=-1"):
        with pytest.raises(BudgetError):
            parse_budget(bad)


def test_a_point_weighs_more_in_the_match_near_the_end_of_it() -> None:
    view = _a_plan().view

    def at(anna: int, bruno: int) -> float:
        totals = MappingProxyType({"Anna": anna, "Bruno": bruno})
        return point_worth(dataclasses.replace(view, totals=totals), "s", rollouts=200)

    assert at(95, 95) > 3 * at(0, 0) > 0
    assert point_worth(view, "s", rollouts=200) == point_worth(view, "s", rollouts=200)


def _source(path: str) -> Source:
    return Source(path=path, data=(ROOT / path).read_bytes())


@pytest.mark.slow
def test_the_same_seed_gives_the_same_review_and_decisions_are_weighed_in_any_order(
        ) -> None:
    sources = [_source("fixtures/legal/three-players.s40")]
    one = review_files(sources, seat="Bruno", every=False, settings=STANDIN)
    again = review_files(sources, seat="Bruno", every=False, settings=STANDIN)
    assert one == again
    reviewed = [d for d in one[0].games[0].decisions if isinstance(d, Reviewed)]
    assert reviewed and {d.seat for d in reviewed} == {"Bruno"}


@pytest.mark.slow
def test_jobs_give_the_same_review() -> None:
    sources = [_source("fixtures/legal/two-players.s40"),
               _source("fixtures/legal/four-players.s40")]
    here = review_files(sources, seat=None, every=True, settings=STANDIN)
    apart = review_files(sources, seat=None, every=True, settings=STANDIN, jobs=2)
    assert here == apart


@pytest.mark.slow
def test_the_json_document_validates_and_lists_every_decision() -> None:
    sources = [_source("fixtures/legal/two-players.s40"),
               _source("fixtures/illegal/T004-not-in-hand-discard.s40")]
    files = review_files(sources, seat=None, every=True, settings=STANDIN)
    found = document(files, STANDIN)
    SCHEMA.validate(found)
    decisions = [d for f in found["files"] for g in f["games"] for d in g["decisions"]]
    assert {d["reviewed"] for d in decisions} == {True, False}
    skipped = next(d for d in decisions if not d["reviewed"])
    assert skipped["code"] == "T004"
    assert found["summary"]["reviewed"] == sum(1 for d in decisions if d["reviewed"])


def test_a_log_recorded_at_a_table_is_reviewed_for_its_seat() -> None:
    files = review_files([_source("fixtures/table/table-recorded.s40")], seat=None,
                         every=False, settings=STANDIN)
    game = files[0].games[0]
    assert game.seats == ("Anna",)
    assert {d.seat for d in game.decisions} == {"Anna"}
    assert any(isinstance(d, Reviewed) for d in game.decisions)


@pytest.mark.slow
def test_a_match_played_with_play_is_reviewed_for_the_person(tmp_path: Path) -> None:
    text = (ROOT / "fixtures/legal/two-players.s40").read_text("utf-8").replace(
        '[Players "Anna" "Bruno"]', '[Players "Anna" "Bruno"]\n[Levels "hard" "person"]')
    files = review_files([Source(path="played.s40", data=text.encode())], seat=None,
                         every=False, settings=STANDIN)
    assert files[0].games[0].seats == ("Bruno",)


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["review", "--engine", "standin", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.slow
def test_the_command_writes_text_with_marks_and_summaries() -> None:
    status, out, _ = _run("fixtures/legal/two-players.s40", "--seat", "Anna")
    assert status == 0
    assert "reviewed for Anna" in out and "Rating" in out
    marked = [line for line in out.splitlines() if ": Anna " in line]
    assert marked and all(any(m in line for m in ("?!", "?", "??")) for line in marked)


def test_the_command_writes_json_that_validates(tmp_path: Path) -> None:
    target = tmp_path / "review.json"
    status, _, _ = _run("fixtures/illegal/T004-not-in-hand-discard.s40", "--format", "json",
                        "-o", str(target))
    assert status == 0
    SCHEMA.validate(json.loads(target.read_text("utf-8")))


def test_a_violation_is_said_in_the_text_and_not_reviewed() -> None:
    status, out, _ = _run("fixtures/illegal/T004-not-in-hand-discard.s40", "--all")
    assert status == 0
    assert "not reviewed: T004 on line" in out


@pytest.mark.slow
def test_names_from_the_log_cannot_drive_the_terminal(tmp_path: Path) -> None:
    text = renamed((ROOT / "fixtures/legal/two-players.s40").read_text("utf-8"),
                   {"Anna": "\u202eAnna"})
    log = tmp_path / "hostile.s40"
    log.write_text(text, encoding="utf-8")
    status, out, _ = _run(str(log), "--all")
    assert status == 0 and "\u202e" not in out and "\\u202eAnna" in out


@pytest.mark.parametrize(("args", "said"), [
    (["--seat", "Zed"], "Zed is not a player"),
    (["--seat", "Anna", "--all"], "--seat and --all"),
    (["--budget", "worlds=none"], "--budget"),
    (["--engine", "nobody"], "no engine nobody")])
def test_wrong_options_are_usage_errors(args: list[str], said: str) -> None:
    status, _, err = _run("fixtures/legal/two-players.s40", *args)
    assert status == 2 and said in err


def test_an_unreadable_file_is_said_and_the_others_reviewed(tmp_path: Path) -> None:
    status, out, err = _run(str(tmp_path / "missing.s40"), "fixtures/legal/in-one-go.s40")
    assert status == 1
    assert "missing.s40" in err and "in-one-go.s40: game 1" in out


def test_skipped_decisions_are_records_of_their_own() -> None:
    files = review_files([_source("fixtures/illegal/T004-not-in-hand-discard.s40")], seat=None,
                         every=True, settings=STANDIN)
    skipped = [d for d in files[0].games[0].decisions if isinstance(d, Skipped)]
    assert skipped and skipped[0].code == "T004"
    assert all(not isinstance(d, Decision) for d in files[0].games[0].decisions)


def test_take_decisions_are_weighed_when_the_discard_may_be_taken() -> None:
    files = review_files([_source("fixtures/legal/take-discard.s40")], seat=None,
                         every=True, settings=STANDIN)
    stages = {d.stage for d in files[0].games[0].decisions if isinstance(d, Reviewed)}
    assert Stage.TAKE in stages
    assert TakeChoice(True) != TakeChoice(False)


def test_the_formats_are_the_command_lines_vocabulary() -> None:
    from scala40cli.cli.choices import REVIEW_FORMATS
    from scala40cli.cli.review_command import FORMATS

    assert tuple(FORMATS) == REVIEW_FORMATS


@pytest.mark.slow
def test_the_page_is_the_viewers_with_the_review_in_its_data(tmp_path: Path) -> None:
    target = tmp_path / "review.html"
    status, _, _ = _run("fixtures/legal/two-players.s40", "--format", "html",
                        "-o", str(target))
    assert status == 0
    html = target.read_text("utf-8")
    assert "<title>scala40 review: fixtures/legal/two-players.s40</title>" in html
    data = json.loads(html.split('<script type="application/json" id="data">')[1]
                      .split("</script>")[0])
    assert {g["index"] for g in data["review"]["games"]} == {1}
    assert data["lines"] and data["games"]  # the viewer's own data, unchanged
    assert html.count("<script>") == 2 and "sha256-" in html


@pytest.mark.slow
def test_several_pages_go_into_a_folder(tmp_path: Path) -> None:
    status, _, err = _run("fixtures/legal/two-players.s40", "fixtures/legal/in-one-go.s40",
                          "--format", "html")
    assert status == 2 and "folder" in err
    status, _, _ = _run("fixtures/legal/two-players.s40", "fixtures/legal/in-one-go.s40",
                        "--format", "html", "-o", str(tmp_path / "pages") + "/")
    assert status == 0
    assert sorted(p.name for p in (tmp_path / "pages").iterdir()) == [
        "in-one-go.html", "two-players.html"]


def test_a_hint_is_the_engines_best_move_with_its_facts() -> None:
    from scala40cli.review.hint import Reason, hint

    decision = _a_plan()
    other = PlanChoice(TurnPlan((), decision.view.hand[0]))
    found = hint(decision.view, Stage.PLAN, Fixed(other, gain=0.0), budget=Budget(),
                 seed="s")
    assert found.choice == other and found.gain == 0.0  # the only candidate
    assert found.lines == (f"discard {decision.view.hand[0].code}",)
    assert found.reason in (Reason.DISCARD, Reason.DISCARD_LOOSE)
    assert found.card == decision.view.hand[0].code and found.points is not None


def test_a_card_that_fits_nothing_kept_is_said_loose() -> None:
    from scala40cli.model.cards import parse_card
    from scala40cli.review.hint import Reason, _facts

    view = _a_plan().view
    hand = tuple(parse_card(c) for c in ("KH", "2S", "3S", "7D", "7C"))
    loose = _facts(dataclasses.replace(view, hand=hand), Stage.PLAN,
                   PlanChoice(TurnPlan((), hand[0])), 1.5)
    assert (loose.reason, loose.card, loose.points, loose.gain) == (
        Reason.DISCARD_LOOSE, "KH", 10, 1.5)
    fits = _facts(dataclasses.replace(view, hand=hand), Stage.PLAN,
                  PlanChoice(TurnPlan((), hand[1])), 0.0)
    assert (fits.reason, fits.points) == (Reason.DISCARD, 2)


TINY_BUDGET = "worlds=1,take_worlds=1,horizon=none,turns=1,discards=1"


def _typo_log(tmp_path: Path) -> Path:
    text = (ROOT / "fixtures/legal/take-discard.s40").read_text("utf-8")
    log = tmp_path / "typo.s40"
    log.write_text(text.replace("Bruno take 5H", "Brqno take 5H", 1), "utf-8")
    return log


def _reviewed_json(log: Path) -> list[dict[str, Any]]:
    result = CliRunner().invoke(main, ["review", "--all", "--format", "json", str(log),
                                       "--budget", TINY_BUDGET], catch_exceptions=False)
    assert result.exit_code == 0
    document = json.loads(result.stdout)
    SCHEMA.validate(document)
    decisions: list[dict[str, Any]] = document["files"][0]["games"][0]["decisions"]
    return decisions


class Mismatched(Fixed):
    """An engine that finds the view does not add up (the sampling's own check)."""

    def score(self, view: PlayerView, choices: Sequence[Choice], *, budget: Budget,
              seed: str) -> Sequence[Worth]:
        raise UnseenMismatch("3 unseen cards for 5 places")


def test_a_view_that_does_not_add_up_is_not_reviewed_and_never_a_traceback() -> None:
    """Found by fuzzing: a walk that read ``Brqno take 5H`` as written, where the referee
    judges it as Bruno's, gave views that did not add up, and the expert's sampling
    raised UnseenMismatch out of ``scala40 review``. Should a view ever be read wrong
    again, its decision is skipped and said why, never a traceback."""
    decision = _a_plan()
    other = PlanChoice(TurnPlan((), decision.view.hand[0]))
    skipped = weigh(decision, Mismatched(other, gain=1.0), STANDIN, 1, {})
    assert isinstance(skipped, Skipped)
    assert skipped.reason.startswith("the seat's view of the table does not add up")


@pytest.mark.slow
def test_a_line_under_a_mistyped_name_is_reviewed_as_its_authors(tmp_path: Path) -> None:
    """The review reads a line as the referee judges it: ``Brqno take 5H`` is Bruno's
    (G003, did you mean Bruno?). Only the decision on that line is left out; every other
    decision of the clean log is reviewed in the log with the typo, and none is said not
    to add up."""
    clean = _reviewed_json(ROOT / "fixtures/legal/take-discard.s40")
    typo = _reviewed_json(_typo_log(tmp_path))
    typo_line = next(number for number, line in enumerate(
        _typo_log(tmp_path).read_text("utf-8").splitlines(), 1) if "Brqno" in line)
    assert not any(d.get("reason", "").startswith("the seat's view") for d in typo)

    def reviewed(decisions: list[dict[str, Any]]) -> set[tuple[str, str, tuple[int, ...]]]:
        return {(d["seat"], d["stage"], tuple(d["lines"])) for d in decisions
                if "reason" not in d}

    expected = {d for d in reviewed(clean) if typo_line not in d[2]}
    assert expected and reviewed(typo) == expected


def test_a_file_error_is_placed_as_replay_places_it_and_said_in_the_language(
        tmp_path: Path) -> None:
    """It was ``x.s40: F003 line 3: ...`` (no column) and stayed English under --lang."""
    log = tmp_path / "x.s40"
    log.write_text('[Players "Anna" "Bruno"]\nhand 1\nscore Anna 0, Bruno 40\n',
                   encoding="utf-8")
    runner = CliRunner()
    english = runner.invoke(main, ["review", str(log), "--budget", "quick"])
    assert f"{log}:3:13: F003 unexpected character ','" in english.output, english.output
    italian = runner.invoke(main, ["review", str(log), "--budget", "quick", "--lang", "it"])
    assert f"{log}:3:13: F003 carattere inatteso ','" in italian.output, italian.output
    as_json = runner.invoke(main, ["review", str(log), "--budget", "quick", "--format", "json"])
    assert json.loads(as_json.output)["files"][0]["errors"][0].startswith("3:13: F003 ")
