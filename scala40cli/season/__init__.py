"""A club's season: the league table of every match of its logs (``scala40 standings``).

It sits on the audit (the games judged as ``scala40 replay`` judges them) beside
:mod:`scala40cli.reporting`: :mod:`~scala40cli.season.entries` says which matches count
and why the others are left out, :mod:`~scala40cli.season.outcome` reads each match's
finishing order, :mod:`~scala40cli.season.statistics` counts each player's matches and
hands, :mod:`~scala40cli.season.ratings` rates the players from the finishing orders in
date order (openskill's Plackett-Luce model), :mod:`~scala40cli.season.names` matches
players across logs, :mod:`~scala40cli.season.rule_sets` names the rules of the
matches, and :mod:`~scala40cli.season.table` puts it together. The outputs share the
table's columns (:mod:`~scala40cli.season.columns`) and sentences
(:mod:`~scala40cli.season.words`): :mod:`~scala40cli.season.text`,
:mod:`~scala40cli.season.markdown`, :mod:`~scala40cli.season.html` (with
:mod:`~scala40cli.season.chart`) and :mod:`~scala40cli.season.document` (JSON), by name
in :mod:`~scala40cli.season.formats`.
"""
