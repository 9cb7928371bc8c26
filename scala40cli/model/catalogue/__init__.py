"""The entries of the violation catalogue, one module an area of codes.

:mod:`scala40cli.model.violations` gathers them into ``RULEBOOK``, the source of
``docs/violations.md`` and of ``scala40 explain``.
"""
