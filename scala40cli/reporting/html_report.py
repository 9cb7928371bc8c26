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

import re
from collections.abc import Iterable, Mapping, Sequence

from scala40cli.model.results import Closing, FileResult, GameResult, HandResult, Problem
from scala40cli.reporting.charts import chart_series
from scala40cli.reporting.escape import html_text, xml_neutral
from scala40cli.reporting.summary import Summary
from scala40cli.reporting.svg_chart import legend, svg_chart
from scala40cli.reporting.text_report import (
    closed_by,
    penalty_text,
    rules_summary,
    sheet_legends,
    teams_summary,
)
from scala40cli.translation.catalogue import ENGLISH, Catalogue

#: Tags shown in the title or in their own lines rather than in the list of tags.
_OWN_TAGS = frozenset({"Players", "Rules", "Rule", "Event"})


def esc(text: object) -> str:
    """Text for HTML content or a quoted attribute, terminal-safe (the page may be
    printed to a terminal or a CI log)."""
    return html_text(text)


#: A ``{name}`` of a catalogue's sentence; replaced in one pass, so that a value holding
#: ``{name}`` (a player called so) is shown as written, not filled in again.
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def said(template: str, /, **markup: object) -> str:
    """A sentence of the catalogue (``template``, already in its language) as HTML: its
    own words escaped, then each ``{name}`` replaced by ``markup[name]``, which is HTML
    already (a value escaped by :func:`esc`, maybe inside an element). A value from a
    log never reaches the page but through :func:`esc`."""
    return _PLACEHOLDER.sub(
        lambda found: str(markup[found[1]]) if found[1] in markup else found[0], esc(template))


# --- the score sheet --------------------------------------------------------------------


def sheet_table(game: GameResult, words: Catalogue = ENGLISH) -> str:
    """One row a hand: each player's penalty (and running total below it), who closed.

    A player not dealt in has an empty, hatched cell; the closer's cell is marked, and
    the total of a player going out is flagged ``out``.
    """
    if not game.hands:
        return f'<p class="empty">{esc(words.gettext("No hands played."))}</p>'
    out_at = {(out.hand, out.player) for out in game.eliminated}
    head = "".join(f'<th scope="col">{esc(player)}</th>' for player in game.players)
    rows = [_hand_row(hand, game.players, out_at, words) for hand in game.hands]
    totals = "".join(f'<td class="num total">{game.totals.get(player, 0)}</td>'
                     for player in game.players)
    return (
        f'<div class="sheet" role="region" aria-label="{esc(words.gettext("score sheet"))}" '
        # said above a sheet wider than the screen (a scroll-state container query shows it)
        f'tabindex="0"><p class="more">\u21c6 '
        f'{esc(words.gettext("The sheet scrolls sideways: every column is there."))}</p><table>'
        f'<thead><tr><th scope="col">{esc(words.gettext("Hand"))}</th>{head}'
        f'<th scope="col">{esc(words.gettext("Closed by"))}</th></tr></thead>'
        f'<tbody>{"".join(rows)}</tbody>'
        f'<tfoot><tr><th scope="row">{esc(words.gettext("Total"))}</th>{totals}<td></td></tr>'
        "</tfoot></table></div>"
    )


def _hand_row(hand: HandResult, players: Sequence[str], out_at: set[tuple[int, str]],
              words: Catalogue) -> str:
    cells = [_score_cell(hand, player, (hand.number, player) in out_at, words)
             for player in players]
    closing = "closed" if hand.closing in (Closing.NORMAL, Closing.IN_ONE_GO) else "no-close"
    return (f'<tr><th scope="row">{hand.number}</th>{"".join(cells)}'
            f'<td class="closed-by {closing}">{esc(closed_by(hand, words))}</td></tr>')


def _score_cell(hand: HandResult, player: str, goes_out: bool, words: Catalogue) -> str:
    if player not in hand.penalties:
        return f'<td class="gone" title="{esc(words.gettext("not dealt in"))}"></td>'
    classes = ["num"] + (["closer"] if player == hand.closer else [])
    run = f'<span class="run">{hand.totals.get(player, 0)}</span>'
    if goes_out:
        classes.append("goes-out")
        run = (f'<span class="run">{hand.totals.get(player, 0)} '
               f'<b>{esc(words.gettext("out"))}</b></span>')
    return (f'<td class="{" ".join(classes)}"><span class="pen">'
            f"{esc(penalty_text(hand, player))}</span>{run}</td>")


# --- a game, a file, the page -----------------------------------------------------------


def _violation_count(count: int, words: Catalogue) -> str:
    return esc(words.ngettext("{count} violation", "{count} violations", count))


