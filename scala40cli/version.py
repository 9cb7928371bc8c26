"""The package's version: one module that imports nothing, so that any layer may say
which scala40 wrote a report without importing the package's public face (whose
``__init__`` loads :mod:`scala40cli.api` on first use)."""

__version__ = "0.1.0"
