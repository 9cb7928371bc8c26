"""``scala40 review FILE...``: the work behind the command (its options are declared in
``cli/main.py``, from ``review_options``).

Reads the inputs as ``replay`` does (files, folders, patterns, ``-``), reviews the
decisions of the seats asked for (:func:`scala40cli.review.running.review_files`) and
writes the review as text, JSON or the viewer's page with the review on it, to
standard output or ``--output`` (a folder of pages with ``--format html`` and several
files). A bar on standard error counts the decisions weighed when it is a terminal.
A file that cannot be read is said in one line and skipped (exit 1); a wrong option,
or a seat that is not a player, is a usage error (exit 2). Ctrl-C or SIGTERM stops the
review: nothing is written, and the exit status is 130 or 143.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import click

from scala40cli.cli import settings
from scala40cli.cli.inputs import gather, input_paths, read_input
from scala40cli.cli.language import chosen_words
from scala40cli.cli.output import check_output, emit
from scala40cli.cli.status import EXIT_OK, EXIT_PROBLEMS
from scala40cli.cli.view_pages import names_folder, page_path
from scala40cli.judging.rulebook.rules import RuleChoice
from scala40cli.model.results import FileResult
from scala40cli.reading.inputs import input_format_of, sniff_format
from scala40cli.reporting.escape import json_safe, terminal_line
from scala40cli.review.document import document
from scala40cli.review.engines import DEFAULT_ENGINE, ENGINES
from scala40cli.review.records import FileReview
from scala40cli.review.reviewing import ReviewSettings, SeatError
from scala40cli.review.running import Source, review_files
from scala40cli.review.scorer import BudgetError, parse_budget
from scala40cli.review.text import review_text
from scala40cli.translation.catalogue import Catalogue


class Bar:
    """The progress line on standard error: the decisions weighed of all, a bar and a
    share, drawn again in place (a carriage return, no escape sequence)."""

    WIDTH = 30

    def __init__(self) -> None:
        self.total = 0
        self.done = 0
        self.shown = ""

    def start(self, decisions: int) -> None:
        self.total = decisions
        self._draw()

    def advance(self, decisions: int) -> None:
        self.done += decisions
        self._draw()

    def _draw(self) -> None:
        share = self.done / self.total if self.total else 1.0
        filled = round(share * self.WIDTH)
        line = (f"Reviewing [{'#' * filled}{'-' * (self.WIDTH - filled)}] "
                f"{self.done}/{self.total} decisions {100 * share:3.0f}%")
        if line != self.shown:
            sys.stderr.write("\r" + line)
            sys.stderr.flush()
            self.shown = line

    def finish(self) -> None:
        if self.shown:
            sys.stderr.write("\r" + " " * len(self.shown) + "\r")
            sys.stderr.flush()
            self.shown = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Read:
    """The inputs read: each log's bytes, and the files that could not be read."""

    sources: list[Source]
    unreadable: list[FileResult]


def read_sources(files: Sequence[str], input_format: str | None = None) -> Read:
    sources: list[Source] = []
    unreadable: list[FileResult] = []
    for source in gather(files):
        data = read_input(source)
        if isinstance(data, FileResult):
            unreadable.append(data)
        else:
            sources.append(Source(path=source[0], data=data,
                                  input_format=input_format_of(source[0], input_format)
                                  or sniff_format(data)))
    return Read(sources=sources, unreadable=unreadable)


def review_settings(*, budget_option: str, seed: str, engine: str | None,
                    choice: RuleChoice | None) -> ReviewSettings:
    """The settings the options ask for; a usage error (exit 2) for a bad one."""
    try:
        budget = parse_budget(budget_option)
    except BudgetError as error:
        raise click.BadParameter(terminal_line(str(error)), param_hint="'--budget'") from None
    name = engine or DEFAULT_ENGINE
    if name not in ENGINES:
        raise click.BadParameter(f"no engine {terminal_line(name)} (the engines: "
                                 f"{', '.join(ENGINES)})", param_hint="'--engine'")
    return ReviewSettings(engine=name, budget=budget, seed=seed, choice=choice)