def game_html(path: str, game: GameResult, ident: str, viewer: str | None = None,
              words: Catalogue = ENGLISH) -> str:
    """One game as an ``<article>``: title, facts, sheet, outcome, chart, violations;
    with ``viewer``, the address of the file's viewer page, a link to the game in it.
    In the language of ``words``."""
    event = ", ".join(v for t in game.tags if t.name == "Event" for v in t.values)
    badge = (f'<span class="badge ok">{esc(words.gettext("legal"))}</span>' if game.ok else
             f'<span class="badge bad">{_violation_count(len(game.violations), words)}</span>')
    subtitle = f'<p class="event">{esc(event)}</p>' if event else ""
    index = said(words.gettext("game {index}"), index=game.index)
    return "\n".join([
        f'<article class="game" id="{ident}">',
        f"<h2>{esc(path)} <span class=\"index\">{index}</span> {badge}</h2>",
        subtitle,
        _viewer_link(viewer, game, words),
        _facts(game, words),
        _outcome(game, words),
        '<div class="panels">',
        _sheet_panel(game, words),
        _chart_figure(game, ident, words) if game.hands else "",
        "</div>",
        _violations(game.violations, viewer, words),
        "</article>",
    ])


def _viewer_link(viewer: str | None, game: GameResult, words: Catalogue) -> str:
    if viewer is None:
        return ""
    text = said(words.gettext("Step through game {index} in the viewer"), index=game.index)
    return f'<p class="viewer"><a href="{esc(viewer)}#L{game.line}">{text}</a></p>'


def _sheet_panel(game: GameResult, words: Catalogue) -> str:
    cell = words.gettext("Each cell: the penalty of the hand, and under it the running total.")
    note = f'<p class="note">{esc(cell)}</p>' if game.hands else ""
    note += "".join(f'<p class="note">{esc(words.gettext(legend))}.</p>'
                    for legend in sheet_legends(game))
    return (f'<section class="sheet-panel"><h3>{esc(words.gettext("Score sheet"))}</h3>'
            f"{sheet_table(game, words)}{note}</section>")


def _facts(game: GameResult, words: Catalogue) -> str:
    rows = [(words.gettext("Players"), ", ".join(game.players) or words.gettext("(none)"))]
    hidden = _OWN_TAGS | ({"Teams"} if game.teams else set())
    rows += [(tag.name, ", ".join(tag.values)) for tag in game.tags if tag.name not in hidden]
    rows.append((words.gettext("Rules"),
                 rules_summary(game.rules, game.rule_sources, game.preset, words)))
    if game.teams:
        rows.append((words.gettext("Teams"), teams_summary(game.teams)))
    rows.append((words.gettext("Starts at"), words.gettext("line {line}", line=game.line)))
    items = "".join(f"<dt>{esc(name)}</dt><dd>{esc(value)}</dd>" for name, value in rows)
    return f'<dl class="facts">{items}</dl>'


def _outcome(game: GameResult, words: Catalogue) -> str:
    parts = []
    if game.winner is not None:
        winner = said(words.gettext("Winner: {player}"),
                      player=f"<strong>{esc(game.winner)}</strong>")
        parts.append(f'<p class="winner">{winner}</p>')
    else:
        text = (words.gettext("Match finished with no winner.") if game.finished
                else words.gettext("Match not finished."))
        parts.append(f'<p class="winner none">{esc(text)}</p>')
    if game.eliminated:
        outs = ", ".join(said(words.gettext("{player} in hand {hand}"),
                              player=esc(out.player), hand=out.hand)
                         for out in game.eliminated)
        eliminated = said(words.gettext("Eliminated: {players}"), players=outs)
        parts.append(f'<p class="eliminated">{eliminated}</p>')
    return '<div class="outcome">' + "".join(parts) + "</div>"


def _chart_figure(game: GameResult, ident: str, words: Catalogue) -> str:
    series = chart_series(game)
    threshold = game.elimination_threshold
    if threshold is None:
        caption = (words.gettext("The total of each team (partners' totals summed) after each "
                                 "hand; no elimination threshold.") if game.teams else
                   words.gettext("The total of each player after each hand; no elimination "
                                 "threshold."))
    else:
        caption = (words.gettext("The total of each team (partners' totals summed) after each "
                                 "hand; the dashed line is the elimination threshold, "
                                 "{threshold}.", threshold=threshold) if game.teams else
                   words.gettext("The total of each player after each hand; the dashed line "
                                 "is the elimination threshold, {threshold}.",
                                 threshold=threshold))
    return (f'<figure class="chart-box"><h3>{esc(words.gettext("Running totals"))}</h3>'
            f"<figcaption>{esc(caption)}</figcaption>{svg_chart(game, ident, words)}"
            f"{legend([line.name for line in series])}</figure>")


def _violations(problems: Sequence[Problem], viewer: str | None = None,
                words: Catalogue = ENGLISH) -> str:
    if not problems:
        clean = words.gettext("No violations: every move is legal.")
        return f'<p class="clean">{esc(clean)}</p>'
    items = "".join(_problem_item(problem, viewer, words) for problem in problems)
    title = _violation_count(len(problems), words)
    return f'<h3>{title}</h3><ol class="violations">{items}</ol>'


