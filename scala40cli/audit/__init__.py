"""Auditing: logs in, judged games out, in order, on one core or several.

:mod:`.pipeline` reads each input, cuts it into games and has them judged;
:mod:`.records` is what it yields; :mod:`.parallel` spreads the games over worker
processes; :mod:`.ignores` applies ``--select``/``--ignore`` and inline ``; scala40:
ignore`` comments. (Auditing on a Dask cluster is :mod:`scala40cli.dask_audit`, beside
the library API it builds on.)
"""
