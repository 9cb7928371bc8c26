"""Score reports as one self-contained HTML page: ``scala40 report --format html``.

For each game: its title and tags, the players and rules, the score sheet (one row a
hand, one column a player, who closed and how, the totals), the eliminations and the
winner, the violations, and a line chart of each player's running total by hand with
the elimination threshold. Everything is inline: the CSS, the SVG chart, no JavaScript,
no URL of any kind (not even a font or an SVG namespace), so the file opens the same
from a disk, a CI artifact or a mail, and on a phone (the sheet scrolls sideways when
it is wider than the screen).

Every text taken from a log (paths, tags, names, messages) goes through :func:`esc`.
The chart is drawn by :mod:`scala40cli.reporting.svg_chart` from the data of
:mod:`scala40cli.reporting.charts`, which the Markdown report shows as a table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from scala40cli.model.results import Closing, FileResult, GameResult, HandResult, Problem
from scala40cli.reporting.charts import chart_series
from scala40cli.reporting.escape import html_text, xml_neutral
from scala40cli.reporting.summary import Summary, plural
from scala40cli.reporting.svg_chart import legend, svg_chart
from scala40cli.reporting.text_report import (
    closed_by,
    penalty_text,
    rules_summary,
    sheet_legends,
    teams_summary,
)

#: Tags shown in the title or in their own lines rather than in the list of tags.
_OWN_TAGS = frozenset({"Players", "Rules", "Rule", "Event"})


def esc(text: object) -> str:
    """Text for HTML content or a quoted attribute, terminal-safe (the page may be
    printed to a terminal or a CI log)."""
    return html_text(text)


# --- the score sheet --------------------------------------------------------------------


def sheet_table(game: GameResult) -> str:
    """One row a hand: each player's penalty (and running total below it), who closed.

    A player not dealt in has an empty, hatched cell; the closer's cell is marked, and
    the total of a player going out is flagged ``out``.
    """
    if not game.hands:
        return '<p class="empty">No hands played.</p>'
    out_at = {(out.hand, out.player) for out in game.eliminated}
    head = "".join(f'<th scope="col">{esc(player)}</th>' for player in game.players)
    rows = [_hand_row(hand, game.players, out_at) for hand in game.hands]
    totals = "".join(f'<td class="num total">{game.totals.get(player, 0)}</td>'
                     for player in game.players)
    return (
        '<div class="sheet" role="region" aria-label="score sheet" tabindex="0"><table>'
        f'<thead><tr><th scope="col">Hand</th>{head}<th scope="col">Closed by</th></tr></thead>'
        f'<tbody>{"".join(rows)}</tbody>'
        f'<tfoot><tr><th scope="row">Total</th>{totals}<td></td></tr></tfoot>'
        "</table></div>"
    )


def _hand_row(hand: HandResult, players: Sequence[str], out_at: set[tuple[int, str]]) -> str:
    cells = [_score_cell(hand, player, (hand.number, player) in out_at) for player in players]
    closing = "closed" if hand.closing in (Closing.NORMAL, Closing.IN_ONE_GO) else "no-close"
    return (f'<tr><th scope="row">{hand.number}</th>{"".join(cells)}'
            f'<td class="closed-by {closing}">{esc(closed_by(hand))}</td></tr>')


def _score_cell(hand: HandResult, player: str, goes_out: bool) -> str:
    if player not in hand.penalties:
        return '<td class="gone" title="not dealt in"></td>'
    classes = ["num"] + (["closer"] if player == hand.closer else [])
    run = f'<span class="run">{hand.totals.get(player, 0)}</span>'
    if goes_out:
        classes.append("goes-out")
        run = f'<span class="run">{hand.totals.get(player, 0)} <b>out</b></span>'
    return (f'<td class="{" ".join(classes)}"><span class="pen">'
            f"{esc(penalty_text(hand, player))}</span>{run}</td>")


# --- a game, a file, the page -----------------------------------------------------------


def game_html(path: str, game: GameResult, ident: str, viewer: str | None = None) -> str:
    """One game as an ``<article>``: title, facts, sheet, outcome, chart, violations;
    with ``viewer``, the address of the file's viewer page, a link to the game in it."""
    event = ", ".join(v for t in game.tags if t.name == "Event" for v in t.values)
    badge = ('<span class="badge ok">legal</span>' if game.ok else
             f'<span class="badge bad">{plural(len(game.violations), "violation")}</span>')
    subtitle = f'<p class="event">{esc(event)}</p>' if event else ""
    return "\n".join([
        f'<article class="game" id="{ident}">',
        f"<h2>{esc(path)} <span class=\"index\">game {game.index}</span> {badge}</h2>",
        subtitle,
        _viewer_link(viewer, game),
        _facts(game),
        _outcome(game),
        '<div class="panels">',
        _sheet_panel(game),
        _chart_figure(game, ident) if game.hands else "",
        "</div>",
        _violations(game.violations, viewer),
        "</article>",
    ])


