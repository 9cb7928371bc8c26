"""``scala40 view`` in a real browser: Chromium, driven by Playwright for Python.

The page must draw, at every line, the table ``scala40 show --format json`` prints for
that line, fetch nothing, and run no script a log brings. Chromium is the Debian
package (``.ci/run`` installs it); Playwright's own browser download is never used. In
CI (``CI`` set) a missing browser fails these tests instead of skipping them.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from corruptions import make_cases, source

from scala40cli.reporting.escape import terminal_safe
from scala40cli.viewing.documents import show_document
from scala40cli.viewing.loading import ViewedFile, view_bytes
from scala40cli.viewing.page import page

pytestmark = pytest.mark.slow  # a real browser: seconds a test (CI runs them all)

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = ROOT / "docs" / "images"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
DESKTOP, PHONE = {"width": 1280, "height": 860}, {"width": 390, "height": 844}

#: What the page draws, read off its elements (never off its data).
DRAWN = """() => {
  const t = document.getElementById('table');
  const codes = (root, sel) =>
    root ? [...root.querySelectorAll(sel)].map(c => c.dataset.card) : null;
  return {
    line: Number(t.dataset.line),
    players: [...t.querySelectorAll('.player')].map(p => ({
      name: p.dataset.player,
      hand: codes(p, '[data-role=hand] [data-card]'),
      unknown: Number(p.querySelector('[data-role=hand]').dataset.unknown),
      backs: p.querySelectorAll('[data-role=hand] .back').length,
      ghosts: [...p.querySelectorAll('[data-ghost]')].map(c => c.dataset.ghost)})),
    melds: [...t.querySelectorAll('.meld')].map(m => ({
      number: Number(m.dataset.meld), cards: codes(m, '[data-card]'),
      refused: m.classList.contains('refused')})),
    pile: codes(t, '[data-role=pile] [data-card]'),
    stock: Number(t.querySelector('[data-role=stock]').dataset.count),
    known: codes(t.querySelector('[data-role=known]'), '[data-card]'),
    current: Number(document.querySelector('#lines li.current').dataset.line),
  };
}"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
    if chromium is None or sync_playwright is None:
        why = "chromium or playwright is missing (apt-get install chromium; pip install playwright)"
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)
    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=chromium, args=ARGS)
        yield launched
        launched.close()


class Opened:
    """A page of the viewer in the browser, with what it asked of the network and any
    error or dialog it raised."""

    def __init__(self, browser: Any, path: Path, viewport: dict[str, int],
                 fragment: str = "", touch: bool = False, reader_style: str = "") -> None:
        self.requests: list[str] = []
        self.errors: list[str] = []
        # touch: a phone's browser (a finger, the mobile viewport), as Playwright emulates it;
        # reader_style: a reader's style sheet, forced on the page past its policy
        self.context = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch,
                                           bypass_csp=bool(reader_style))
        self.page = self.context.new_page()
        url = path.as_uri()
        self.page.on("request", self._request(url))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("dialog", lambda dialog: (self.errors.append("dialog"), dialog.dismiss()))
        self.page.route("**/*", lambda route: route.continue_() if route.request.url.split("#")[0]
                        == url else route.abort())
        self.page.goto(url + fragment)
        if reader_style:
            self.page.add_style_tag(content=reader_style)
            self.page.wait_for_timeout(100)  # what the page observes of its size, again

    def _request(self, url: str) -> Any:
        def record(request: Any) -> None:
            if request.url.split("#")[0] != url:
                self.requests.append(request.url)
        return record

    def drawn(self) -> dict[str, Any]:
        return self.page.evaluate(DRAWN)

    def close(self) -> None:
        self.context.close()


def _write(tmp_path: Path, viewed: ViewedFile, name: str = "page.html") -> Path:
    path = tmp_path / name
    path.write_text(page(viewed), encoding="utf-8")
    return path


def _corrupted_match() -> str:
    """A legal match with several of its lines corrupted (each one a rule broken by
    construction, tests/corruptions.py), line numbers kept."""
    legal = source("four-players")
    lines = list(legal.lines)
    used: set[int] = set()
    for case in make_cases([legal], per_game=1):
        if len(used) >= 10 or any(e.op == "insert" for e in case.edits):
            continue
        if any(e.line in used for e in case.edits):
            continue
        for edit in case.edits:
            used.add(edit.line)
            lines[edit.line - 1] = (edit.text if edit.op == "replace"
                                    else f"; corrupted, removed: {lines[edit.line - 1]}")
    assert len(used) >= 5
    return "\n".join(lines) + "\n"


