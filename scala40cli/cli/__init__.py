"""The command line: ``scala40`` and the declaration of its commands (:mod:`.main`), each
command's work in its own module (``replay_command``, ``report_command``, ...), the
options they share (:mod:`.options`), their one input pipeline (:mod:`.inputs`) and
output writer (:mod:`.output`), and where their settings come from (:mod:`.settings`,
:mod:`.config`). Nothing here is needed by the library API.
"""
