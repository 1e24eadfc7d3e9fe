"""What a rule sees of one file: source, parsed trees, positions, imports, target JAX.

Everything is computed lazily and at most once per file, so rules that share an analysis
(the axis states, say) pay for it once. Python's `ast` is always there (the engine parsed it
already); the LibCST module is parsed only when a rule asks for it, because it costs about ten
times as much. Position helpers take a node of either tree.
"""
from __future__ import annotations

import ast
import bisect
import re
from functools import cached_property
from itertools import accumulate
from typing import TYPE_CHECKING, Any, Callable, TypeVar

from codemods import jaxapi
from codemods.analysis.names import ImportTable
from codemods.model import Edit, Span
from codemods.private_names import mangle_private_names
from codemods.suppression import python_line_ends_only

if TYPE_CHECKING:
    import libcst as cst
    from libcst.metadata import MetadataWrapper

    from codemods.written_for import WrittenFor

T = TypeVar("T")
_LINE_END = re.compile(r"\r\n|\r|\n")
_MATCH_END = re.Match.end
Node = Any  # an `ast.AST` or a `libcst.CSTNode`


class FileContext:
    def __init__(self, source: str, path: str = "<string>", target: jaxapi.Version = jaxapi.NEWEST_KNOWN,
                 tree: ast.Module | None = None, cst_source: Callable[[], str] | None = None,
                 written_for: WrittenFor | None = None) -> None:
        """`cst_source`, when given, makes what LibCST parses: a sparse text of `source` with the
        same offsets (see codemods.sparse). `written_for`: the JAX the code was written for, when
        the user or the project's declaration of jax says it (codemods.written_for)."""
        self.source = source
        self.path = path
        self.target = target
        self.written_for = written_for
        self._tree = tree
        self._cst_source = cst_source
        self._cache: dict[str, Any] = {}

    @cached_property
    def tree(self) -> ast.Module:
        """The source parsed by Python's own `ast`, private names mangled as Python compiles them."""
        return self._tree if self._tree is not None else mangle_private_names(ast.parse(self.source))

    @cached_property
    def wrapper(self) -> MetadataWrapper:
        import libcst as cst
        from libcst.metadata import MetadataWrapper

        from codemods.budget import check_libcst_size

        check_libcst_size(self.tree)  # LibCST's parse runs in native code that no timeout stops
        module = cst.parse_module(self._cst_source() if self._cst_source is not None else self.source)
        # Rules hold on to nodes of this very tree, so no defensive copy.
        return MetadataWrapper(module, unsafe_skip_copy=True)

    @property
    def module(self) -> cst.Module:
        return self.wrapper.module

    @cached_property
    def imports(self) -> ImportTable:
        return ImportTable.of(self.tree)

    @cached_property
    def _positions(self):
        from libcst.metadata import PositionProvider

        return self.wrapper.resolve(PositionProvider)

    @cached_property
    def _line_starts(self) -> list[int]:
        starts = [0]
        source = self.source
        if python_line_ends_only(source):  # each line's end, from the lines' lengths (in C)
            lines = source.splitlines(True)
            starts.extend(accumulate(map(len, lines)))
            if lines and lines[-1][-1] not in "\r\n":
                starts.pop()  # the last line has no end: no line starts after it
            return starts
        starts.extend(map(_MATCH_END, _LINE_END.finditer(source)))  # in C
        return starts

    def whole_file(self) -> FileContext:
        """This context, or (when LibCST reads a sparse text) one whose LibCST tree holds the whole
        file: for analyses that must read code the sparse text may blank out (a function's callers)."""
        if self._cst_source is None:
            return self
        return self.cached("context.whole-file", lambda: FileContext(
            self.source, self.path, self.target, tree=self.tree, written_for=self.written_for))

    def cached(self, key: str, compute: Callable[[], T]) -> T:
        """One analysis per file, shared by every rule that asks for it by the same key."""
        if key not in self._cache:
            self._cache[key] = compute()
        return self._cache[key]

    def _column(self, line: int, byte_offset: int) -> int:
        """`ast` columns count UTF-8 bytes; offsets here count characters."""
        start = self._line_starts[line - 1]
        text = self.source[start:start + byte_offset]
        if text.isascii():
            return byte_offset
        return len(self.source[start:].encode("utf-8", "surrogatepass")[:byte_offset].decode("utf-8", "surrogatepass"))

    def _range(self, node: Node) -> tuple[int, int, int, int]:
        """(line, column0, end line, end column0) of `node`, columns in characters."""
        if isinstance(node, ast.AST):
            first = node.decorator_list[0] if getattr(node, "decorator_list", None) else node
            line, end_line = first.lineno, node.end_lineno
            return line, self._column(line, first.col_offset), end_line, self._column(end_line, node.end_col_offset)
        rng = self._positions[node]
        return rng.start.line, rng.start.column, rng.end.line, rng.end.column

    def span(self, node: Node) -> Span:
        line, column, end_line, end_column = self._range(node)
        return Span(line, column + 1, end_line, end_column + 1)

    def offset(self, line: int, column0: int) -> int:
        return self._line_starts[line - 1] + column0

    def offsets(self, node: Node) -> tuple[int, int]:
        line, column, end_line, end_column = self._range(node)
        return self.offset(line, column), self.offset(end_line, end_column)

    def text(self, node: Node) -> str:
        start, end = self.offsets(node)
        return self.source[start:end]

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self._line_starts, offset)

    def replace(self, node: Node, replacement: str) -> Edit:
        start, end = self.offsets(node)
        return Edit(start, end, replacement)

    def newline(self) -> str:
        """The file's first line ending (as LibCST's Module.default_newline)."""
        found = _LINE_END.search(self.source)
        return found.group() if found else "\n"

    def indent_of_line(self, line: int) -> str:
        start = self._line_starts[line - 1]
        text = self.source[start:]
        return text[: len(text) - len(text.lstrip(" \t"))]

    def insert_line_before(self, statement: Node, code: str) -> Edit:
        """A new line holding `code` just above `statement`, with its indentation and newline style."""
        line = self._range(statement)[0]
        at = self._line_starts[line - 1]
        return Edit(at, at, f"{self.indent_of_line(line)}{code}{self.newline()}")

    def starts_line(self, node: Node) -> bool:
        """True when only indentation precedes `node` on its line (a new line can go above it)."""
        line, column, _, _ = self._range(node)
        return column == len(self.indent_of_line(line))
