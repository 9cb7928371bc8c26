"""Reporting: every output format of a judged game, chosen by name from one registry.

:mod:`.reporters` is the registry (``text``, ``json``, ``jsonl``, ``github``, ``sarif``,
``junit``) of :mod:`.base` reporters; the text report is in :mod:`.text_report`, the
JSON document in :mod:`.json_report`, the counts in :mod:`.summary`, the CI formats in
:mod:`.ci_reports`, the pages of ``scala40 report`` in :mod:`.html_report` and
:mod:`.markdown` (their running totals in :mod:`.charts`, drawn by :mod:`.svg_chart`),
and :mod:`.escape` makes a log's bytes safe for each destination.
"""
