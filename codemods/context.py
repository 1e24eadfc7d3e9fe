"""What a rule sees of one file: source, parsed module, positions, imports, target JAX.

Everything is computed lazily and at most once per file, so rules that share an analysis
(the axis states, say) pay for it once.
"""
from __future__ import annotations

import ast
import bisect
import re
from functools import cached_property
from typing import Any, Callable, TypeVar

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from codemods import jaxapi
from codemods.analysis.names import ImportTable
from codemods.model import Edit, Span

T = TypeVar("T")
_LINE_END = re.compile(r"\r\n|\r|\n")


class FileContext:
    def __init__(self, source: str, path: str = "<string>", target: jaxapi.Version = jaxapi.NEWEST_KNOWN,
                 module: cst.Module | None = None, tree: ast.Module | None = None) -> None:
        self.source = source
        self.path = path
        self.target = target
        self._module = module
        self._tree = tree
        self._cache: dict[str, Any] = {}

    @cached_property
    def tree(self) -> ast.Module:
        """The same source parsed by Python's own `ast` (cheap; used for name binding)."""
        return self._tree if self._tree is not None else ast.parse(self.source)

    @cached_property
    def wrapper(self) -> MetadataWrapper:
        module = self._module if self._module is not None else cst.parse_module(self.source)
        # Rules hold on to nodes of this very tree, so no defensive copy.
        return MetadataWrapper(module, unsafe_skip_copy=True)

    @property
    def module(self) -> cst.Module:
        return self.wrapper.module

    @cached_property
    def imports(self) -> ImportTable:
        return ImportTable.of(self.module, self.tree)

    @cached_property
    def _positions(self):
        return self.wrapper.resolve(PositionProvider)

    @cached_property
    def _line_starts(self) -> list[int]:
        starts = [0]
        starts.extend(match.end() for match in _LINE_END.finditer(self.source))
        return starts

    def cached(self, key: str, compute: Callable[[], T]) -> T:
        """One analysis per file, shared by every rule that asks for it by the same key."""
        if key not in self._cache:
            self._cache[key] = compute()
        return self._cache[key]

    def span(self, node: cst.CSTNode) -> Span:
        rng = self._positions[node]
        return Span(rng.start.line, rng.start.column + 1, rng.end.line, rng.end.column + 1)

    def offset(self, line: int, column0: int) -> int:
        return self._line_starts[line - 1] + column0

    def offsets(self, node: cst.CSTNode) -> tuple[int, int]:
        rng = self._positions[node]
        return self.offset(rng.start.line, rng.start.column), self.offset(rng.end.line, rng.end.column)

    def text(self, node: cst.CSTNode) -> str:
        start, end = self.offsets(node)
        return self.source[start:end]

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self._line_starts, offset)

    def replace(self, node: cst.CSTNode, replacement: str) -> Edit:
        start, end = self.offsets(node)
        return Edit(start, end, replacement)

    def newline(self) -> str:
        return self.module.default_newline

    def indent_of_line(self, line: int) -> str:
        start = self._line_starts[line - 1]
        text = self.source[start:]
        return text[: len(text) - len(text.lstrip(" \t"))]

    def insert_line_before(self, statement: cst.CSTNode, code: str) -> Edit:
        """A new line holding `code` just above `statement`, with its indentation and newline style."""
        line = self._positions[statement].start.line
        at = self._line_starts[line - 1]
        return Edit(at, at, f"{self.indent_of_line(line)}{code}{self.newline()}")

    def starts_line(self, node: cst.CSTNode) -> bool:
        """True when only indentation precedes `node` on its line (a new line can go above it)."""
        rng = self._positions[node]
        return rng.start.column == len(self.indent_of_line(rng.start.line))
