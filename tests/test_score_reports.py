"""Score reports: the HTML page, the Markdown summary and ``scala40 report``.

The HTML is parsed (html.parser into a small tree) and compared with the results it
was made from: every cell of the sheet, the totals, every violation, one chart line a
player, the threshold line. A last test opens it in a real headless Chromium, when
one is installed, and checks that a screenshot at phone width is drawn.
"""

from __future__ import annotations

import dataclasses
import re
import shutil
import struct
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from scala40cli.api import audit_text
from scala40cli.audit.pipeline import audit_path
from scala40cli.cli.main import main
from scala40cli.model.results import (
    Elimination,
    FileResult,
    GameResult,
    HandResult,
    Problem,
    TagValue,
)
from scala40cli.model.violations import Code
from scala40cli.reporting.charts import chart_series
from scala40cli.reporting.html_report import html_report
from scala40cli.reporting.markdown import markdown_report, sparkline_block
from scala40cli.reporting.text_report import closed_by

ROOT = Path(__file__).resolve().parent.parent
THREE_PLAYERS = ROOT / "fixtures" / "legal" / "three-players.s40"
ELIMINATION = ROOT / "fixtures" / "switches" / "elimination.s40"
FIXED_HANDS = ROOT / "fixtures" / "switches" / "fixed_hands.s40"
ILLEGAL = ROOT / "fixtures" / "illegal" / "T004-not-in-hand-discard.s40"
EVIL = '<b>&"'


# --- a small HTML tree ------------------------------------------------------------------

_VOID = frozenset({"meta", "br", "hr", "img", "input", "link", "col", "area", "base", "wbr"})


@dataclass
class Node:
    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Node | str] = field(default_factory=list)

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def walk(self) -> Iterator[Node]:
        yield self
        for child in self.children:
            if isinstance(child, Node):
                yield from child.walk()

    def find_all(self, tag: str, cls: str | None = None) -> list[Node]:
        return [n for n in self.walk()
                if n.tag == tag and (cls is None or cls in n.classes())]

    def find(self, tag: str, cls: str | None = None) -> Node:
        found = self.find_all(tag, cls)
        assert found, f"no <{tag} class={cls}>"
        return found[0]


class _TreeBuilder(HTMLParser):
    """Builds the tree and checks that every element is closed where it was opened."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#document")
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag not in _VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Node(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        assert self.stack[-1].tag == tag, f"</{tag}> closes <{self.stack[-1].tag}>"
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse(page: str) -> Node:
    builder = _TreeBuilder()
    builder.feed(page)
    builder.close()
    assert builder.stack == [builder.root], "unclosed elements"
    return builder.root


def articles(page: str) -> list[Node]:
    return parse(page).find_all("article", "game")


# --- sample games -----------------------------------------------------------------------


def _rename(game: GameResult, old: str, new: str) -> GameResult:
    """The same game with a player renamed everywhere."""

    def keys(scores: dict[str, int]) -> dict[str, int]:
        return {new if k == old else k: v for k, v in scores.items()}

    hands = tuple(dataclasses.replace(
        h, closer=new if h.closer == old else h.closer, dealer=h.dealer,
        penalties=keys(h.penalties), totals=keys(h.totals)) for h in game.hands)
    return dataclasses.replace(
        game, players=tuple(new if p == old else p for p in game.players), hands=hands,
        totals=keys(game.totals), winner=new if game.winner == old else game.winner,
        eliminated=tuple(Elimination(player=new if e.player == old else e.player, hand=e.hand)
                         for e in game.eliminated))


@pytest.fixture
def evil_file(finished_match: GameResult) -> FileResult:
    """A player named ``<b>&"``, a tag and a violation message full of markup."""
    return evil_result(finished_match, "discards <script>KH</script>")