def _problem_item(problem: Problem, viewer: str | None = None,
                  words: Catalogue = ENGLISH) -> str:
    """A problem, its line linked to that line of the viewer page ``viewer`` when the
    file has one (the page shows the table there)."""
    line = esc(words.gettext("line {line}", line=problem.line))
    if viewer is not None:
        see = words.gettext("See the table at line {line} in the viewer", line=problem.line)
        line = f'<a href="{esc(viewer)}#L{problem.line}" title="{esc(see)}">{line}</a>'
    where = line + (esc(words.gettext(", hand {hand}", hand=problem.hand))
                    if problem.hand else "")
    context = (f'<pre class="context">{esc(problem.context.rstrip())}</pre>'
               if problem.context else "")
    return (f'<li><span class="where">{where}</span> <code class="code">{esc(problem.code)}'
            f'</code> <span class="name">{esc(problem.name)}</span>'
            f'<span class="message">{esc(problem.message)}</span>{context}</li>')


def _file_errors(result: FileResult, viewer: str | None, words: Catalogue) -> str:
    if not result.errors:
        return ""
    items = "".join(_problem_item(problem, viewer, words) for problem in result.errors)
    return (f'<section class="file-errors"><h2>{esc(result.path)}</h2>'
            f'<ol class="violations">{items}</ol></section>')


def _contents(entries: Iterable[tuple[str, str, GameResult]], words: Catalogue) -> str:
    game_of = words.gettext("{path}, game {index}")
    items = "".join(
        f'<li><a href="#{ident}">{said(game_of, path=esc(path), index=game.index)}</a> '
        f'{"" if game.ok else "(" + _violation_count(len(game.violations), words) + ")"}</li>'
        for ident, path, game in entries
    )
    return (f'<nav aria-label="{esc(words.gettext("games"))}"><ol class="contents">{items}'
            "</ol></nav>")


def _page_title(files: Sequence[FileResult], words: Catalogue) -> str:
    names = ", ".join(result.path for result in files[:3]) + (", ..." if len(files) > 3 else "")
    return (words.gettext("Scala 40 score report: {names}", names=names) if names
            else words.gettext("Scala 40 score report"))


def html_report(files: Sequence[FileResult], viewers: Mapping[str, str] | None = None,
                words: Catalogue = ENGLISH) -> str:
    """The whole report as one HTML5 page: the counts, then every file and game (linked
    to its viewer page when ``viewers`` has one for its file), in the language of
    ``words`` (the page's ``lang``; the problems' messages come as the results carry
    them: see :mod:`scala40cli.reporting.translated`)."""
    viewers = viewers or {}
    body: list[str] = []
    entries: list[tuple[str, str, GameResult]] = []
    for file_number, result in enumerate(files, start=1):
        body.append(_file_errors(result, viewers.get(result.path), words))
        for game in result.games:
            ident = f"f{file_number}-g{game.index}"
            entries.append((ident, result.path, game))
            body.append(game_html(result.path, game, ident, viewers.get(result.path), words))
    contents = _contents(entries, words) if len(entries) > 1 else ""
    return xml_neutral("\n".join([
        "<!DOCTYPE html>",
        f'<html lang="{esc(words.language)}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="color-scheme" content="light">',
        f"<title>{esc(_page_title(files, words))}</title>",
        f"<style>{STYLE}</style>",
        "</head>",
        "<body>",
        f"<header><h1>{esc(words.gettext('Scala 40 score report'))}</h1>",
        f'<p class="summary">{esc(Summary.of(files).sentence(words))}</p></header>',
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
.contents a,.viewer a,.violations a{display:inline-block;padding:.2rem 0;overflow-wrap:anywhere}
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
width:fit-content;max-width:100%;container-type:scroll-state}
.sheet .more{display:none;position:sticky;left:0;margin:0;padding:.25rem .55rem;font-size:.85rem;
color:#444}
@container scroll-state(scrollable:inline){.sheet .more{display:block}}
table{border-collapse:collapse;font-variant-numeric:tabular-nums}
th,td{padding:.3rem .55rem;border-bottom:1px solid #e2e2e2;text-align:right;white-space:nowrap}
thead th{background:#f1f1f1;border-bottom:2px solid #999;text-align:right}
thead th:first-child,thead th:last-child,tbody th,tfoot th{text-align:left}
th:first-child{position:sticky;left:0;background:#f7f7f7;z-index:1}
.closed-by{text-align:left;color:#333;white-space:normal;min-width:6.5rem}
.closed-by.no-close{color:#5e5e5e;font-style:italic}
.pen{display:block;font-weight:600}
.run{display:block;font-size:.75rem;color:#666}
td.closer{background:#e6f3ea}
td.goes-out .run{color:#a4161a}
td.goes-out b{font-weight:700;text-transform:uppercase;font-size:.75rem}
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
