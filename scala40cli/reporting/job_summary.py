"""The GitHub Actions job summary of ``replay --format github``, kept under GitHub's limit.

GitHub drops a step's summary whole when it is over 1 MiB, so a summary that lists
everything for a big archive would show nothing at all. This one is built within a byte
budget: the file errors first, then the score sheets of the games with violations, then
those of the clean games; what does not fit is left out from the least important end,
and a last line says how much was left out and where to see it. It is held in memory
(at most the budget) and written when the run ends, with the counts at the top.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

from scala40cli.model.results import GameResult, Problem
from scala40cli.reporting.escape import workflow_neutral
from scala40cli.reporting.markdown import file_error_markdown, game_markdown
from scala40cli.reporting.summary import Summary
from scala40cli.translation.catalogue import ENGLISH, Catalogue

#: GitHub's limit for one step's summary; a bigger one is not shown at all.
GITHUB_SUMMARY_LIMIT = 1024 * 1024
#: Room kept for the heading, the counts and the lines that say what was left out.
RESERVED = 4096


class Part(IntEnum):
    """What a piece of the summary is; a lower value is kept first."""

    FILE_ERROR = 0
    FAILED_GAME = 1
    CLEAN_GAME = 2


@dataclass
class JobSummary:
    """The pieces of the summary that fit in ``budget`` bytes, in the order they came,
    in the language of ``words``."""

    budget: int
    words: Catalogue = ENGLISH
    kept: dict[Part, list[tuple[int, str, int]]] = field(
        default_factory=lambda: {part: [] for part in Part})
    left_out: dict[Part, int] = field(default_factory=lambda: dict.fromkeys(Part, 0))
    size: int = 0
    order: int = 0

    def add_file_error(self, path: str, problem: Problem) -> None:
        self._add(Part.FILE_ERROR, file_error_markdown(path, problem, self.words) + "\n")

    def add_game(self, path: str, game: GameResult) -> None:
        part = Part.CLEAN_GAME if game.ok else Part.FAILED_GAME
        self._add(part, "\n".join(game_markdown(path, game, self.words)) + "\n")

    def _add(self, part: Part, text: str) -> None:
        """Keep ``text`` if it fits, after leaving out pieces of a lower importance
        (the latest first); else leave it out, and every later piece of its kind."""
        cost = len(text.encode("utf-8"))
        while self.size + cost > self.budget and self._drop_less_than(part):
            pass
        if self.left_out[part] or self.size + cost > self.budget:
            self.left_out[part] += 1
            return
        self.kept[part].append((self.order, text, cost))
        self.order += 1
        self.size += cost

    def _drop_less_than(self, part: Part) -> bool:
        for lower in reversed(Part):
            if lower <= part:
                return False
            if self.kept[lower]:
                _, _, cost = self.kept[lower].pop()
                self.size -= cost
                self.left_out[lower] += 1
                return True
        return False

    def render(self, summary: Summary, unannotated: int, max_annotations: int) -> str:
        """The whole summary: heading, counts, notes, file errors, then the sheets."""
        words = self.words
        lines = ["## scala40", "", summary.sentence(words), ""]
        if unannotated:
            lines += [words.ngettext(
                "{count} more problem not annotated: GitHub shows at most 10 error "
                "annotations a step, and this run annotated {annotated} "
                "(`--max-annotations`). The file errors and each game's violations are "
                "listed below; `scala40 replay` lists them all.",
                "{count} more problems not annotated: GitHub shows at most 10 error "
                "annotations a step, and this run annotated {annotated} "
                "(`--max-annotations`). The file errors and each game's violations are "
                "listed below; `scala40 replay` lists them all.",
                unannotated, annotated=max_annotations), ""]
        errors = [text for _, text, _ in self.kept[Part.FILE_ERROR]]
        if errors or self.left_out[Part.FILE_ERROR]:
            lines += ["### " + words.gettext("File errors"), "",
                      "".join(errors).rstrip("\n"), ""]
        sheets = sorted(self.kept[Part.FAILED_GAME] + self.kept[Part.CLEAN_GAME])
        lines += [text for _, text, _ in sheets]
        note = self._left_out_line()
        body = "\n".join(lines).rstrip("\n") + "\n"
        return workflow_neutral(body + ("\n" + note + "\n" if note else ""))

    def _left_out_line(self) -> str:
        errors = self.left_out[Part.FILE_ERROR]
        failed, clean = self.left_out[Part.FAILED_GAME], self.left_out[Part.CLEAN_GAME]
        if not (errors or failed or clean):
            return ""
        words = self.words
        parts = []
        if errors:
            parts.append(words.ngettext("{count} file error", "{count} file errors", errors))
        if failed or clean:
            parts.append(words.ngettext(
                "the score sheets of {count} game ({failed} with violations)",
                "the score sheets of {count} games ({failed} with violations)",
                failed + clean, failed=failed))
        left = words.gettext("{first} and {last}", first=parts[0], last=parts[1]) \
            if len(parts) == 2 else parts[0]
        return words.gettext("**Left out** to keep this summary under GitHub's 1 MiB limit: "
                             "{what}. `scala40 replay` (text, JSON or SARIF) reports them "
                             "all.", what=left)