def evil_result(finished_match: GameResult, deed: str) -> FileResult:
    """``finished_match`` with Bruno named ``<b>&"``, an ``[Event]`` tag closing the
    page's title, and one violation: that player, then ``deed``."""
    game = _rename(finished_match, "Bruno", EVIL)
    violation = Problem(code=Code.NOT_IN_HAND, message=f"{EVIL} {deed}",
                        line=9, column=1, hand=1, player=EVIL)
    game = dataclasses.replace(
        game, violations=(violation,),
        tags=(TagValue(name="Event", values=("</title><script>x()</script>",), line=1),))
    return FileResult(path='dir/<odd> & "name".s40', games=(game,))


def audited(*paths: Path) -> list[FileResult]:
    return [audit_path(str(path)) for path in paths]


# --- HTML: the sheet --------------------------------------------------------------------


def check_sheet(article: Node, game: GameResult) -> None:
    """Every cell of the sheet says what the results say."""
    table = article.find("table")
    head = [th.text() for th in table.find("thead").find_all("th")]
    assert head == ["Hand", *game.players, "Closed by"]
    rows = table.find("tbody").find_all("tr")
    assert len(rows) == len(game.hands)
    for row, hand in zip(rows, game.hands, strict=True):
        check_row(row, hand, game.players)
    footer = table.find("tfoot").find_all("td")
    assert [td.text() for td in footer[:-1]] == [str(game.totals[p]) for p in game.players]


def check_row(row: Node, hand: HandResult, players: tuple[str, ...]) -> None:
    assert row.find("th").text() == str(hand.number)
    cells = row.find_all("td")
    assert len(cells) == len(players) + 1
    for cell, player in zip(cells, players, strict=False):
        if player not in hand.penalties:
            assert "gone" in cell.classes() and cell.text() == ""
            continue
        assert cell.find("span", "pen").text() == str(hand.penalties[player])
        assert cell.find("span", "run").text().split()[0] == str(hand.totals[player])
        assert ("closer" in cell.classes()) == (player == hand.closer)
    assert cells[-1].text() == closed_by(hand)


def test_sheet_cells_and_totals_equal_the_results(legal_file: FileResult) -> None:
    (article,) = articles(html_report([legal_file]))
    check_sheet(article, legal_file.games[0])


def test_sheet_of_a_real_match_with_eliminations() -> None:
    files = audited(THREE_PLAYERS)
    game = files[0].games[0]
    assert game.eliminated, "the fixture should put players out"
    (article,) = articles(html_report(files))
    check_sheet(article, game)
    outs = [td for td in article.find_all("td", "goes-out")]
    assert len(outs) == len(game.eliminated)
    assert f"Winner: {game.winner}" in article.find("p", "winner").text()
    eliminated = article.find("p", "eliminated").text()
    for out in game.eliminated:
        assert f"{out.player} in hand {out.hand}" in eliminated


def test_a_game_and_its_facts(legal_file: FileResult) -> None:
    (article,) = articles(html_report([legal_file]))
    title = article.find("h2").text()
    assert "club/friday.s40" in title and "game 1" in title
    assert "Circolo Aurora, Friday night" in article.find("p", "event").text()
    facts = dict(zip((dt.text() for dt in article.find_all("dt")),
                     (dd.text() for dd in article.find_all("dd")), strict=True))
    assert facts["Players"] == "Anna, Bruno, Carla"
    assert facts["Date"] == "2026-11-12"
    assert facts["Rules"].startswith("classic")


def test_team_match_shows_teams_and_charts_them(team_file: FileResult) -> None:
    (article,) = articles(html_report([team_file]))
    assert "Anna+Carla (Anna, Carla) 40" in article.text()
    names = [p.attrs["data-name"] for p in article.find("svg", "chart").find_all("polyline")]
    assert names == ["Anna+Carla", "Bruno+Dario"]
    assert "play-off" in article.find("tbody").text()


# --- HTML: violations and file errors ---------------------------------------------------


