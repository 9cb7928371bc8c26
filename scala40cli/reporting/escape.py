"""Escapers for every place a log's bytes or a file's name reach output.

A log and a file name come from anyone: they can hold terminal escape sequences (ESC,
CSI, OSC, a bell), characters that reorder a line (bidi overrides and isolates), lines
that the GitHub Actions runner reads as workflow commands (``::error ...``,
``::stop-commands::``, ``##[warning]``), a line end or a backtick that breaks out of a
Markdown code span, and characters that XML 1.0 forbids. Each output format escapes
through one function here, so that a new format cannot forget a case:

=================  ==========================================================
``terminal_safe``  text for a terminal or a CI log (a whole report)
``terminal_line``  one field that must stay on its line (a file name)
``terminal_cell``  one cell of a table, whose width must be known (the tab escaped too)
``workflow_*``     GitHub workflow commands: their data, properties, and any other line
``markdown_*``     Markdown text and code spans (tables included)
``xml_safe``       text and attribute values of an XML document (JUnit)
``html_text``      text and attribute values of an HTML page
``json_safe``      a JSON text already serialized (same data, safer characters)
=================  ==========================================================

What is escaped is shown, never dropped: ``\\x1b`` for ESC, ``\\u202e`` for a right-to-left
override, ``\\xff`` for a byte of a file name that is not UTF-8 (Python hands those over
as lone surrogates), so a reader sees what the input held.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: Bidi formatting characters: embeddings and overrides (U+202A-U+202E), isolates
#: (U+2066-U+2069), the left-to-right, right-to-left and Arabic letter marks. Any of
#: them can make a line read in another order than it is written.
BIDI_CONTROLS = frozenset(
    (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C))

#: C0 controls but the tab and the line feed, DEL and the C1 controls (0x9B is a CSI).
_CONTROL_CODES = (*(c for c in range(0x20) if c not in (0x09, 0x0A)), 0x7F,
                  *range(0x80, 0xA0))


def _escaped(code: int) -> str:
    if code < 0x100:
        return f"\\x{code:02x}"
    if 0xDC80 <= code <= 0xDCFF:  # a byte that is not UTF-8, from os.fsdecode
        return f"\\x{code - 0xDC00:02x}"
    return f"\\u{code:04x}"


def _table(codes: Iterable[int]) -> dict[int, str]:
    return {code: _escaped(code) for code in codes}


_SURROGATES = range(0xD800, 0xE000)
_TERMINAL = _table((*_CONTROL_CODES, *BIDI_CONTROLS, *_SURROGATES, 0x2028, 0x2029))
_TERMINAL_LINE = {**_TERMINAL, 0x0A: _escaped(0x0A)}
_TERMINAL_CELL = {**_TERMINAL_LINE, 0x09: _escaped(0x09)}


def terminal_safe(text: str) -> str:
    """Text that cannot drive a terminal or reorder a line: every control character but
    the tab and the line feed, every bidi control and every lone surrogate is written
    as an escape such as ``\\x1b`` or ``\\u202e``."""
    return text.translate(_TERMINAL)


def terminal_line(text: str) -> str:
    """:func:`terminal_safe`, and the line feed escaped too: for one field of a line."""
    return text.translate(_TERMINAL_LINE)


def terminal_cell(text: str) -> str:
    """:func:`terminal_line`, and the tab escaped too: for a cell of a table, which is
    measured (:func:`scala40cli.reporting.widths.display_width`) as it is printed: a tab
    takes from one to eight columns, where the terminal's tab stops put it."""
    return text.translate(_TERMINAL_CELL)


# --- GitHub Actions workflow commands ---------------------------------------------------

#: A line the runner would read as a command: ``::`` after blanks starts one, and
#: ``##[`` anywhere does in the older syntax (and the log viewer styles it).
_COMMAND_START = re.compile(r"^([^\S\n]*):(?=:)", re.MULTILINE)
_OLD_COMMAND = "##["


def workflow_data(text: str) -> str:
    """The message of a workflow command: ``%``, CR and LF escaped as GitHub requires,
    then made terminal-safe (the runner echoes the message into the job log)."""
    data = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return terminal_safe(data)


def workflow_property(text: str) -> str:
    """A workflow command property value: also ``:`` and ``,``, which separate them."""
    return workflow_data(text).replace(":", "%3A").replace(",", "%2C")