def _same(drawn: dict[str, Any], shown: dict[str, Any]) -> None:
    line = shown["line"]
    assert drawn["players"] == [
        {"name": p["name"], "hand": p["hand"], "unknown": p["unknown"],
         "backs": min(p["unknown"], 14), "ghosts": drawn_ghosts}
        for p, drawn_ghosts in zip(shown["players"], [d["ghosts"] for d in drawn["players"]],
                                   strict=True)], line
    assert drawn["melds"] == [{"number": m["number"], "cards": m["cards"],
                               "refused": m["refused"]} for m in shown["melds"]], line
    assert drawn["pile"] == shown["pile"], line
    assert drawn["stock"] == shown["stock"]["count"], line
    assert drawn["known"] == shown["stock"]["known"], line


def test_every_violation_of_a_corrupted_match_is_drawn_as_show_prints_it(
        browser: Any, tmp_path: Path) -> None:
    viewed = view_bytes(_corrupted_match().encode(), "corrupted.s40")
    game = viewed.games[0]
    wanted = sorted({p.line for p in game.result.violations})
    assert len(wanted) >= 5
    opened = Opened(browser, _write(tmp_path, viewed), DESKTOP)
    page_ = opened.page
    page_.keyboard.press("Home")
    visited = []
    for _ in range(len(wanted) + 1):
        page_.keyboard.press("n")
        drawn = opened.drawn()
        if visited and drawn["line"] == visited[-1]:
            break  # no violation further on
        visited.append(drawn["line"])
        shown = show_document(viewed, game, drawn["line"])
        _same(drawn, shown)
        assert drawn["current"] == drawn["line"]
        as_data = page_.evaluate("window.scala40.table()")
        assert as_data == {key: shown[key] for key in as_data}
        not_held = [c for p in shown["on_line"] if p["code"] == "T004"
                    for c in _ghosts_expected(shown, p)]
        assert sorted(c for d in drawn["players"] for c in d["ghosts"]) == sorted(not_held)
    assert visited == [line for line in wanted if game.at(line).line == line]
    page_.keyboard.press("p")
    assert opened.drawn()["line"] == visited[-2]
    assert opened.requests == [] and opened.errors == []
    opened.close()


def _ghosts_expected(shown: dict[str, Any], problem: dict[str, Any]) -> list[str]:
    """The cards of a T004 line that the player's hand before it lacked, from ``show``."""
    from collections import Counter

    words = (shown["text"] or "").split(";")[0].split()
    before = shown["before"] or shown
    held = Counter(next(p["hand"] for p in before["players"] if p["name"] == problem["player"]))
    verb = words[1] if len(words) > 1 else ""
    written = {"discard": words[2:3], "swap": words[2:3], "meld": words[2:],
               "attach": words[2:-2]}.get(verb, [])
    missing = []
    for code in (w.split("(")[0] for w in written):
        if held[code] > 0:
            held[code] -= 1
        else:
            missing.append(code)
    return missing


def test_every_line_of_a_log_with_unknown_cards_matches_show(browser: Any,
                                                             tmp_path: Path) -> None:
    path = ROOT / "fixtures/table/walk-through.s40"
    viewed = view_bytes(path.read_bytes(), "walk-through.s40")
    opened = Opened(browser, _write(tmp_path, viewed), PHONE)
    game = viewed.games[0]
    opened.page.keyboard.press("Home")
    seen = 0
    for step in game.steps:
        drawn = opened.drawn()
        assert drawn["line"] == step.line
        _same(drawn, show_document(viewed, game, step.line))
        opened.page.keyboard.press("ArrowRight")
        seen += 1
    assert seen > 10 and opened.requests == [] and opened.errors == []
    opened.close()