def test_every_violation_is_listed(faulty_file: FileResult) -> None:
    page = html_report([faulty_file])
    games = articles(page)
    assert len(games) == 2
    for article, game in zip(games, faulty_file.games, strict=True):
        if game.ok:
            assert article.find_all("ol", "violations") == []
            assert "No violations" in article.find("p", "clean").text()
            continue
        items = article.find("ol", "violations").find_all("li")
        assert len(items) == len(game.violations)
        for item, problem in zip(items, game.violations, strict=True):
            assert item.find("code").text() == str(problem.code)
            assert f"line {problem.line}" in item.find("span", "where").text()
            assert item.find("span", "message").text() == problem.message
    errors = parse(page).find("section", "file-errors")
    assert "F003" in errors.text() and "Bruno meld 4D 5D XX" in errors.find("pre").text()


def test_the_page_counts_and_contents(faulty_file: FileResult, legal_file: FileResult) -> None:
    tree = parse(html_report([legal_file, faulty_file]))
    summary = tree.find("p", "summary").text()
    assert summary == "2 files, 3 games, 1 with violations, 2 violations, 1 file error"
    links = [a.attrs["href"] for a in tree.find("nav").find_all("a")]
    ids = [article.attrs["id"] for article in tree.find_all("article", "game")]
    assert links == [f"#{ident}" for ident in ids] and len(set(ids)) == 3


# --- HTML: the chart --------------------------------------------------------------------


def polylines(article: Node) -> list[Node]:
    return article.find("svg", "chart").find_all("polyline")


def test_one_polyline_a_player_with_a_point_a_hand_dealt(legal_file: FileResult) -> None:
    game = legal_file.games[0]
    (article,) = articles(html_report([legal_file]))
    lines = polylines(article)
    assert [line.attrs["data-name"] for line in lines] == list(game.players)
    for line, player in zip(lines, game.players, strict=True):
        dealt = sum(player in hand.penalties for hand in game.hands)
        assert len(line.attrs["points"].split()) == 1 + dealt
    # Told apart in grayscale too: every line has its own dash pattern and marker.
    assert len({line.attrs["stroke-dasharray"] for line in lines}) == len(lines)
    assert len({line.attrs["marker-mid"] for line in lines}) == len(lines)
    legend = article.find("ul", "legend").find_all("li")
    assert [item.text() for item in legend] == list(game.players)


def test_chart_points_follow_the_totals(legal_file: FileResult) -> None:
    """Higher totals are drawn higher (smaller y), hands further right."""
    game = legal_file.games[0]
    (series,) = [s for s in chart_series(game) if s.name == "Anna"]
    assert series.points == ((0, 0), (1, 23), (2, 23), (3, 123))
    (article,) = articles(html_report([legal_file]))
    points = [tuple(map(float, p.split(","))) for p in polylines(article)[0].attrs["points"]
              .split()]
    xs, ys = zip(*points, strict=True)
    assert list(xs) == sorted(xs) and ys[3] < ys[1] == ys[2] < ys[0]


def test_threshold_line_at_101_in_a_classic_game(legal_file: FileResult) -> None:
    (article,) = articles(html_report([legal_file]))
    (line,) = article.find("svg", "chart").find_all("line", "threshold")
    assert line.attrs["data-total"] == "101"
    assert "out at 101" in article.find("svg", "chart").text()


def test_no_threshold_line_with_elimination_none(team_file: FileResult) -> None:
    assert team_file.games[0].rules["elimination"] == "none"
    (article,) = articles(html_report([team_file]))
    assert article.find("svg", "chart").find_all("line", "threshold") == []
    (fixed,) = articles(html_report(audited(FIXED_HANDS)))
    assert fixed.find("svg", "chart").find_all("line", "threshold") == []


@pytest.mark.parametrize(("token", "players", "expected"), [
    ("101", 3, 101), ("501", 2, 501), ("50n+1", 2, 101), ("50n+1", 4, 201), ("none", 3, None),
])
def test_the_referee_gives_the_elimination_threshold(token: str, players: int,
                                                     expected: int | None) -> None:
    names = " ".join(f'"{name}"' for name in ("Anna", "Bruno", "Carla", "Dario")[:players])
    log = f"[Players {names}]\nhand 1\ndealer Anna\n"
    fixed = {"fixed_hands": 5} if token == "none" else {}
    (game,) = audit_text(log, rules={"elimination": token, **fixed}).games
    assert game.elimination_threshold == expected