def _viewer_link(viewer: str | None, game: GameResult) -> str:
    if viewer is None:
        return ""
    return (f'<p class="viewer"><a href="{esc(viewer)}#L{game.line}">Step through game '
            f"{game.index} in the viewer</a></p>")


def _sheet_panel(game: GameResult) -> str:
    note = ('<p class="note">Each cell: the penalty of the hand, and under it the running '
            "total.</p>" if game.hands else "")
    note += "".join(f'<p class="note">{esc(legend)}.</p>' for legend in sheet_legends(game))
    return f'<section class="sheet-panel"><h3>Score sheet</h3>{sheet_table(game)}{note}</section>'


def _facts(game: GameResult) -> str:
    rows = [("Players", ", ".join(game.players) or "(none)")]
    hidden = _OWN_TAGS | ({"Teams"} if game.teams else set())
    rows += [(tag.name, ", ".join(tag.values)) for tag in game.tags if tag.name not in hidden]
    rows.append(("Rules", rules_summary(game.rules, game.rule_sources, game.preset)))
    if game.teams:
        rows.append(("Teams", teams_summary(game.teams)))
    rows.append(("Starts at", f"line {game.line}"))
    items = "".join(f"<dt>{esc(name)}</dt><dd>{esc(value)}</dd>" for name, value in rows)
    return f'<dl class="facts">{items}</dl>'


def _outcome(game: GameResult) -> str:
    parts = []
    if game.winner is not None:
        parts.append(f'<p class="winner">Winner: <strong>{esc(game.winner)}</strong></p>')
    else:
        text = "Match finished with no winner." if game.finished else "Match not finished."
        parts.append(f'<p class="winner none">{text}</p>')
    if game.eliminated:
        outs = ", ".join(f"{esc(out.player)} in hand {out.hand}" for out in game.eliminated)
        parts.append(f'<p class="eliminated">Eliminated: {outs}</p>')
    return '<div class="outcome">' + "".join(parts) + "</div>"


def _chart_figure(game: GameResult, ident: str) -> str:
    series = chart_series(game)
    threshold = game.elimination_threshold
    whose = "each team (partners' totals summed)" if game.teams else "each player"
    limit = (f"; the dashed line is the elimination threshold, {threshold}" if threshold
             is not None else "; no elimination threshold")
    return (f'<figure class="chart-box"><h3>Running totals</h3><figcaption>The total of '
            f"{whose} after each hand{limit}.</figcaption>{svg_chart(game, ident)}"
            f"{legend([line.name for line in series])}</figure>")


def _violations(problems: Sequence[Problem], viewer: str | None = None) -> str:
    if not problems:
        return '<p class="clean">No violations: every move is legal.</p>'
    items = "".join(_problem_item(problem, viewer) for problem in problems)
    title = plural(len(problems), "violation")
    return f'<h3>{title}</h3><ol class="violations">{items}</ol>'


