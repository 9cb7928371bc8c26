"""``scala40 play`` under the WCAG criteria axe-core cannot check. A whole match by
keyboard alone, at the 320 CSS px of 1.4.10 (a 1280 px window zoomed to 400 %) and on a
computer's window: after every key what has focus shows its ring (2.4.7), stands in the
window and is covered by nothing (2.4.11), and the ring stands 3:1 against what is
around it (1.4.11). With 1.4.12's text spacing, nothing is cut."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")

from test_pages_reflow import BORDERS, CUT, SPACING
from test_play_access import opened_page, played_until
from test_play_browser import IDLE
from test_viewer_browser import DESKTOP
from test_viewer_browser import browser as browser  # the shared Chromium fixture

from scala40cli.playing.controller import Controller, Options

pytestmark = pytest.mark.slow  # a real browser: a whole match takes a minute

NARROW = {"width": 320, "height": 568}

#: What has focus, and whether it is seen: its ring, its place in the window, whether
#: another element covers its middle, and the contrast of its ring with the page's
#: background behind it (the nearest ancestor's painted colour).
SEEN = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const r = e.getBoundingClientRect(), cs = getComputedStyle(e);
  const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
  const y = Math.min(Math.max(r.top + Math.min(r.height / 2, 12), 0), innerHeight - 1);
  const top = document.elementFromPoint(x, y);
  const rgb = c => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = c => { const v = rgb(c).slice(0, 3).map(u => { u /= 255;
    return u <= 0.03928 ? u / 12.92 : Math.pow((u + 0.055) / 1.055, 2.4); });
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
  let back = e.parentElement, paint = 'rgb(255, 255, 255)';
  while (back) { const b = getComputedStyle(back).backgroundColor;
    if (rgb(b).length === 3 || rgb(b)[3] === 1) { paint = b; break; } back = back.parentElement; }
  const ring = cs.outlineStyle === 'auto' ? null
             : [lum(cs.outlineColor), lum(paint)].sort((a, b) => b - a);
  return {what: e.dataset.do || e.dataset.code || e.id || e.tagName,
          visible: e.matches(':focus-visible') && (cs.outlineStyle !== 'none'
                   && parseFloat(cs.outlineWidth) >= 2 || cs.outlineStyle === 'auto'),
          inWindow: r.top >= -1 && r.bottom <= innerHeight + 1 && r.left >= -1
                    && r.right <= innerWidth + 1 || r.height > innerHeight,
          covered: !(top && (top === e || e.contains(top))),
          contrast: ring ? (ring[0] + 0.05) / (ring[1] + 0.05) : 21}; }"""


def _checked(page: Any, name: str, log: list[str]) -> Any:
    page.keyboard.press(name)
    page.wait_for_function(IDLE)
    seen = page.evaluate(SEEN)
    if seen is not None:
        bad = [k for k in ("visible", "inWindow") if not seen[k]] + \
              (["covered"] if seen["covered"] else []) + \
              (["contrast"] if seen["contrast"] < 3 else [])
        if bad:
            log.append(f"{name} -> {seen['what']}: {bad} {seen}")
    return seen


@pytest.mark.parametrize("viewport", [NARROW, DESKTOP], ids=["320-px", "desktop"])
def test_focus_is_seen_through_a_whole_match_played_by_keyboard(
        browser: Any, tmp_path: Path, viewport: dict[str, int]) -> None:
    controller = Controller(Options(seed="focus-match", save_dir=tmp_path, language="en"))
    problems: list[str] = []
    keys = 0
    with opened_page(browser, controller, viewport) as page:
        for _ in range(3000):
            phase = controller.state()["phase"]
            if phase == "match_over":
                break
            if phase in ("hand_over", "offer"):
                _checked(page, "Enter" if phase == "hand_over" else "Escape", problems)
            elif phase == "draw":
                _checked(page, "s", problems)
            else:
                _checked(page, "x", problems)
                if controller.state()["phase"] == "play":
                    _checked(page, "ArrowRight", problems)
            keys += 1
        assert controller.state()["phase"] == "match_over"
        _checked(page, "Tab", problems)
        _checked(page, "Tab", problems)
    assert keys > 20 and problems == [], problems[:5]


@pytest.mark.parametrize("viewport", [NARROW, DESKTOP], ids=["320-px", "desktop"])
def test_text_spacing_cuts_nothing_on_the_play_page(
        browser: Any, tmp_path: Path, viewport: dict[str, int]) -> None:
    controller = Controller(Options(seed="spacing", save_dir=tmp_path, language="it"))
    with opened_page(browser, controller, viewport) as page:
        page.add_style_tag(content=SPACING)
        _checked(page, "s", [])  # drawn: the hand at its longest
        assert page.evaluate(CUT) == []
        assert page.evaluate("document.scrollingElement.scrollWidth") <= viewport["width"]


def test_a_meld_on_the_table_stands_3_to_1_against_the_felt(browser: Any,
                                                            tmp_path: Path) -> None:
    """WCAG 1.4.11: a meld is a button (attach to it); its edge, #3d8a67 on the felt,
    was 1.9:1, and its dark green inside barely differs from the felt."""
    controller = Controller(Options(seed="melds", save_dir=tmp_path, language="en"))
    played_until(controller, lambda state: len(state["table"]) > 0)
    with opened_page(browser, controller, DESKTOP) as page:
        contrasts = page.evaluate(BORDERS, "#table .meld")
        assert contrasts and min(contrasts) >= 3, contrasts
