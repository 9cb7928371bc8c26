"""reporting/escape.py: one escaper a place where a log's bytes or a name reach output."""

from __future__ import annotations

import html
import json
import xml.etree.ElementTree as ET
from xml.sax.saxutils import escape as sax_escape
from xml.sax.saxutils import quoteattr

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scala40cli.reporting import escape
from scala40cli.reporting import text_report as report


def test_terminal_safe_is_still_importable_from_report() -> None:
    assert report.terminal_safe is escape.terminal_safe


@pytest.mark.parametrize(("text", "shown"), [
    ("\x1b[31mred\x1b[0m", "\\x1b[31mred\\x1b[0m"),
    ("\x1b]0;title\x07", "\\x1b]0;title\\x07"),
    ("\x9b2J", "\\x9b2J"),
    ("a\rb\tc\nd", "a\\x0db\tc\nd"),
    ("An\u202ena \u2066x\u2069 \u200e\u200f\u061c",
     "An\\u202ena \\u2066x\\u2069 \\u200e\\u200f\\u061c"),
    ("bad-\udcff", "bad-\\xff"),
    ("partita-è \u0410nna ♠", "partita-è \u0410nna ♠"),  # letters are not escaped
])
def test_terminal_safe(text: str, shown: str) -> None:
    assert escape.terminal_safe(text) == shown
    assert escape.terminal_line(text) == shown.replace("\n", "\\x0a")


@pytest.mark.parametrize(("text", "neutral"), [
    ("::error file=x::y", "\\::error file=x::y"),
    ("   ::stop-commands::tok", "   \\::stop-commands::tok"),
    ("ok\n\t::warning::x\nfine: :: here", "ok\n\t\\::warning::x\nfine: :: here"),
    ("see ##[warning]x and ##[group]", "see ##\\[warning]x and ##\\[group]"),
    (":single colon", ":single colon"),
])
def test_workflow_neutral(text: str, neutral: str) -> None:
    assert escape.workflow_neutral(text) == neutral


def test_workflow_data_and_properties() -> None:
    assert escape.workflow_data("50% off\r\nnext::x\x1b") == "50%25 off%0D%0Anext::x\\x1b"
    assert escape.workflow_property("a:b,c%") == "a%3Ab%2Cc%25"


@pytest.mark.parametrize(("text", "span"), [
    ("plain.s40", "`plain.s40`"),
    ("a`b", "``a`b``"),
    ("`start", "`` `start ``"),
    ("odd\r`name`|x", "``odd\\x0d`name`\\|x``"),
    ("two\nlines", "`two\\x0alines`"),
])
def test_markdown_code_spans_stay_on_one_line(text: str, span: str) -> None:
    assert escape.markdown_code(text) == span


def test_markdown_text_escapes_syntax_and_controls() -> None:
    assert escape.markdown_text("*a* [b](c) <i>|##[x]\x1b\n") == (
        "\\*a\\* \\[b\\](c) \\<i\\>\\|\\#\\#\\[x\\]\\\\x1b\\\\x0a")


@pytest.mark.slow
@given(st.text())
def test_xml_safe_text_always_parses_back(text: str) -> None:
    document = f"<a b={quoteattr(escape.xml_safe(text))}>" \
               f"{escape.xml_safe(text).replace('&', '&amp;').replace('<', '&lt;')}</a>"
    ET.fromstring(escape.xml_neutral(document))


@given(st.text())
def test_xml_text_and_attribute_are_what_saxutils_writes(text: str) -> None:
    # Written here so that a report does not import xml.sax.saxutils (and with it
    # urllib.request): the same bytes as before, on any text.
    safe = escape.xml_safe(text)
    assert escape.xml_text(text) == sax_escape(safe)
    assert escape.xml_attribute(text) == quoteattr(safe)
    value = escape.xml_attribute(text)
    assert ET.fromstring(f"<a b={value}>{escape.xml_text(text)}</a>").get("b") == safe


@pytest.mark.parametrize(("text", "attribute"), [
    ('say "hi"', "'say \"hi\"'"),
    ("both ' and \"", '"both \' and &quot;"'),
    ("a\tb\nc<&>", '"a&#9;b&#10;c&lt;&amp;&gt;"'),
])
def test_xml_attribute_quotes(text: str, attribute: str) -> None:
    assert escape.xml_attribute(text) == attribute


@given(st.text())
def test_html_text_is_html_escape_of_the_terminal_safe_text(text: str) -> None:
    assert escape.html_text(text) == html.escape(escape.terminal_safe(text), quote=True)


@given(st.text())
def test_json_safe_keeps_the_same_data(text: str) -> None:
    serialized = json.dumps({"v": text, "##[": [text]}, ensure_ascii=False)
    safe = escape.json_safe(serialized)
    assert json.loads(safe) == json.loads(serialized)
    assert "##[" not in safe
    assert not any(0x7F <= ord(c) < 0xA0 or ord(c) in escape.BIDI_CONTROLS
                   or 0xD800 <= ord(c) < 0xE000 for c in safe)


def test_html_text_escapes_markup_and_controls() -> None:
    assert escape.html_text('<b a="x">\x1b&') == "&lt;b a=&quot;x&quot;&gt;\\x1b&amp;"