def test_the_reports_draw_the_threshold_the_result_carries(finished_match: GameResult
                                                           ) -> None:
    """The charts take the threshold from the result, never from the rule's token."""
    game = dataclasses.replace(finished_match, elimination_threshold=151,
                               rules={**finished_match.rules, "elimination": "none"})
    (article,) = articles(html_report([FileResult(path="x.s40", games=(game,))]))
    (line,) = article.find("svg", "chart").find_all("line", "threshold")
    assert line.attrs["data-total"] == "151"
    text = markdown_report([FileResult(path="x.s40", games=(game,))])
    assert "Running totals after each hand (out at 151):" in text


def test_threshold_from_a_logged_rule() -> None:
    (article,) = articles(html_report(audited(ELIMINATION)))
    (line,) = article.find("svg", "chart").find_all("line", "threshold")
    assert line.attrs["data-total"] == "501"


# --- HTML: self-contained and escaped ---------------------------------------------------


def test_self_contained_no_script_no_url(faulty_file: FileResult, team_file: FileResult) -> None:
    page = html_report([faulty_file, team_file, *audited(THREE_PLAYERS)])
    lowered = page.lower()
    assert "<script" not in lowered
    assert "http://" not in lowered and "https://" not in lowered
    assert "@import" not in lowered and "@font-face" not in lowered
    assert re.findall(r"url\((?!#)", lowered) == []
    tree = parse(page)
    assert all(a.attrs["href"].startswith("#") for a in tree.find_all("a"))
    assert not [n for n in tree.walk() if "src" in n.attrs or n.tag in ("link", "iframe")]
    assert [n.tag for n in tree.walk() if any(k.startswith("on") for k in n.attrs)] == []
    assert tree.find("meta").attrs["charset"] == "utf-8"
    viewport = [m for m in tree.find_all("meta") if m.attrs.get("name") == "viewport"]
    assert "width=device-width" in viewport[0].attrs["content"]
    assert page.startswith("<!DOCTYPE html>")


def test_text_from_the_log_is_escaped(evil_file: FileResult) -> None:
    page = html_report([evil_file])
    assert EVIL not in page and "<script" not in page.lower()
    assert "&lt;b&gt;&amp;&quot;" in page
    (article,) = articles(page)
    assert article.find("thead").find_all("th")[2].text() == EVIL
    assert article.find("p", "winner").find("strong").text() == EVIL
    assert article.find("span", "message").text() == f"{EVIL} discards <script>KH</script>"
    assert article.find("p", "event").text() == "</title><script>x()</script>"
    assert 'dir/<odd> & "name".s40' in article.find("h2").text()
    names = [p.attrs["data-name"] for p in polylines(article)]
    assert names[1] == EVIL
    check_sheet(article, evil_file.games[0])


def test_no_games_no_hands() -> None:
    page = html_report([FileResult(path="empty.s40")])
    assert articles(page) == []
    assert "1 file, 0 games" in parse(page).find("p", "summary").text()


# --- Markdown ---------------------------------------------------------------------------


def test_markdown_sheet_outcome_and_running_totals(legal_file: FileResult) -> None:
    text = markdown_report([legal_file])
    assert text.startswith("## scala40\n\n1 file, 1 game, 0 with violations, 0 violations\n")
    assert "### `club/friday.s40`: game 1 (Circolo Aurora, Friday night)" in text
    assert "| Hand | Anna | Bruno | Carla | Closed by |" in text
    assert "| 2 | 0 | 40 | 60 | Anna (in one go) |" in text
    assert "| 3 | 100 | 0 |  | Bruno |" in text
    assert "| **Total** | **123** | **40** | **105** |  |" in text
    assert "Eliminated: Carla (hand 2), Anna (hand 3)" in text
    assert "Winner: **Bruno**" in text
    assert "Running totals after each hand (out at 101):" in text
    assert "| Player | Trend | 1 | 2 | 3 |" in text
    rows = {line.split(" | ")[0]: line for line in text.splitlines()
            if line.startswith(("| Anna |", "| Bruno |", "| Carla |"))}
    assert rows["| Anna"].endswith("| 23 | 23 | 123 out |")
    assert rows["| Carla"].endswith("| 45 | 105 out |  |")
    assert "Date: 2026-11-12" in text and "Players: Anna, Bruno, Carla" in text


