"""Auditing: a request in, judged games out, in order, here or on a cluster.

:mod:`.request` is what an audit is asked to do (inputs, rules, selection, exclusions,
the engine that judges) and :mod:`.road` the one road it takes: the inputs expanded
(:mod:`.sources`, less what :mod:`.exclusions` leave out), the games judged by the
request's engine, the codes selected, the progress told. :mod:`.pipeline` reads each
input, cuts it into games and has them judged; :mod:`.records` is what it yields;
:mod:`.parallel` spreads the games over worker processes; :mod:`.dask_engine` judges
them on a Dask cluster instead. :mod:`.ignores` applies ``--select``/``--ignore`` and
inline ``; scala40: ignore`` comments; :mod:`.rulesfile` reads the rules files a
request names.
"""
