"""scala40: a referee for recorded games of Scala 40 (Scala Quaranta)."""

__version__ = "0.1.0"
