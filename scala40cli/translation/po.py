"""Reading gettext ``.po`` catalogues: the ``msgid`` of each entry and its ``msgstr``.

The catalogues are ordinary gettext sources, so any translator's tool opens them; this
small reader (no compiler, no dependency) takes what scala40 uses of the format:
``msgid`` and ``msgstr`` with their continuation lines, ``msgid_plural`` and
``msgstr[N]`` for the sentences that count something, ``#`` comments, and the header
entry (the empty ``msgid``) with its ``Plural-Forms``. An empty ``msgstr`` is the
``msgid`` itself, as in gettext.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True, kw_only=True)
class Entry:
    """One message: its English ``msgid``, the ``msgid_plural`` of a message that
    counts something (else None), and its translations, one a plural form."""

    msgid: str
    plural: str | None = None
    forms: tuple[str, ...] = ()


class PoError(ValueError):
    """A ``.po`` text this reader cannot take; the message says which line."""


def _string(line: str, number: int) -> str:
    """The string literal at the end of a ``.po`` line (``msgid "..."``, ``"..."``)."""
    text = line[line.index('"'):] if '"' in line else ""
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError) as error:
        raise PoError(f"line {number}: not a quoted string: {line!r}") from error
    if not isinstance(value, str):
        raise PoError(f"line {number}: not a quoted string: {line!r}")
    return value


def read_entries(text: str) -> tuple[dict[str, Entry], str]:
    """The entries of a ``.po`` text by ``msgid``, and its header (the ``msgstr`` of the
    empty ``msgid``)."""
    entries: dict[str, Entry] = {}
    header = ""
    fields: dict[str, list[str]] = {}
    key = ""

    def close() -> None:
        nonlocal header
        if "msgid" in fields:
            msgid = "".join(fields["msgid"])
            plural = "".join(fields["msgid_plural"]) if "msgid_plural" in fields else None
            if plural is None:
                forms = ["".join(fields.get("msgstr", [""]))]
            else:
                forms = []
                while f"msgstr[{len(forms)}]" in fields:
                    forms.append("".join(fields[f"msgstr[{len(forms)}]"]))
            if msgid == "":
                header = forms[0]
            else:
                filled = tuple(form or (plural if plural is not None and i else msgid)
                               for i, form in enumerate(forms))
                entries[msgid] = Entry(msgid=msgid, plural=plural, forms=filled)
        fields.clear()

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith('"'):
            if not key:
                raise PoError(f"line {number}: a string outside an entry")
            fields[key].append(_string(line, number))
            continue
        key = line.split(" ", 1)[0]
        if key == "msgid":
            close()
        if key in fields:
            raise PoError(f"line {number}: {key} twice in one entry")
        fields[key] = [_string(line, number)]
    close()
    return entries, header


def read_po(text: str) -> dict[str, str]:
    """The ``msgid`` -> ``msgstr`` pairs of a ``.po`` text (the header entry left out;
    a message with plural forms gives its first)."""
    return {msgid: entry.forms[0] for msgid, entry in read_entries(text)[0].items()}


def header_fields(header: str) -> Mapping[str, str]:
    """The fields of a header (``Plural-Forms: ...``) by name."""
    pairs = (line.split(":", 1) for line in header.splitlines() if ":" in line)
    return {name.strip(): value.strip() for name, value in pairs}


__all__ = ["Entry", "PoError", "header_fields", "read_entries", "read_po"]
