"""The command line: ``scala40`` and the declaration of its commands (:mod:`.main`), each
command's work in its own module (``replay_command``, ``report_command``, ...), the
options they share (:mod:`.options`), where their settings come from (:mod:`.settings`,
:mod:`.config`: each becomes a part of the audit's request,
:mod:`scala40cli.audit.request`), the inputs of ``fmt`` and ``convert`` and the progress
bar (:mod:`.inputs`) and the one output writer (:mod:`.output`). Nothing here is
needed by the library API.
"""