def _problem_item(problem: Problem, viewer: str | None = None) -> str:
    """A problem, its line linked to that line of the viewer page ``viewer`` when the
    file has one (the page shows the table there)."""
    line = f"line {problem.line}"
    if viewer is not None:
        line = (f'<a href="{esc(viewer)}#L{problem.line}" title="See the table at line '
                f'{problem.line} in the viewer">{line}</a>')
    where = line + (f", hand {problem.hand}" if problem.hand else "")
    context = (f'<pre class="context">{esc(problem.context.rstrip())}</pre>'
               if problem.context else "")
    return (f'<li><span class="where">{where}</span> <code class="code">{esc(problem.code)}'
            f'</code> <span class="name">{esc(problem.name)}</span>'
            f'<span class="message">{esc(problem.message)}</span>{context}</li>')


def _file_errors(result: FileResult, viewer: str | None = None) -> str:
    if not result.errors:
        return ""
    items = "".join(_problem_item(problem, viewer) for problem in result.errors)
    return (f'<section class="file-errors"><h2>{esc(result.path)}</h2>'
            f'<ol class="violations">{items}</ol></section>')


def _contents(entries: Iterable[tuple[str, str, GameResult]]) -> str:
    items = "".join(
        f'<li><a href="#{ident}">{esc(path)}, game {game.index}</a> '
        f'{"" if game.ok else "(" + plural(len(game.violations), "violation") + ")"}</li>'
        for ident, path, game in entries
    )
    return f'<nav aria-label="games"><ol class="contents">{items}</ol></nav>'


def _page_title(files: Sequence[FileResult]) -> str:
    names = ", ".join(result.path for result in files[:3]) + (", ..." if len(files) > 3 else "")
    return f"Scala 40 score report: {names}" if names else "Scala 40 score report"


def html_report(files: Sequence[FileResult], viewers: Mapping[str, str] | None = None) -> str:
    """The whole report as one HTML5 page: the counts, then every file and game (linked
    to its viewer page when ``viewers`` has one for its file)."""
    viewers = viewers or {}
    body: list[str] = []
    entries: list[tuple[str, str, GameResult]] = []
    for file_number, result in enumerate(files, start=1):
        body.append(_file_errors(result, viewers.get(result.path)))
        for game in result.games:
            ident = f"f{file_number}-g{game.index}"
            entries.append((ident, result.path, game))
            body.append(game_html(result.path, game, ident, viewers.get(result.path)))
    contents = _contents(entries) if len(entries) > 1 else ""
    return xml_neutral("\n".join([
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="color-scheme" content="light">',
        f"<title>{esc(_page_title(files))}</title>",
        f"<style>{STYLE}</style>",
        "</head>",
        "<body>",
        "<header><h1>Scala 40 score report</h1>",
        f'<p class="summary">{esc(Summary.of(files).sentence())}</p></header>',
        contents,
        "<main>",
        *(part for part in body if part),
        "</main>",
        "</body>",
        "</html>",
    ]) + "\n")


