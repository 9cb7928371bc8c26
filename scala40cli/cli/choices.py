"""The closed vocabularies of the command line's options, in a module that imports nothing.

The command line is built at every start (``scala40 --version`` runs in every pre-commit
hook), so the choices its options offer live here rather than in the modules that act on
them: building the command imports no parser, referee or reporter. Those modules take
their names from here too, so each vocabulary is written once; where a registry of
:mod:`scala40cli.reporting.reporters` holds the formats, a test checks that it names
the same ones.
"""

from __future__ import annotations

#: ``replay --input-format``: a ``.s40`` log or JSON Lines events (None: by extension).
INPUT_FORMATS = ("s40", "jsonl")

#: ``--color``: colour the text report on a terminal, always, or never.
COLOR_CHOICES = ("auto", "always", "never")

#: ``replay --format``: the keys of ``reporters.REPORTERS``, in the order of the help.
REPLAY_FORMATS = ("text", "json", "jsonl", "github", "sarif", "junit")

#: ``replay --compare --format``: the keys of ``reporters.COMPARISON_FORMATS``.
COMPARISON_FORMATS = ("text", "json")

#: ``report --format``: the keys of ``reporters.SCORE_REPORT_FORMATS``.
SCORE_REPORT_FORMATS = ("markdown", "html")

#: ``standings --format``: the keys of ``season.formats.STANDINGS_FORMATS``.
STANDINGS_FORMATS = ("text", "markdown", "html", "json")

#: ``rules --format``: the keys of ``reporters.RULES_FORMATS`` (the first is the default).
RULES_FORMATS = ("toml", "json")

#: ``convert --to``: what a log is converted to.
CONVERT_FORMATS = ("jsonl", "s40")

#: The default of ``replay --max-annotations`` (``ci_reports.DEFAULT_MAX_ANNOTATIONS``):
#: GitHub shows ten error annotations a step.
DEFAULT_MAX_ANNOTATIONS = 10

#: ``fmt --verbs`` and ``--lang``: the languages of the log's words and of the messages
#: (the values of ``reading.words.Language``, the first the default).
LANGUAGES = ("en", "it", "fr")

#: ``show --format``: the table for a person, or the JSON of schemas/show.schema.json.
SHOW_FORMATS = ("text", "json")

#: ``arena --format``: the keys of ``arena.formats.FORMATS`` (the first is the default).
ARENA_FORMATS = ("text", "json", "markdown")

#: ``review --format``: text for people, the JSON of schemas/review.schema.json, the page.
REVIEW_FORMATS = ("text", "json", "html")
