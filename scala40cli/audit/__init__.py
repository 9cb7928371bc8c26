"""Auditing: logs in, judged games out, in order, on one core, several, or a Dask cluster.

:mod:`.pipeline` reads each input, cuts it into games and has them judged;
:mod:`.parallel` spreads the games over worker processes; :mod:`.ignores` applies
``--select``/``--ignore`` and inline ``; scala40: ignore`` comments; :mod:`.dask_audit`
runs the same pipeline on Dask.
"""
