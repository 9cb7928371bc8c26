"""The viewer's page: one self-contained HTML file, its data, style and script inline.

Nothing is fetched: the style and the script are the package's own files
(``viewing/assets``), written into the page, and a Content-Security-Policy lets the
page run that script alone (by its hash) and load nothing from anywhere. The log's
text reaches the page only as JSON data, which the script puts in the page as text,
never as markup, so a name or a tag with HTML in it is shown, not run.
"""

from __future__ import annotations

import base64
import hashlib
import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from scala40cli.reporting.escape import html_text
from scala40cli.translation.catalogue import ENGLISH, Catalogue
from scala40cli.viewing.loading import ViewedFile
from scala40cli.viewing.page_data import page_data
from scala40cli.viewing.page_words import (
    KEYS_HELP,
    LOG_LABEL,
    TABLE_LABEL,
    VIEWER_MESSAGES,
    VIEWER_PLURALS,
    script_words,
)


def asset(name: str) -> str:
    """A file of ``viewing/assets`` (shipped in the wheel with the package)."""
    return resources.files("scala40cli.viewing").joinpath("assets", name).read_text(
        encoding="utf-8")


def script_json(value: Any) -> str:
    """JSON safe inside a ``<script>`` element: no ``<``, ``>`` or ``&`` can close it."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return (text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def _hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


@dataclass(frozen=True, slots=True, kw_only=True)
class Addition:
    """What a page built on the viewer's adds to it (``scala40 review``'s marks): its
    data, written into the page's JSON under ``key``; its script, run after the
    viewer's, which it extends (``window.scala40.extend`` in ``viewer.js``); its style;
    the command named in the page's title; the words its script asks for, as
    :mod:`~scala40cli.viewing.page_words` gives the viewer's."""

    key: str
    data: Any
    script: str
    style: str
    command: str
    messages: tuple[str, ...] = ()
    plurals: tuple[tuple[str, str], ...] = ()


def page(viewed: ViewedFile, addition: Addition | None = None,
         words: Catalogue = ENGLISH) -> str:
    """The page of a file (see the module docstring), with ``addition`` on it, in the
    language of ``words``: its own words, its script's (the page's data ``words``) and
    the referee's sentences."""
    style, script = asset("viewer.css"), asset("viewer.js")
    data = page_data(viewed, words)
    scripts, styles = [script], [style]
    messages, plurals = list(VIEWER_MESSAGES), list(VIEWER_PLURALS)
    if addition is not None:
        data[addition.key] = addition.data
        scripts.append(addition.script)
        styles.append(addition.style)
        messages += addition.messages
        plurals += addition.plurals
    data["words"] = script_words(words, messages, plurals)
    policy = (f"default-src 'none'; script-src {' '.join(map(_hash, scripts))}; "
              f"style-src {' '.join(map(_hash, styles))}; "
              "img-src 'none'; connect-src 'none'; font-src 'none'; base-uri 'none'; "
              "form-action 'none'")
    command = addition.command if addition is not None else "view"
    title = html_text(f"scala40 {command}: {viewed.path}")
    return (
        f"<!DOCTYPE html>\n<html lang=\"{words.language}\">\n<head>\n"
        "<meta charset=\"utf-8\">\n"
        f"<meta http-equiv=\"Content-Security-Policy\" content=\"{policy}\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        f"<title>{title}</title>\n{''.join(f'<style>{text}</style>' for text in styles)}\n"
        "</head>\n<body>\n"
        "<header><h1 id=\"title\"></h1><div id=\"status\" aria-live=\"polite\">"
        "<p id=\"where\"></p><p id=\"said\"></p></div>"
        f"<p class=\"keys\">{html_text(words.gettext(KEYS_HELP))}"
        "</p>\n<nav id=\"buttons\"></nav></header>\n"
        f"<main><section id=\"table\" aria-label=\"{html_text(words.gettext(TABLE_LABEL))}\">"
        f"</section><section id=\"log\" aria-label=\"{html_text(words.gettext(LOG_LABEL))}\" "
        "tabindex=\"0\"><ol id=\"lines\"></ol>"
        "</section></main>\n"
        f"<script type=\"application/json\" id=\"data\">{script_json(data)}</script>\n"
        f"{''.join(f'<script>{text}</script>' for text in scripts)}\n</body>\n</html>\n")
