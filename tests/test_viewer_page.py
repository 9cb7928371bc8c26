"""``scala40 view``'s page without a browser: what it holds, how big it is, where it is
written, and the report's links to it (tests/test_viewer_browser.py runs it)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_make_matches import mm

from scala40cli.cli.main import main
from scala40cli.viewing.loading import view_bytes
from scala40cli.viewing.page import page

ROOT = Path(__file__).resolve().parent.parent
LEGAL = ROOT / "fixtures/legal/two-players.s40"


def _data(html: str) -> dict:
    found = re.search(r'<script type="application/json" id="data">(.*?)</script>', html, re.S)
    assert found is not None
    return json.loads(found.group(1))


#: docs/viewer.md: "a 20-hand match of 6 players is a page of under 500 KB".
MOST_BYTES = 500_000
TWENTY_HANDS = (("elimination", "none", "test"), ("fixed_hands", "20", "test"))


def _simulated(level: str, seed: int) -> str:
    """A 20-hand match of 6 bots of ``level``, as ``scala40 simulate`` writes it (the
    easy bots play the longest hands, so theirs are the biggest pages)."""
    from scala40cli.judging.rulebook.rules import RuleChoice
    from scala40cli.simulate.runner import game_text, make_setup, simulate_game

    setup = make_setup(players=6, levels=level, choice=RuleChoice(values=TWENTY_HANDS),
                       seed=seed, max_hands=20)
    return game_text(simulate_game(setup, 1))


def _page_bytes(text: str) -> int:
    viewed = view_bytes(text.encode(), "long.s40")
    assert len(viewed.games) == 1 and text.count("\nhand ") == 20
    html = page(viewed)
    assert len(_data(html)["games"][0]["tables"]) == len(viewed.games[0].steps) > 1000
    return len(html.encode())


@pytest.mark.slow
def test_a_20_hand_match_of_6_players_is_a_page_under_500_kb() -> None:
    assert _page_bytes(_simulated("easy", 3)) < MOST_BYTES  # 336 KB; 762 KB before


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "normal", "hard", "make_matches"])
def test_every_20_hand_match_of_6_players_is_a_page_under_500_kb(level: str) -> None:
    for seed in range(1, 5):
        if level == "make_matches":
            rules = mm.preset_rules("classic", {"elimination": "none", "fixed_hands": "20"})
            text = mm.generate(6, seed, max_hands=20, rules=rules)[0]
        else:
            text = _simulated(level, seed)
        assert _page_bytes(text) < MOST_BYTES, (level, seed)


def test_the_page_fetches_nothing_and_runs_only_its_own_script() -> None:
    html = page(view_bytes(LEGAL.read_bytes(), "two.s40"))
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html)
    assert policy is not None and "default-src 'none'" in policy.group(1)
    assert "'unsafe-inline'" not in policy.group(1)
    assert not re.search(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", html)
    assert "@import" not in html and "url(" not in html


def test_the_log_cannot_close_the_data_element() -> None:
    text = LEGAL.read_text(encoding="utf-8").replace(
        '[Players "Anna" "Bruno"]', '[Event "</script><script>alert(1)</script>&amp;"]\n'
        '[Players "Anna" "Bruno"]')
    html = page(view_bytes(text.encode(), "</script>.s40"))
    assert html.count("</script>") == 2  # the data's end and the script's, no other
    data = _data(html)
    assert any("</script><script>alert(1)" in line for line in data["lines"])
    assert data["file"] == "</script>.s40"
    assert "<title>scala40 view: &lt;/script&gt;.s40</title>" in html


@pytest.mark.slow
def test_view_writes_a_page_a_file_and_the_report_links_to_them(tmp_path: Path) -> None:
    logs = [tmp_path / "a.s40", tmp_path / "b.s40"]
    for log, source in zip(logs, ("legal/two-players.s40", "illegal/T004-not-in-hand-meld.s40"),
                           strict=True):
        log.write_bytes((ROOT / "fixtures" / source).read_bytes())
    pages = tmp_path / "pages"
    pages.mkdir()
    runner = CliRunner()
    done = runner.invoke(main, ["view", *map(str, logs), "-o", str(pages)])
    assert done.exit_code == 0, done.output
    assert sorted(p.name for p in pages.iterdir()) == ["a.html", "b.html"]
    refused = runner.invoke(main, ["view", *map(str, logs), "-o", str(tmp_path / "x.html")])
    assert refused.exit_code == 2
    alone = runner.invoke(main, ["view", str(logs[0])])
    assert alone.exit_code == 0 and (tmp_path / "a.html").is_file()
    missing = runner.invoke(main, ["view", str(tmp_path / "none.s40")])
    assert missing.exit_code == 1 and "cannot read" in missing.output
    report = pages / "report.html"
    done = runner.invoke(main, ["report", *map(str, logs), "-o", str(report)])
    assert done.exit_code == 0, done.output
    written = report.read_text(encoding="utf-8")
    assert 'href="a.html#L1"' in written and 'href="b.html#L3"' in written
    elsewhere = tmp_path / "other" / "report.html"
    elsewhere.parent.mkdir()
    runner.invoke(main, ["report", str(logs[0]), "-o", str(elsewhere)])
    assert 'href="../a.html#L1"' in elsewhere.read_text(encoding="utf-8")


def test_view_a_json_lines_log(tmp_path: Path) -> None:
    from scala40cli.reporting.events_jsonl import s40_to_jsonl

    converted = s40_to_jsonl(LEGAL.read_bytes())
    assert isinstance(converted, str)
    log = tmp_path / "two.jsonl"
    log.write_text(converted, encoding="utf-8")
    done = CliRunner().invoke(main, ["view", str(log), "-o", "-"])
    assert done.exit_code == 0
    data = _data(done.output)
    assert data["lines"][0].startswith("{") and len(data["games"][0]["tables"]) > 10


@pytest.mark.slow
def test_view_makes_the_folder_an_output_ending_in_a_slash_names(tmp_path: Path) -> None:
    logs = [tmp_path / "a.s40", tmp_path / "sub" / "a.s40", tmp_path / "b.s40"]
    for log in logs:
        log.parent.mkdir(exist_ok=True)
        log.write_bytes((ROOT / "fixtures" / "legal" / "two-players.s40").read_bytes())
    runner = CliRunner()
    done = runner.invoke(main, ["view", str(logs[0]), str(logs[2]), "-o", f"{tmp_path}/new/"])
    assert done.exit_code == 0, done.output
    assert sorted(p.name for p in (tmp_path / "new").iterdir()) == ["a.html", "b.html"]
    one = runner.invoke(main, ["view", str(logs[0]), "-o", f"{tmp_path}/one/"])
    assert one.exit_code == 0 and (tmp_path / "one" / "a.html").is_file()
    clash = runner.invoke(main, ["view", str(logs[0]), str(logs[1]), "-o", f"{tmp_path}/c/"])
    assert clash.exit_code == 2 and "same page" in clash.output
    assert not (tmp_path / "c" / "a.html").exists()
    (tmp_path / "file").write_text("kept")
    onto_file = runner.invoke(main, ["view", str(logs[0]), str(logs[2]), "-o", f"{tmp_path}/file/"])
    assert onto_file.exit_code == 2 and (tmp_path / "file").read_text() == "kept"


def test_the_report_links_each_violation_to_its_line_on_the_viewer_page(
        tmp_path: Path) -> None:
    from scala40cli import api

    log = tmp_path / "b.s40"
    text = (ROOT / "fixtures/illegal/T004-not-in-hand-meld.s40").read_text(encoding="utf-8")
    log.write_text(text + "[Players \"Anna\" \"Bruno\"]\nhand 1 2\n", encoding="utf-8")
    found = api.audit_file(log)
    # In the report's order: the file's errors, then each game's violations.
    lines = [p.line for p in found.errors] + [p.line for g in found.games for p in g.violations]
    assert 18 in lines and found.errors  # the T004, and a syntax error
    runner = CliRunner()
    assert runner.invoke(main, ["view", str(log)]).exit_code == 0
    report = tmp_path / "report.html"
    runner.invoke(main, ["report", str(log), "-o", str(report)])
    written = report.read_text(encoding="utf-8")
    items = re.findall(r'<li><span class="where">(.*?)</span>', written)
    assert len(items) == len(lines)
    for line, item in zip(lines, items, strict=True):
        assert item.startswith(f'<a href="b.html#L{line}" '), item
        assert f">line {line}</a>" in item
    (tmp_path / "b.html").unlink()  # no viewer page: the lines are not links
    runner.invoke(main, ["report", str(log), "-o", str(report)])
    assert "#L" not in report.read_text(encoding="utf-8")


def test_view_takes_a_folder_and_a_pattern_as_replay_does(tmp_path: Path) -> None:
    """``scala40 view logs/ -o pages/`` said "cannot read: Is a directory"."""
    logs = tmp_path / "logs"
    (logs / "old").mkdir(parents=True)
    for name in ("sheet.s40", "typo.s40"):
        (logs / "old" / name).write_bytes((ROOT / "docs" / "examples" / name).read_bytes())
    runner = CliRunner()
    done = runner.invoke(main, ["view", str(logs), "-o", f"{tmp_path}/pages/"])
    assert done.exit_code == 0, done.output
    assert sorted(p.name for p in (tmp_path / "pages").iterdir()) == ["sheet.html", "typo.html"]
    nothing = runner.invoke(main, ["view", str(logs / "*.jsonl"), str(logs / "old" / "sheet.s40")])
    assert nothing.exit_code == 1 and "no file matches this pattern" in nothing.output
    assert (logs / "old" / "sheet.html").is_file()


def test_two_logs_of_one_name_are_linked_each_to_its_own_page(tmp_path: Path) -> None:
    from scala40cli.cli.view_pages import viewer_pages

    def page_of(name: str) -> str:
        return f'<script type="application/json" id="data">{{"file":"{name}","lines":[]}}'

    for folder in ("a", "b", "c", "pages"):
        (tmp_path / folder).mkdir()
    logs = [str(tmp_path / folder / "game.s40") for folder in ("a", "b")]
    (tmp_path / "a" / "game.html").write_text(page_of("game.s40"))
    (tmp_path / "b" / "game.html").write_text(page_of("game.s40"))
    # a page in the report's folder of a log named game.s40: which one, it cannot say
    (tmp_path / "pages" / "game.html").write_text(page_of("game.s40"))
    (tmp_path / "pages" / "solo.html").write_text(page_of("solo.s40"))
    solo = str(tmp_path / "c" / "solo.s40")
    report = str(tmp_path / "pages" / "report.html")
    assert viewer_pages([*logs, solo], report) == {
        logs[0]: "../a/game.html", logs[1]: "../b/game.html", solo: "solo.html"}
    # one log of that name alone: the report's folder's page is its own
    assert viewer_pages([logs[0]], report) == {logs[0]: "game.html"}