def test_markdown_lists_violations_and_file_errors(faulty_file: FileResult) -> None:
    text = markdown_report([faulty_file])
    assert "- `club/saturday.s40` line 57: `F003` expected a card like 7H or JK" in text
    assert "2 violations:" in text
    for problem in faulty_file.games[1].violations:
        assert f"- line {problem.line}: `{problem.code}` {problem.message}" in text
    assert "Match not finished." in text


def test_markdown_without_elimination_and_with_teams(team_file: FileResult) -> None:
    text = markdown_report([team_file])
    assert "Running totals after each hand (no elimination):" in text
    assert "| Team | Trend | 1 | 2 | 3 |" in text
    assert "| Anna+Carla | `▄▅▅` | 30 | 40 | 40 |" in text  # 20+10, 20+20, 20+20 of 70
    assert "Teams: Anna+Carla (Anna, Carla) 40; Bruno+Dario (Bruno, Dario) 70" in text


def test_markdown_escapes_names_and_messages(evil_file: FileResult) -> None:
    text = markdown_report([evil_file])
    assert "<b>" not in text and "<script>" not in text
    assert '| Hand | Anna | \\<b\\>\\&" | Carla | Closed by |' in text
    assert 'Winner: **\\<b\\>\\&"**' in text
    assert "### `dir/<odd> & \"name\".s40`: game 1" in text  # in a code span: as is


def test_sparkline_blocks() -> None:
    assert [sparkline_block(v, 0, 100) for v in (0, 50, 100, 150, -5)] == list("▁▅██▁")
    assert sparkline_block(-100, -100, 100) == "▁"


# --- the command ------------------------------------------------------------------------


def run(*args: str, stdin: bytes | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin, catch_exceptions=False)


def test_report_markdown_to_standard_output() -> None:
    result = run("report", str(THREE_PLAYERS))
    assert result.exit_code == 0
    assert result.stdout.startswith("## scala40\n")
    assert "| Hand | Anna | Bruno | Carla | Closed by |" in result.stdout


def test_report_html_to_a_file_even_with_violations(tmp_path: Path) -> None:
    target = tmp_path / "report.html"
    result = run("report", "--format", "html", "--output", str(target), str(ILLEGAL))
    assert result.exit_code == 0 and result.stdout == ""
    page = target.read_text(encoding="utf-8")
    (article,) = articles(page)
    assert article.find("ol", "violations").find("code").text() == "T004"


def test_report_format_follows_the_output_suffix(tmp_path: Path) -> None:
    html_target, md_target = tmp_path / "r.HTML", tmp_path / "r.md"
    assert run("report", "-o", str(html_target), str(THREE_PLAYERS)).exit_code == 0
    assert run("report", "-o", str(md_target), str(THREE_PLAYERS)).exit_code == 0
    assert html_target.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert md_target.read_text(encoding="utf-8").startswith("## scala40")


def test_report_reads_standard_input_and_takes_rules() -> None:
    data = THREE_PLAYERS.read_bytes()
    result = run("report", "--format", "html", "--set", "elimination=201", "-", stdin=data)
    assert result.exit_code == 0
    (article,) = articles(result.stdout)
    assert "&lt;stdin&gt;" in result.stdout
    assert article.find("line", "threshold").attrs["data-total"] == "201"
    preset = run("report", "--rules", "fixed-hands", "-", stdin=data)
    assert preset.exit_code == 0 and "(no elimination)" in preset.stdout


def test_report_of_a_missing_file_shows_its_error_and_exits_1() -> None:
    result = run("report", "no-such-file.s40")
    assert result.exit_code == 1
    assert "`F001` cannot read the file" in result.stdout


