"""The league table as one self-contained HTML page: the table and the ratings' chart.

As the score report's page: the CSS and the SVG inline, no script, no URL of any kind,
so the page opens the same from a disk, a CI artifact, GitHub Pages or a mail, and on a
phone (the table scrolls sideways when wider than the screen). Every text from a log
(names, paths, messages) goes through :func:`~scala40cli.reporting.escape.html_text`,
and each name or path sits in a ``<bdi>``, so that a right-to-left name is shown as
written without reordering its row. The catalogue's words are escaped too, and the
page's ``lang`` is the catalogue's language.
"""

from __future__ import annotations

from scala40cli.reporting.escape import html_text, xml_neutral
from scala40cli.season.chart import chart_legend, rating_chart
from scala40cli.season.columns import COLUMNS, header, meaning
from scala40cli.season.table import SeasonTable
from scala40cli.season.words import (
    headline,
    left_out_reason,
    left_out_summary,
    rules_line,
    since_line,
    warning_line,
)
from scala40cli.translation.catalogue import ENGLISH, Catalogue

_NUMERIC = ' class="num"'


def _cell(text: str, numeric: bool) -> str:
    """A number, aligned right; or a name, isolated from the text around it."""
    if numeric:
        return f'<td class="num">{html_text(text)}</td>'
    return f"<td><bdi>{html_text(text)}</bdi></td>"


def table_html(table: SeasonTable, words: Catalogue = ENGLISH) -> str:
    """The league table: one row a player, each header's meaning as its title."""
    head = "".join(f'<th scope="col" title="{html_text(meaning(column, words))}"'
                   f"{_NUMERIC if column.numeric else ''}>{html_text(header(column, words))}"
                   "</th>" for column in COLUMNS)
    rows = "".join("<tr>" + "".join(_cell(column.cell(row, words.language), column.numeric)
                                     for column in COLUMNS) + "</tr>"
                   for row in table.players)
    label = html_text(words.gettext("league table"))
    return (f'<div class="sheet" role="region" aria-label="{label}" tabindex="0">'
            f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></div>")


def _chart(table: SeasonTable, words: Catalogue) -> str:
    svg = rating_chart(table.players, len(table.rated), words)
    if not svg:
        return ""
    title = html_text(words.gettext("Ratings over the season"))
    caption = html_text(words.gettext(
        "Each player's rating (mu, the middle of the Skill column) after each match they "
        "played, the season's matches in date order."))
    return (f'<figure class="chart-box"><h2>{title}</h2><figcaption>{caption}</figcaption>'
            f"{svg}{chart_legend(table.players)}</figure>")


def _left_out(table: SeasonTable, words: Catalogue) -> str:
    summary = left_out_summary(table, words)
    if summary is None:
        return ""
    items = "".join(f"<li><code><bdi>{html_text(f'{entry.path}:{entry.line}')}</bdi></code> "
                    f"{html_text(left_out_reason(entry, words))}</li>"
                    for entry in table.left_out)
    return (f"<section><h2>{html_text(words.gettext('Left out'))}</h2>"
            f"<p>{html_text(summary)}.</p><ul>{items}</ul></section>")


def _warnings(table: SeasonTable, words: Catalogue) -> str:
    if not table.name_warnings:
        return ""
    items = "".join(f"<li>{html_text(warning_line(warning, words))}</li>"
                    for warning in table.name_warnings)
    return (f"<section><h2>{html_text(words.gettext('Names that look alike'))}</h2>"
            f'<ul class="warnings">{items}</ul></section>')


def standings_html(table: SeasonTable, words: Catalogue = ENGLISH) -> str:
    """The whole page, in the catalogue's language."""
    since = since_line(table, words)
    facts = [headline(table, words) + ".", *([since + "."] if since else []),
             rules_line(table, words) + "."]
    body = (table_html(table, words) if table.players
            else f"<p>{html_text(words.gettext('No match counted.'))}</p>")
    title = html_text(words.gettext("Scala 40 standings"))
    return xml_neutral("\n".join([
        "<!DOCTYPE html>",
        f'<html lang="{html_text(words.language)}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="color-scheme" content="light">',
        f"<title>{title}</title>",
        f"<style>{STYLE}</style>",
        "</head>",
        "<body>",
        f"<header><h1>{title}</h1>",
        *(f'<p class="summary">{html_text(fact)}</p>' for fact in facts),
        "</header>",
        "<main>",
        body,
        _chart(table, words),
        _left_out(table, words),
        _warnings(table, words),
        "</main>",
        "</body>",
        "</html>",
    ]) + "\n")


STYLE = """
*{box-sizing:border-box}
body{margin:0;padding:0 .75rem 2rem;font:16px/1.45 system-ui,-apple-system,"Segoe UI",
Roboto,"Noto Sans","DejaVu Sans",sans-serif;color:#1b1b1b;background:#fff;
-webkit-text-size-adjust:100%;text-size-adjust:100%}
header,main{max-width:68rem;margin:0 auto}
h1{font-size:1.45rem;margin:1rem 0 .25rem}
h2{font-size:1.15rem;margin:1.4rem 0 .4rem}
.summary{margin:0 0 .3rem;color:#444;overflow-wrap:anywhere}
.sheet{overflow-x:auto;-webkit-overflow-scrolling:touch;border:1px solid #ccc;
border-radius:6px;width:fit-content;max-width:100%;margin-top:1rem}
table{border-collapse:collapse;font-variant-numeric:tabular-nums}
th,td{padding:.3rem .55rem;border-bottom:1px solid #e2e2e2;text-align:left;white-space:nowrap}
thead th{background:#f1f1f1;border-bottom:2px solid #999;cursor:help}
.num{text-align:right}
tbody tr:nth-child(even){background:#fafafa}
.chart-box{margin:0;padding:0}
.chart-box figcaption{font-size:.88rem;color:#444;margin-bottom:.3rem}
svg.chart{display:block;width:100%;max-width:40rem;height:auto;font-size:12px;
font-family:inherit}
.chart .grid{stroke:#e3e3e3;stroke-width:1}
.chart .axis{stroke:#777;stroke-width:1}
.chart .tick{fill:#444;font-variant-numeric:tabular-nums}
.chart .label{fill:#444;font-style:italic}
.legend{list-style:none;padding:0;margin:.35rem 0 0;display:flex;flex-wrap:wrap;
gap:.2rem 1rem;font-size:.92rem}
.legend li{display:flex;align-items:center;gap:.35rem}
.swatch{width:36px;height:12px}
li{overflow-wrap:anywhere}
code{font-family:ui-monospace,"DejaVu Sans Mono",monospace}
@media (max-width:30rem){th,td{padding:.25rem .4rem}body{padding:0 .6rem 1.5rem}}
""".replace("\n", "")