def workflow_neutral(text: str) -> str:
    """Text in which no line starts a workflow command: a leading ``::`` (after blanks)
    becomes ``\\::`` and ``##[`` becomes ``##\\[``; for every line of standard output
    that is not one of our own commands (a runner reads all of them)."""
    return _COMMAND_START.sub(r"\1\\:", text).replace(_OLD_COMMAND, "##\\[")


# --- Markdown -------------------------------------------------------------------------

#: Characters Markdown (or the HTML GitHub lets through) would read as syntax.
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>&|~#!])")


def markdown_text(text: str) -> str:
    """Inline Markdown text shown as written: syntax escaped with a backslash, on one line
    (a line end would end a heading or a table row), controls shown as escapes."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text.translate(_TERMINAL_LINE))


def markdown_code(text: str) -> str:
    """A code span holding ``text`` whatever backticks it has, on one line, usable in a
    table cell (``|`` escaped, which GitHub reads inside a span too)."""
    text = text.translate(_TERMINAL_LINE).replace("|", "\\|")
    fence = "`" * (max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


# --- XML, HTML, JSON --------------------------------------------------------------------

#: What XML 1.0 forbids (C0 but tab, LF and CR; U+FFFE, U+FFFF; lone surrogates), and
#: the CR, DEL, C1 and bidi controls that are allowed but drive or reorder a terminal.
_XML = _table((*_CONTROL_CODES, *BIDI_CONTROLS, *_SURROGATES, 0xFFFE, 0xFFFF))


def xml_safe(text: str) -> str:
    """Text that any XML 1.0 parser accepts and no terminal acts on; the caller still
    escapes ``&``, ``<`` and quotes (ElementTree, or :func:`xml_text` and
    :func:`xml_attribute`, which do both)."""
    return text.translate(_XML)


#: The markup characters of XML text; in an attribute value, the white space a parser
#: would fold to a space too. One pass of ``str.translate``, so ``&`` is never escaped
#: twice. (What :mod:`xml.sax.saxutils` does, without its import of ``urllib.request``,
#: a sixth of a report's start-up.)
_XML_MARKUP = {ord("&"): "&amp;", ord("<"): "&lt;", ord(">"): "&gt;"}
_XML_ATTRIBUTE = {**_XML_MARKUP, 0x0A: "&#10;", 0x0D: "&#13;", 0x09: "&#9;"}


def xml_text(text: str) -> str:
    """:func:`xml_safe` text for an XML element's content, its markup escaped."""
    return xml_safe(text).translate(_XML_MARKUP)


def xml_attribute(text: str) -> str:
    """:func:`xml_safe` text as a quoted XML attribute value, quotes included: in double
    quotes, or in single quotes if it holds a double quote and no single one, as
    :func:`xml.sax.saxutils.quoteattr` writes it."""
    value = xml_safe(text).translate(_XML_ATTRIBUTE)
    if '"' not in value:
        return f'"{value}"'
    if "'" not in value:
        return f"'{value}'"
    return '"' + value.replace('"', "&quot;") + '"'


def xml_neutral(document: str) -> str:
    """An XML text with the same content in which no line starts a workflow command:
    the characters are written as character references (``&#58;``, ``&#91;``), which
    only text content can hold at the start of a line."""
    return _COMMAND_START.sub(r"\1&#58;", document).replace(_OLD_COMMAND, "##&#91;")


#: What :func:`html.escape` replaces, quotes included (the same references).
_HTML = {ord("&"): "&amp;", ord("<"): "&lt;", ord(">"): "&gt;", ord('"'): "&quot;",
         ord("'"): "&#x27;"}


def html_text(text: object) -> str:
    """Text for an HTML page, in an element or an attribute value."""
    return terminal_safe(str(text)).translate(_HTML)


#: In a serialized JSON text, characters are only inside strings (or are its syntax,
#: which never uses these), so escaping them keeps the same data.
_JSON = {code: f"\\u{code:04x}" for code in
         (*range(0x7F, 0xA0), *BIDI_CONTROLS, 0x2028, 0x2029, *_SURROGATES)}


def json_safe(serialized: str) -> str:
    """A JSON text with the same data, with no raw C1, bidi or lone surrogate character
    (JSON escapes them as ``\\u009b``) and no ``##[`` for a runner to read.

    An ASCII text without DEL (``str.isascii`` is free: a string knows it) holds none
    of the characters to escape, and is not walked through the translation table."""
    if not serialized.isascii() or "\x7f" in serialized:
        serialized = serialized.translate(_JSON)
    return serialized.replace(_OLD_COMMAND, "##\\u005b")
