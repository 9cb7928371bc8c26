"""The viewer page reads in the order the log is written, whatever bidi controls or
right-to-left letters the log holds (Chromium, as tests/test_viewer_browser.py).

What a person reads is checked where the browser draws it: each character of the text
from the log, and each isolated piece that holds right-to-left letters, must come
after the one before it on the screen (to its right on its row, or on a row below).
An unclosed right-to-left override in a name used to turn the status line into
"dealer Anna, nrut s'onurB".
"""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from test_viewer_browser import DESKTOP, PHONE, Opened
from test_viewer_browser import browser as browser  # the shared Chromium fixture

from scala40cli.reporting.escape import terminal_safe
from scala40cli.viewing.loading import view_bytes
from scala40cli.viewing.page import page

pytestmark = pytest.mark.slow  # a real browser: seconds a test (CI runs them all)

ROOT = Path(__file__).resolve().parent.parent

#: Every control that can reorder text, none of them closed where it is used.
OVERRIDE, RIGHT_ISOLATE = "\u202e", "\u2067"
NAMES = {"Bruno": f"{OVERRIDE}Bruno", "Carla": f"{RIGHT_ISOLATE}Carla"}
TAG = '[Site "Roma\u202b, Italia \u202dtavolo 3"]'
COMMENT = "; \u2068a comment\u202e that never closes"


def renamed(text: str, names: dict[str, str]) -> str:
    """A log with its players renamed (each new name quoted, as the format wants)."""
    for old, new in names.items():
        text = text.replace(f'"{old}"', old)
        text = re.sub(rf"\b{old}\b", f'"{new}"', text)
    return text


def hostile_log() -> str:
    """A legal three-player match whose names hold unclosed overrides and isolates,
    with such a tag and a comment, and one violation naming a player (line 14)."""
    text = (ROOT / "fixtures/legal/three-players.s40").read_text(encoding="utf-8")
    lines = text.split("\n")
    assert lines[12] == "Bruno discard AC"
    lines[12] = f"Bruno discard KD {COMMENT}"  # Bruno holds no KD: T004
    lines.insert(1, TAG)
    return renamed("\n".join(lines), NAMES)


#: For each element of a selector: its units in the DOM's order, each with the boxes
#: of its start and its end (a unit may be wrapped over two rows). A unit is a
#: character of its text, but an isolated piece (<bdi>) that holds right-to-left letters is one
#: unit: inside it the letters are meant to run right to left. (The first 40 lines of
#: the log: its tags, deals, a comment and moves of each player.)
UNITS = r"""(selector) => [...document.querySelectorAll(selector)].map(root => {
  const rtl = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
  const units = [];
  const box = (r) => [r.left, r.right, r.top, r.bottom];
  const boxes = (rects) => [box(rects[0]), box(rects[rects.length - 1])];
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      for (let i = 0; i < node.data.length; i++) {
        if (/\s/.test(node.data[i])) continue;
        const range = document.createRange();
        range.setStart(node, i); range.setEnd(node, i + 1);
        units.push([node.data[i], boxes(range.getClientRects())]);
      }
    } else if (rtl.test(node.textContent) && (node.localName === 'bdi'
               || getComputedStyle(node).unicodeBidi !== 'normal')) {
      units.push([node.textContent, boxes(node.getClientRects())]);
    } else {
      node.childNodes.forEach(walk);
    }
  };
  walk(root);
  return {text: root.textContent, units: units};
})"""


def out_of_order(found: dict[str, Any]) -> list[str]:
    """The units of one element drawn before the unit that comes before them."""
    wrong = []
    units = found["units"]
    for (before, (_, (_, right, top, bottom))), (after, ((left, _, top2, bottom2), _)) in (
            pairwise(units)):
        below = top2 >= bottom - 2
        same_row = abs((top + bottom) / 2 - (top2 + bottom2) / 2) < 4
        if not (below or (same_row and left >= right - 1)):
            wrong.append(f"{after!r} drawn before {before!r} in {found['text']!r}")
    return wrong


def read_in_order(opened: Opened, selector: str) -> list[str]:
    drawn = opened.page.evaluate(UNITS, selector)
    assert drawn, selector
    return [problem for found in drawn for problem in out_of_order(found)]


WHERE_TEXT = ("#title, #where, .player h2, .meld .owner, .problems li, "
              "#lines li:nth-child(-n+40) .text")


@pytest.mark.parametrize("viewport", [DESKTOP, pytest.param(PHONE, marks=pytest.mark.slow)],
                         ids=["desktop", "phone"])
def test_unclosed_overrides_and_isolates_reorder_nothing(browser: Any, tmp_path: Path,
                                                        viewport: dict[str, int]) -> None:
    text = hostile_log()
    viewed = view_bytes(text.encode(), f"{OVERRIDE}tavolo.s40")
    result = viewed.games[0].result
    assert result.players == ("Anna", *NAMES.values())
    assert [(str(p.code), p.line) for p in result.violations] == [
        ("G009", 3), ("G009", 3), ("T004", 14)]
    path = tmp_path / "page.html"
    path.write_text(page(viewed), encoding="utf-8")
    opened = Opened(browser, path, viewport, "#L14")
    assert opened.drawn()["line"] == 14
    assert read_in_order(opened, WHERE_TEXT) == []
    where = opened.page.inner_text("#where")
    assert where == "Game 1, line 14, hand 1 (play), dealer Anna, \\u2067Carla's turn"
    box = opened.page.inner_text(".problems")
    assert "\\u202eBruno does not hold KD" in box
    lines = opened.page.evaluate(
        "[...document.querySelectorAll('#lines .text')].map(t => t.innerText)")
    assert lines[1] == terminal_safe(TAG)
    assert lines[13] == terminal_safe(f'"{NAMES["Bruno"]}" discard KD {COMMENT}')
    opened.page.keyboard.press("End")
    assert read_in_order(opened, WHERE_TEXT) == []
    assert opened.requests == [] and opened.errors == []
    opened.close()


def test_names_in_right_to_left_letters_keep_their_places(browser: Any,
                                                          tmp_path: Path) -> None:
    names = {"Bruno": "\u05d3\u05d5\u05d3", "Carla": "\u05e9\u05e8\u05d4 \u05dc\u05d5\u05d9"}
    text = renamed((ROOT / "fixtures/legal/three-players.s40").read_text(encoding="utf-8"),
                   names)
    viewed = view_bytes(text.encode(), "three.s40")
    assert viewed.games[0].result.players == ("Anna", *names.values())
    path = tmp_path / "page.html"
    path.write_text(page(viewed), encoding="utf-8")
    opened = Opened(browser, path, DESKTOP, "#L16")
    assert read_in_order(opened, WHERE_TEXT) == []
    # The Players tag: the names in the order they are written, left to right.
    lefts = opened.page.evaluate(LEFTS, ['#lines li[data-line="2"] .text',
                                         ["Anna", names["Bruno"], names["Carla"]]])
    assert None not in lefts and lefts == sorted(lefts)
    opened.close()


#: Where each of some texts starts on the screen, in an element (None if not found).
LEFTS = """([selector, texts]) => {
  const root = document.querySelector(selector);
  return texts.map(text => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.data.indexOf(text);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at); range.setEnd(node, at + text.length);
      return Math.min(...[...range.getClientRects()].map(r => r.left));
    }
    return null;
  });
}"""