def run_review(*, files: tuple[str, ...], seat: str | None, every: bool,
               report_format: str, output: str | None, budget_option: str,
               jobs: int, seed: str, rules_option: str | None,
               set_options: tuple[str, ...], engine: str | None,
               input_format: str | None = None, lang_option: str | None = None) -> None:
    """Review the files and write the review (see the module docstring): the text and
    the page in the language of ``--lang`` (else the environment's), the JSON in
    English."""
    if seat is not None and every:
        raise click.UsageError("--seat and --all: choose one")
    choice = settings.rule_choice(rules_option, set_options)
    review = review_settings(budget_option=budget_option, seed=seed, engine=engine,
                             choice=choice)
    written = FORMATS[report_format]
    several = written.pages and len(files) > 1
    if several and (output is None or not names_folder(output, True)):
        raise click.BadParameter("with --format html and several files, --output is a "
                                 "folder", param_hint="'--output'")
    if not several:
        check_output(output, input_paths(files))
    read = read_sources(files, input_format)
    for failed in read.unreadable:
        for problem in failed.errors:
            click.echo(f"scala40: {terminal_line(failed.path)}: "
                       f"{terminal_line(problem.message)}", err=True)
    bar = Bar() if sys.stderr.isatty() else None
    try:
        reviewed = review_files(read.sources, seat=seat, every=every, settings=review,
                                jobs=jobs, progress=bar)
    except SeatError as error:
        raise click.BadParameter(terminal_line(str(error)), param_hint="'--seat'") from None
    finally:
        if bar is not None:
            bar.finish()
    written.write(reviewed, read.sources, review, output, files, chosen_words(lang_option))
    trouble = bool(read.unreadable) or any(r.errors for r in reviewed)
    click.get_current_context().exit(EXIT_PROBLEMS if trouble else EXIT_OK)


def write_text_review(reviewed: list[FileReview], sources: list[Source],
                      review: ReviewSettings, output: str | None,
                      files: Sequence[str], words: Catalogue) -> None:
    emit(review_text(reviewed, review, words), output, files)


def write_json(reviewed: list[FileReview], sources: list[Source], review: ReviewSettings,
               output: str | None, files: Sequence[str], words: Catalogue) -> None:
    """The review's document, in English whatever ``--lang`` says (programs read it)."""
    text = json.dumps(document(reviewed, review), ensure_ascii=False, indent=2)
    emit(json_safe(text) + "\n", output, files)


def write_pages(reviewed: list[FileReview], sources: list[Source],
                review: ReviewSettings, output: str | None, files: Sequence[str],
                words: Catalogue) -> None:
    """The viewer's page of each file with its review, in the language of ``words``;
    several pages go into the folder ``--output`` names."""
    from scala40cli.review.page import review_page
    from scala40cli.viewing.loading import view_bytes

    several = len(reviewed) > 1
    if output is not None and several:
        os.makedirs(output, exist_ok=True)
    for file_review, source in zip(reviewed, sources, strict=True):
        viewed = view_bytes(source.data, source.path, review.choice, source.input_format)
        target = page_path(source.path, output, several) if several else output
        emit(review_page(viewed, file_review, review, words), target, files)
        if target not in (None, "-"):
            click.echo(f"wrote {terminal_line(target)}", err=True)


@dataclass(frozen=True, slots=True)
class Format:
    """How a format is written, and whether it is one page a file."""

    write: Callable[[list[FileReview], list[Source], ReviewSettings, str | None,
                     Sequence[str], Catalogue], None]
    pages: bool = False


#: ``review --format``: the writer of each (``choices.REVIEW_FORMATS``).
FORMATS = {"text": Format(write_text_review), "json": Format(write_json),
           "html": Format(write_pages, pages=True)}


__all__ = ["run_review"]
