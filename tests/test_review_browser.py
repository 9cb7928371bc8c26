"""The review's page in Chromium (as tests/test_viewer_browser.py drives the viewer's):
every decision the review marks is marked on its line, the move played and the
engine's are drawn at that line, the summaries stand above the table, the keys go from
mark to mark; the page fetches nothing, runs no script a log brings, and axe-core finds
no serious or critical violation of WCAG 2.1 AA on a computer or a phone.

docs/review.md's screenshots are of a real review by the expert, not of these pages:
the stand-in engine here reviews in no time but its moves are no engine's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from axe_check import axe_violations
from test_viewer_bidi import renamed
from test_viewer_browser import DESKTOP, PHONE, Opened
from test_viewer_browser import browser as browser  # the shared Chromium fixture

from scala40cli.reporting.escape import terminal_safe
from scala40cli.review.page import review_page
from scala40cli.review.reviewing import ReviewSettings
from scala40cli.review.running import Source, review_files
from scala40cli.review.scorer import Budget
from scala40cli.viewing.loading import view_bytes

pytestmark = pytest.mark.slow  # a real browser: seconds a test (CI runs them all)

ROOT = Path(__file__).resolve().parent.parent
STANDIN = ReviewSettings(engine="standin", budget=Budget())
#: A name that would be markup, and one that would reorder its line, were they not text.
HOSTILE = {"Anna": "<img src=x onerror=alert(1)>Anna", "Bruno": "\u202eBruno"}

#: What the page shows of the review, read off its elements.
SHOWN = """() => ({
  marks: [...document.querySelectorAll('#lines li.marked')].map(li => ({
    line: Number(li.dataset.line), mark: li.querySelector('.mark [aria-hidden]').textContent,
    word: li.querySelector('.mark .hidden').textContent.trim()})),
  boxes: [...document.querySelectorAll('#table .review li')].map(li => ({
    seat: li.dataset.seat,
    played: [...li.querySelectorAll('.played [data-card]')].map(c => c.dataset.card),
    engine: [...li.querySelectorAll('[data-role=engine] [data-card]')].map(c => c.dataset.card),
  })),
  summaries: [...document.querySelectorAll('#review tbody th')].map(th => th.textContent),
})"""


def _page(tmp_path: Path, text: str, name: str = "review.html") -> tuple[Path, Any]:
    data = text.encode()
    files = review_files([Source(path=name, data=data)], seat=None, every=True,
                         settings=STANDIN)
    path = tmp_path / name
    path.write_text(review_page(view_bytes(data, name), files[0], STANDIN),
                    encoding="utf-8")
    return path, files[0]


def _two_players() -> str:
    return (ROOT / "fixtures/legal/two-players.s40").read_text("utf-8")


def test_every_marked_decision_is_marked_on_its_line_with_both_moves_drawn(
        browser: Any, tmp_path: Path) -> None:
    path, review = _page(tmp_path, _two_players())
    marked = {d.line: d for g in review.games for d in g.decisions
              if getattr(d, "verdict", None) is not None and d.verdict.value != "good"}
    opened = Opened(browser, path, DESKTOP)
    shown = opened.page.evaluate(SHOWN)
    assert [m["line"] for m in shown["marks"]] == sorted(marked)
    for mark in shown["marks"]:
        assert mark["word"] == marked[mark["line"]].verdict.value
    assert shown["summaries"] == ["Anna", "Bruno"]
    first = min(marked)
    opened.page.keyboard.press("Home")
    opened.page.keyboard.press("]")
    assert opened.page.evaluate("window.scala40.line()") == first
    box = opened.page.evaluate(SHOWN)["boxes"]
    decision = marked[first]
    words = [w for line in decision.best for w in line.split() if w[:1].isalnum()]
    assert box[0]["seat"] == decision.seat
    assert box[0]["engine"] == [w for w in words if w not in ("discard", "meld", "attach",
                                                              "to", "swap", "in")
                                and not w.isdigit()]
    opened.page.keyboard.press("]")
    assert opened.page.evaluate("window.scala40.line()") == sorted(marked)[1]
    opened.page.keyboard.press("[")
    assert opened.page.evaluate("window.scala40.line()") == first
    assert opened.requests == [] and opened.errors == []
    opened.close()


def test_names_from_the_log_are_text_on_the_review(browser: Any, tmp_path: Path) -> None:
    path, _ = _page(tmp_path, renamed(_two_players(), HOSTILE))
    opened = Opened(browser, path, DESKTOP)
    opened.page.keyboard.press("]")
    names = opened.page.evaluate(
        "[...document.querySelectorAll('#table .review .head bdi')].map(b => b.textContent)")
    # shown as the viewer shows a name: its controls as the escapes every report writes
    assert names and set(names) <= {terminal_safe(name) for name in HOSTILE.values()}
    assert opened.page.evaluate("document.querySelectorAll('img').length") == 0
    assert opened.requests == [] and opened.errors == []
    opened.close()


def test_a_paper_score_sheet_s_review_says_under_its_summaries_it_has_nothing_to_review(
        browser: Any, tmp_path: Path) -> None:
    """A sheet records no decision: the page said it only by a row of 0s, ``unrated``."""
    sheet = ('[Players "Anna" "Bruno"]\nhand 1\nscore Anna 0 Bruno 60\n'
             "hand 2\nscore Anna 30 Bruno 0\n")
    path, _ = _page(tmp_path, sheet)
    opened = Opened(browser, path, DESKTOP)
    said = opened.page.evaluate(
        "[...document.querySelectorAll('#review p.nothing')].map(p => p.textContent)")
    assert said == ["Nothing to review in game 1: the log records no decision of the players "
                    "reviewed (a paper score sheet records only the scores)."]
    assert opened.errors == []
    opened.close()
    path, _ = _page(tmp_path, _two_players(), "played.html")
    opened = Opened(browser, path, DESKTOP)
    assert opened.page.evaluate("document.querySelectorAll('#review p.nothing').length") == 0
    opened.close()


#: For each decision's heading at the line shown: its words, and how far the comma after
#: the player's name stands from the name, in pixels (none: the name ends the heading).
HEADINGS = """() => [...document.querySelectorAll('#table .review .head')].map(head => {
  const name = head.querySelector('bdi');
  let after = name.nextSibling;
  while (after && after.nodeType !== Node.TEXT_NODE) after = after.nextSibling;
  const range = document.createRange();
  if (after) range.setStart(after, 0), range.setEnd(after, 1);
  return {words: head.textContent,
          gap: after ? range.getBoundingClientRect().left
                       - name.getBoundingClientRect().right : null};
})"""


def test_a_decision_s_heading_has_no_space_between_the_name_and_its_comma(
        browser: Any, tmp_path: Path) -> None:
    path, _ = _page(tmp_path, _two_players())
    opened = Opened(browser, path, DESKTOP)
    opened.page.keyboard.press("Home")
    opened.page.keyboard.press("]")
    headings = opened.page.evaluate(HEADINGS)
    assert headings
    for heading in headings:
        assert heading["words"].startswith(("Anna, ", "Bruno, "))
        # "Anna , the turn's plays" when the head's flex gap stood between them
        assert heading["gap"] is not None and abs(heading["gap"]) < 1
    assert opened.errors == []
    opened.close()


@pytest.mark.slow
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_axe_finds_nothing_serious_on_the_review(browser: Any, tmp_path: Path,
                                                 viewport: dict[str, int]) -> None:
    path, _ = _page(tmp_path, _two_players())
    opened = Opened(browser, path, viewport)
    found = {}
    for state, keys in (("start", ["Home"]), ("a marked decision", ["]"]),
                        ("another", ["]", "]"]), ("the end", ["End"])):
        for key in keys:
            opened.page.keyboard.press(key)
        found[state] = axe_violations(opened.page)
    assert found == {state: [] for state in found}
    opened.close()
