"""The data that flows from rules to reports: findings, fixes and text edits.

Rules produce these; the engine applies edits; reports render them. Nothing here
knows about files on disk or about any particular rule.
"""
from __future__ import annotations

from dataclasses import field
from codemods.dataclass_code import dataclass
from enum import Enum


class Safety(str, Enum):
    """Whether a fix keeps the program's values and gradients (ruff's wording)."""

    SAFE = "safe"
    UNSAFE = "unsafe"


@dataclass(frozen=True, order=True)
class Span:
    """A source range: 1-based lines, 1-based columns (as editors and ruff show them)."""

    line: int
    column: int
    end_line: int
    end_column: int


@dataclass(frozen=True, order=True)
class Edit:
    """Replace source[start:end] by `replacement`.

    Offsets count characters of the decoded source text (BOM removed), so an edit never
    depends on the file's encoding.
    """

    start: int
    end: int
    replacement: str


@dataclass(frozen=True)
class Fix:
    description: str
    edits: tuple[Edit, ...]
    safety: Safety = Safety.SAFE


@dataclass(frozen=True)
class Finding:
    code: str
    message: str
    span: Span
    fix: Fix | None = None
    # The per-axis states that prove the finding, e.g. {"g": "invariant on 'i'"}.
    evidence: tuple[tuple[str, str], ...] = ()
    path: str = ""
    # Why the fix was not applied (it broke the fix contract, or fixes did not converge).
    unfixable: str | None = None

    @property
    def fixable(self) -> bool:
        return self.fix is not None

    def sort_key(self) -> tuple:
        return (self.path, self.span.line, self.span.column, self.code)


@dataclass(frozen=True)
class RuleDoc:
    """A rule's documentation in ruff's sections; `explain` prints it."""

    what: str
    why: str
    example: str
    use_instead: str
    fix_safety: str
    versions: str = ""
    # The forms the analysis reads, one per item: long enough that a paragraph would bury them.
    follows: tuple[str, ...] = ()

    def follows_list(self) -> str:
        """`follows` as a Markdown list (also plain text's)."""
        return "\n".join(f"- {item}" for item in self.follows)


@dataclass
class FileResult:
    """What the engine learned about one file."""

    path: str
    findings: list[Finding] = field(default_factory=list)
    original: str | None = None
    fixed: str | None = None  # set when fixes changed the text
    error: str | None = None  # one-line reason the file could not be processed
    applied: list[Finding] = field(default_factory=list)  # findings whose fix was applied

    @property
    def output(self) -> str | None:
        """The text after fixing (the original when nothing changed)."""
        return self.fixed if self.fixed is not None else self.original

    @property
    def changed(self) -> bool:
        return self.fixed is not None and self.fixed != self.original
