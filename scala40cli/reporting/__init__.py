"""Reporting: every output format of a judged game, chosen by name from one registry.

:mod:`.reporters` is the registry (``text``, ``json``, ``jsonl``, ``github``, ``sarif``,
``junit``); the text report and the JSON serialisers are in :mod:`.text_report`, the CI
formats in :mod:`.ci_reports`, the pages of ``scala40 report`` in :mod:`.html_report` and
:mod:`.markdown`, and :mod:`.escape` makes a log's bytes safe for each destination.
"""