STYLE = """
*{box-sizing:border-box}
body{margin:0;padding:0 .75rem 2rem;font:16px/1.45 system-ui,-apple-system,"Segoe UI",
Roboto,"Noto Sans","DejaVu Sans",sans-serif;color:#1b1b1b;background:#fff;
-webkit-text-size-adjust:100%;text-size-adjust:100%}
header,main,nav{max-width:64rem;margin:0 auto}
h1{font-size:1.45rem;margin:1rem 0 .25rem}
h2{font-size:1.2rem;margin:0 0 .25rem;overflow-wrap:anywhere}
h3{font-size:1.02rem;margin:1.1rem 0 .4rem}
.summary{margin:0 0 1rem;color:#444}
.contents{padding-left:1.5rem;margin:0 0 1rem}
.game,.file-errors{border-top:3px solid #1b1b1b;padding-top:.75rem;margin-top:1.5rem}
.index{font-weight:normal;color:#555}
.badge{display:inline-block;font-size:.78rem;font-weight:600;padding:.1rem .5rem;
border-radius:1rem;vertical-align:.15rem;white-space:nowrap}
.badge.ok{background:#e3f4ea;color:#11663a;border:1px solid #11663a}
.badge.bad{background:#fde8e6;color:#a4161a;border:1px solid #a4161a}
.event{margin:0 0 .5rem;font-style:italic;color:#333;overflow-wrap:anywhere}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:.15rem .75rem;margin:.5rem 0;
font-size:.92rem}
.facts dt{font-weight:600;color:#444}
.facts dd{margin:0;overflow-wrap:anywhere}
.panels{display:flex;flex-wrap:wrap;gap:0 2rem;align-items:flex-start}
.panels>*{flex:1 1 26rem;min-width:0}
.panels>.sheet-panel{flex:0 1 auto}
.sheet{overflow-x:auto;-webkit-overflow-scrolling:touch;border:1px solid #ccc;border-radius:6px;
width:fit-content;max-width:100%}
table{border-collapse:collapse;font-variant-numeric:tabular-nums}
th,td{padding:.3rem .55rem;border-bottom:1px solid #e2e2e2;text-align:right;white-space:nowrap}
thead th{background:#f1f1f1;border-bottom:2px solid #999;text-align:right}
thead th:first-child,thead th:last-child,tbody th,tfoot th{text-align:left}
th:first-child{position:sticky;left:0;background:#f7f7f7;z-index:1}
.closed-by{text-align:left;color:#333;white-space:normal;min-width:6.5rem}
.closed-by.no-close{color:#888;font-style:italic}
.pen{display:block;font-weight:600}
.run{display:block;font-size:.75rem;color:#666}
td.closer{background:#e6f3ea}
td.goes-out .run{color:#a4161a}
td.goes-out b{font-weight:700;text-transform:uppercase;font-size:.68rem}
td.gone{background:repeating-linear-gradient(135deg,#f4f4f4 0 5px,#e4e4e4 5px 7px)}
tfoot th,tfoot td{border-top:2px solid #999;border-bottom:0;font-weight:700;background:#fafafa}
.note{font-size:.8rem;color:#666;margin:.3rem 0 0}
.outcome{margin:.75rem 0}
.outcome p{margin:.15rem 0}
.winner{font-size:1.1rem}
.winner.none{color:#555}
.eliminated{color:#333}
.chart-box{margin:0 0 1rem;padding:0}
.chart-box figcaption{font-size:.85rem;color:#444;margin-bottom:.3rem}
svg.chart{display:block;width:100%;max-width:34rem;height:auto;font-size:13px;
font-family:inherit}
.chart .grid{stroke:#e3e3e3;stroke-width:1}
.chart .axis{stroke:#777;stroke-width:1}
.chart .tick{fill:#444;font-variant-numeric:tabular-nums}
.chart .label{fill:#444;font-style:italic}
.chart .out-zone{fill:#fbe9e7}
.chart .threshold{stroke:#a4161a;stroke-width:1.6;stroke-dasharray:7 4}
.chart .threshold-label{fill:#a4161a;font-weight:600}
.legend{list-style:none;padding:0;margin:.35rem 0 0;display:flex;flex-wrap:wrap;gap:.2rem 1rem;
font-size:.92rem}
.legend li{display:flex;align-items:center;gap:.35rem}
.swatch{width:36px;height:12px}
.clean{color:#11663a;font-weight:600}
.violations{padding-left:1.4rem;margin:.25rem 0}
.violations li{margin:.35rem 0}
.where{color:#555;font-size:.88rem}
.code{font-weight:700;color:#a4161a}
.name{color:#555;font-size:.88rem}
.message{display:block;overflow-wrap:anywhere}
.context{margin:.2rem 0 0;padding:.3rem .5rem;background:#f5f5f5;overflow-x:auto}
code,pre{font-family:ui-monospace,"DejaVu Sans Mono",monospace}
@media (max-width:30rem){th,td{padding:.25rem .4rem}body{padding:0 .6rem 1.5rem}}
""".replace("\n", "")
