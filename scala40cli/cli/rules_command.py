"""``scala40 rules``: the presets and the switches, or one set of rules resolved, in a
format of the registry (:mod:`scala40cli.reporting.reporters`)."""

from __future__ import annotations

import click

from scala40cli.cli import settings
from scala40cli.judging.rulebook.rules import (
    MEANINGS,
    PRESETS,
    RULE_KEYS,
    RULE_TEXTS,
    RuleChoice,
    allowed_values,
    resolve,
)
from scala40cli.reporting.reporters import render_rules


def run_rules(*, name: str | None, set_options: tuple[str, ...],
              rules_format: str | None) -> None:
    """``scala40 rules``: the listing when nothing is named, else the rules of ``name``
    with ``set_options`` over them, as a rules file."""
    if name is None and not set_options and rules_format is None:
        click.echo("\n".join(rules_listing()))
        return
    choice = settings.rule_choice(name, set_options) or RuleChoice()
    resolved = resolve(log_preset=None, log_values=(), choice=choice)
    click.echo(render_rules(rules_format, resolved), nl=False)


def rules_listing() -> list[str]:
    """What ``scala40 rules`` prints: every preset and every switch with its meaning."""
    lines = ["Presets (replay --rules NAME; `scala40 rules NAME` prints one):"]
    for entry in PRESETS.values():
        lines.append(f"  {', '.join((entry.name, *entry.aliases))}")
        lines.append(f"      {entry.summary}")
    lines += ["", "Rule texts (the texts docs/rules.md quotes) and their presets:"]
    lines += [f"  {text.label}: {text.preset} - {text.description}" for text in RULE_TEXTS]
    lines += ["", "Switches (replay --set KEY=VALUE; the first value is classic's):"]
    for key in RULE_KEYS:
        lines.append(f"  {key}: {allowed_values(key)}")
        lines.append(f"      {MEANINGS[key]}")
    return lines