def test_keys_and_clicks_step_through_the_log(browser: Any, tmp_path: Path) -> None:
    path = ROOT / "fixtures/legal/several-games.s40"
    viewed = view_bytes(path.read_bytes(), "several-games.s40")
    opened = Opened(browser, _write(tmp_path, viewed), DESKTOP)
    keys = opened.page.keyboard
    keys.press("End")
    last = viewed.games[-1]
    assert opened.drawn()["line"] == last.steps[-1].line
    keys.press("Home")
    first = opened.drawn()["line"]
    assert first == viewed.games[0].steps[0].line
    keys.press("PageDown")
    hands = opened.page.evaluate("window.scala40.table().hand")
    assert hands == 1
    keys.press("ArrowDown")
    turn = opened.page.evaluate("window.scala40.table().turn")
    keys.press("ArrowDown")
    assert opened.page.evaluate("window.scala40.table().turn") != turn
    target = last.steps[len(last.steps) // 2].line
    opened.page.click(f"#lines li[data-line='{target}']")
    assert opened.drawn()["line"] == target
    _same(opened.drawn(), show_document(viewed, last, target))
    opened.close()


HOSTILE = (
    '[Event "<script>window.__pwned = 1</script>"]\n'
    '[Site "</script><script>window.__pwned = 2</script>"]\n'
    '[Players "<img src=x onerror=window.__pwned=3>" "\u202eanuB\u202c"]\n'
    "hand 1\n"
    'dealer "<img src=x onerror=window.__pwned=3>"\n'
    'deal "<img src=x onerror=window.__pwned=3>" 2S 9S 10S JS QS AH QH 3C 8C 10C QC 5D 6D\n'
    'deal "\u202eanuB\u202c" 7S KS 2H 3H 4H 5H 6H 4C 7C KC 7D 9D KD\n'
    "upcard 5S\n"
    '"\u202eanuB\u202c" draw 8H\n'
    '"\u202eanuB\u202c" discard KH ; <svg onload=window.__pwned=4>\n')


def test_a_hostile_log_runs_no_script_and_reorders_no_text(browser: Any,
                                                           tmp_path: Path) -> None:
    viewed = view_bytes(HOSTILE.encode(), '<img src=x onerror="window.__pwned=5">.s40')
    assert viewed.games and viewed.games[0].result.players[0].startswith("<img")
    path = _write(tmp_path, viewed)
    opened = Opened(browser, path, DESKTOP)
    page_ = opened.page
    for key in ("End", "Home", "ArrowRight", "ArrowRight", "n"):
        page_.keyboard.press(key)
    assert page_.evaluate("window.__pwned") is None
    assert page_.evaluate("document.querySelectorAll('img, svg, iframe, object').length") == 0
    names = page_.evaluate(
        "[...document.querySelectorAll('.player .name')].map(n => n.textContent)")
    assert names == [terminal_safe(name) for name in viewed.games[0].result.players]
    isolated = page_.evaluate("""[...document.querySelectorAll('.player .name, h1 bdi')]
        .map(n => getComputedStyle(n).unicodeBidi)""")
    assert isolated and set(isolated) == {"isolate"}  # tests/test_viewer_bidi.py: the rest
    assert page_.evaluate("document.title").startswith("scala40 view: <img")
    assert opened.requests == []
    assert [e for e in opened.errors if "dialog" in e] == []
    opened.close()


def test_screenshots_of_the_viewer_at_desktop_and_phone_widths(browser: Any,
                                                               tmp_path: Path) -> None:
    path = ROOT / "docs/examples/game.s40"
    viewed = view_bytes(path.read_bytes(), "game.s40")
    written = _write(tmp_path, viewed)
    folder = SCREENSHOTS if os.environ.get("SCALA40_SCREENSHOTS") else tmp_path
    for name, viewport in (("viewer-desktop.png", DESKTOP), ("viewer-phone.png", PHONE)):
        opened = Opened(browser, written, viewport, "#L19")
        assert opened.drawn()["line"] == 19
        assert opened.drawn()["players"][0]["ghosts"] == ["KH"]
        width = opened.page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"]  # nothing wider than a phone's screen
        opened.page.screenshot(path=str(folder / name), full_page=name.endswith("phone.png"))
        assert opened.requests == [] and opened.errors == []
        opened.close()


def test_cards_are_labelled_for_screen_readers(browser: Any, tmp_path: Path) -> None:
    path = ROOT / "fixtures/legal/joker-swap.s40"
    viewed = view_bytes(path.read_bytes(), "joker-swap.s40")
    opened = Opened(browser, _write(tmp_path, viewed), DESKTOP)
    opened.page.keyboard.press("End")
    labels = opened.page.evaluate(
        "[...document.querySelectorAll('#table .card')].map(c => c.getAttribute('aria-label'))")
    assert labels and all(labels)
    assert any(re.fullmatch(r"(ace|[2-9]|10|jack|queen|king) of (hearts|spades|clubs|"
                            r"diamonds)", label) for label in labels)
    opened.close()


@pytest.mark.slow
@pytest.mark.parametrize("fixture", sorted((ROOT / "fixtures").rglob("*.s40")),
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_fixture_is_drawn_as_show_prints_it(browser: Any, tmp_path: Path,
                                                 fixture: Path) -> None:
    viewed = view_bytes(fixture.read_bytes(), fixture.name)
    opened = Opened(browser, _write(tmp_path, viewed), DESKTOP)
    for game in viewed.games:
        lines = {game.steps[-1].line, *(p.line for p in game.result.violations)}
        for line in sorted(lines):
            opened.page.evaluate(f"window.scala40.goLine({line})")
            drawn = opened.drawn()
            _same(drawn, show_document(viewed, game, drawn["line"]))
    assert opened.requests == [] and opened.errors == []
    opened.close()