@pytest.mark.parametrize("args", [
    ("report",),
    ("report", "--format", "pdf", "x.s40"),
    ("report", "--rules", "no-such-preset", "x.s40"),
    ("report", "--set", "elimination=7", "x.s40"),
])
def test_report_usage_errors_exit_2(args: tuple[str, ...]) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_report_to_an_unwritable_output_exits_2(tmp_path: Path) -> None:
    result = run("report", "-o", str(tmp_path / "no" / "such" / "dir.html"), str(THREE_PLAYERS))
    assert result.exit_code == 2
    assert "cannot write" in result.output


# --- a real browser ---------------------------------------------------------------------


def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.slow
@pytest.mark.parametrize(("width", "height"), [(412, 915), (1280, 900)])
def test_chromium_draws_the_page(tmp_path: Path, width: int, height: int) -> None:
    """Headless Chromium renders the report of a real match at phone and desktop width."""
    browser = _chromium()
    if browser is None:
        pytest.skip("chromium is not installed (apt-get install chromium)")
    page = tmp_path / "report.html"
    page.write_text(html_report(audited(THREE_PLAYERS)), encoding="utf-8")
    shot = tmp_path / "shot.png"
    command = [
        browser, "--headless", "--no-sandbox", "--disable-gpu",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--no-first-run", "--hide-scrollbars", f"--user-data-dir={tmp_path / 'profile'}",
        f"--screenshot={shot}", f"--window-size={width},{height}", page.as_uri(),
    ]
    done = subprocess.run(command, capture_output=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
    data = shot.read_bytes()
    assert _png_size(data) == (width, height)
    assert len(data) > 20_000, "a blank page compresses to a few KB"


# --- report takes the inputs replay takes -------------------------------------------------


def _logs(tmp_path: Path) -> Path:
    folder = tmp_path / "logs"
    (folder / "old").mkdir(parents=True)
    shutil.copy(ROOT / "fixtures" / "legal" / "two-players.s40", folder / "a.s40")
    shutil.copy(ROOT / "fixtures" / "legal" / "in-one-go.s40", folder / "old" / "b.s40")
    (folder / "notes.txt").write_text("not a log\n", encoding="utf-8")
    return folder


def test_report_of_a_folder_reports_every_log_below_it(tmp_path: Path) -> None:
    folder = _logs(tmp_path)
    result = run("report", str(folder))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[2] == "2 files, 2 games, 0 with violations, 0 violations"
    assert f"### `{folder}/a.s40`: game 1" in result.stdout
    assert f"### `{folder}/old/b.s40`: game 1" in result.stdout
    assert "F001" not in result.stdout


def test_report_of_a_pattern_and_of_standard_input(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    _logs(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = run("report", "logs/**/*.s40")
    assert result.exit_code == 0, result.output
    assert "### `logs/a.s40`: game 1" in result.stdout
    assert "### `logs/old/b.s40`: game 1" in result.stdout
    data = (ROOT / "fixtures" / "legal" / "two-players.s40").read_bytes()
    piped = CliRunner().invoke(main, ["report", "-"], input=data, catch_exceptions=False)
    assert piped.exit_code == 0
    assert "### `<stdin>`: game 1" in piped.stdout


@pytest.mark.parametrize("argument", ["missing.s40", "empty-folder", "nothing/*.s40"])
def test_report_exits_1_when_an_input_cannot_be_read(tmp_path: Path, argument: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "empty-folder").mkdir()
    monkeypatch.chdir(tmp_path)
    good = str(ROOT / "fixtures" / "legal" / "two-players.s40")
    result = run("report", good, argument, "-o", "report.md")
    assert result.exit_code == 1
    text = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert f"- `{argument}` line 1: `F001` " in text  # the report is written and says why
    assert "Winner: **Bruno**" in text


def test_report_exits_0_on_violations_and_1_on_a_syntax_error() -> None:
    illegal = ROOT / "fixtures" / "illegal"
    assert run("report", str(illegal / "T004-not-in-hand-meld.s40")).exit_code == 0
    assert run("report", str(illegal / "F003-syntax-error.s40")).exit_code == 1
    assert run("report", str(illegal / "F002-bad-encoding.s40")).exit_code == 1
