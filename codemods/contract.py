"""The fix contract: what a round of fixes must never do to a module.

After each round the engine compares the module before and after on Python's `ast`:
- no new undefined name in any scope (pyflakes' undefined-name report, before vs after): this
  also catches a name that was bound and is still used becoming unbound;
- no public name removed: module-level definitions and assignments, names listed in `__all__`,
  `import X as X` / `from M import X as X` re-exports, and every module-level name of a package's
  `__init__.py`;
- no more references to an API the target JAX removed or deprecated (jaxapi) left without a
  finding than before;
- every finding the round did not fix is still found afterwards (a fix elsewhere must not
  silently change what an unfixed line means, e.g. by rewriting the import it relies on).

Nothing here knows a rule: it reads findings, edits and JAX's API table.
"""
from __future__ import annotations

import ast
import bisect
import re
from collections import Counter
from codemods.dataclass_code import dataclass
from typing import Callable, Iterable

from codemods import jaxapi
from codemods.analysis import guards
from codemods.analysis.bindings import ast_dotted, bindings_of, resolve_dotted
from codemods.analysis.references import referenced_names
from codemods.model import Edit, Finding

_LINE_END = re.compile(r"\r\n|\r|\n")


def undefined_names(tree: ast.Module, path: str) -> Counter[str]:
    """How often each name is reported undefined by pyflakes (a name used where nothing binds it)."""
    from pyflakes import checker, messages

    kinds = (messages.UndefinedName, messages.UndefinedLocal, messages.UndefinedExport)
    found = checker.Checker(tree, filename=path).messages
    return Counter(str(m.message_args[0]) for m in found if isinstance(m, kinds))


def public_names(tree: ast.Module, path: str) -> frozenset[str]:
    """The names other modules may import from this one."""
    package_init = path.replace("\\", "/").rsplit("/", 1)[-1] == "__init__.py"
    names: set[str] = set()
    for stmt in _module_level(tree.body):
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(stmt.name)
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for target in targets:
                names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
            if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in stmt.targets):
                names.update(_string_items(stmt.value))
        elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
            for alias in stmt.names:
                bound = alias.asname or alias.name.split(".")[0]
                explicit = alias.asname is not None and alias.asname == alias.name.rsplit(".", 1)[-1]
                if alias.name != "*" and (package_init or explicit):
                    names.add(bound)
    return frozenset(name for name in names if not name.startswith("_") or name == "__all__")


def _string_items(node: ast.expr) -> set[str]:
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return {e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)}
    return set()


def _module_level(body: list[ast.stmt]) -> Iterable[ast.stmt]:
    """Statements that run at module level, inside `if`/`try`/`with` blocks too."""
    for stmt in body:
        yield stmt
        if isinstance(stmt, (ast.If, ast.While, ast.For)):
            yield from _module_level(stmt.body)
            yield from _module_level(stmt.orelse)
        elif isinstance(stmt, ast.With):
            yield from _module_level(stmt.body)
        elif isinstance(stmt, ast.Try):
            for block in (stmt.body, stmt.orelse, stmt.finalbody, *(h.body for h in stmt.handlers)):
                yield from _module_level(block)


def outdated_references(tree: ast.Module, names: frozenset[str]) -> list[tuple[int, int, str]]:
    """(line, column0, dotted text) of each expression (outside import statements) naming one of `names`."""
    # Every name resolved below is among the module's references (computed once per tree, and
    # already by the engine's filter): a module reaching none of `names` needs no walk.
    if not names or names.isdisjoint(referenced_names(tree)):
        return []
    table = bindings_of(tree)
    found: list[tuple[int, int, str]] = []
    pending: list[ast.AST] = [tree]  # iterative: generated code nests deeper than Python recurses
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        if isinstance(node, (ast.Name, ast.Attribute)):
            spelled = ast_dotted(node)
            if spelled is not None and resolve_dotted(table, spelled, frozenset()) in names:
                found.append((node.lineno, node.col_offset, spelled))
                continue
        pending.extend(ast.iter_child_nodes(node))
    found.sort()
    return found


class Lines:
    """Offsets <-> (line, column) of one text, columns in characters as in Span."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0, *(m.end() for m in _LINE_END.finditer(text))]

    def offset(self, line: int, column1: int) -> int:
        return self.starts[min(line, len(self.starts)) - 1] + column1 - 1

    def line_col(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1] + 1


class Shifts:
    """Where offsets of a text land once `edits` (not overlapping) are applied to it; each
    question costs a binary search, so a round's bookkeeping stays linear in its edits."""

    def __init__(self, edits: Iterable[Edit]) -> None:
        self.edits = sorted(edits)
        self.starts = [e.start for e in self.edits]
        self.deltas = [0]  # deltas[i]: the change in length made by the first i edits
        for edit in self.edits:
            self.deltas.append(self.deltas[-1] + len(edit.replacement) - (edit.end - edit.start))
        self.reach = [0]  # reach[i]: the furthest end among the first i edits
        for edit in self.edits:
            self.reach.append(max(self.reach[-1], edit.end))

    def touches(self, start: int, end: int) -> bool:
        """True when an edit overlaps [start, end)."""
        index = bisect.bisect_left(self.starts, end)  # edits starting before `end`
        return self.reach[index] > start

    def shift(self, offset: int) -> int | None:
        """Where `offset` lands; None when an edit replaces it."""
        # Edits starting before it, and an insertion exactly at it, come before it; one
        # reaching past it replaces it.
        index = bisect.bisect_right(self.starts, offset)
        if self.reach[index] > offset:
            return None
        return offset + self.deltas[index]


