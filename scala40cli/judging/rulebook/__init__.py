"""The rules: one descriptor a switch (:mod:`.switches`), their value types and how a
value is read (:mod:`.rule_enums`, :mod:`.rule_values`), the presets (:mod:`.presets`),
and how a game's rules are resolved (:mod:`.rules`). The rules files that choose them
are read by :mod:`scala40cli.audit.rulesfile`."""