def shift(offset: int, edits: list[Edit]) -> int | None:
    """Where `offset` lands once `edits` are applied; None when an edit replaces it."""
    return Shifts(edits).shift(offset)


@dataclass
class Snapshot:
    """What the contract compares, for one text of the module."""

    undefined: Counter[str]
    public: frozenset[str]
    uncovered: Counter[str]  # outdated-API references (as written) no finding or suppression comment covers

    @classmethod
    def of(cls, tree: ast.Module, text: str, path: str, target: jaxapi.Version,
           findings: list[Finding], suppressed_lines: set[int],
           regions: Callable[[], list] | None = None) -> "Snapshot":
        """`regions`: what `guards.other_generation(tree, target)` returns, when the caller has it."""
        lines = Lines(text)
        spans = [(lines.offset(f.span.line, f.span.column), lines.offset(f.span.end_line, f.span.end_column))
                 for f in findings]
        uncovered: Counter[str] = Counter()
        references = outdated_references(tree, guards.removed_apis(target))
        if references:
            covered = _Cover(spans)
            found = regions() if regions is not None else guards.other_generation(tree, target)
            for line, column, spelled in references:
                at = lines.starts[line - 1] + column
                if line not in suppressed_lines and not guards.inside(found, line, column) and not covered(at):
                    uncovered[spelled] += 1
        return cls(undefined_names(tree, path), public_names(tree, path), uncovered)

    def broken_by(self, after: "Snapshot") -> tuple[str | None, set[str]]:
        """Why going from this snapshot to `after` breaks the contract (None when it does not),
        and the identifiers the violation is about (to find the fixes responsible)."""
        new_undefined = sorted(name for name, count in after.undefined.items() if count > self.undefined[name])
        if new_undefined:
            return f"it would leave undefined name{'s' * (len(new_undefined) > 1)} " + ", ".join(
                f"`{n}`" for n in new_undefined), set(new_undefined)
        removed = sorted(self.public - after.public)
        if removed:
            return ("it would remove public name" + "s" * (len(removed) > 1) + " " + ", ".join(f"`{n}`" for n in removed),
                    set(removed))
        unreported = sorted(name for name, count in after.uncovered.items() if count > self.uncovered[name])
        if unreported:
            return (f"it would leave `{unreported[0]}` (removed from JAX) where no finding reports it",
                    {word for name in unreported for word in name.split(".")})
        return None, set()


class _Cover:
    """Whether an offset lies inside any of some spans (one binary search per question)."""

    def __init__(self, spans: Iterable[tuple[int, int]]) -> None:
        merged: list[list[int]] = []
        for start, end in sorted(spans):
            if start >= end:
                continue
            if merged and start <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], end)
            else:
                merged.append([start, end])
        self.starts = [start for start, _ in merged]
        self.ends = [end for _, end in merged]

    def __call__(self, at: int) -> bool:
        index = bisect.bisect_right(self.starts, at) - 1
        return index >= 0 and at < self.ends[index]


_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")


def identifiers(text: str) -> set[str]:
    return set(_IDENTIFIER.findall(text))


def span_text(text: str, finding: Finding) -> str:
    lines = Lines(text)
    return text[lines.offset(finding.span.line, finding.span.column):
                lines.offset(finding.span.end_line, finding.span.end_column)]


def edit_words(text: str, edits: Iterable[Edit]) -> set[str]:
    """Identifiers an edit removes or writes."""
    words: set[str] = set()
    for edit in edits:
        words |= identifiers(text[edit.start:edit.end]) | identifiers(edit.replacement)
    return words


def vanished(unfixed: list[Finding], old: str, new: str, edits: list[Edit], after: list[Finding]) -> Finding | None:
    """The first finding left unfixed by a round (and untouched by its edits) that is no longer
    found at its new place: a fix elsewhere changed what that code means."""
    before_lines, after_lines = Lines(old), Lines(new)
    still = {(f.code, after_lines.offset(f.span.line, f.span.column)) for f in after}
    shifts = Shifts(edits)
    for finding in unfixed:
        start = before_lines.offset(finding.span.line, finding.span.column)
        end = before_lines.offset(finding.span.end_line, finding.span.end_column)
        if shifts.touches(start, end):
            continue  # its own text changed: whether it is still found is the rules' business
        moved = shifts.shift(start)
        if moved is not None and (finding.code, moved) not in still:
            return finding
    return None
