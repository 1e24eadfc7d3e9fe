"""Code written for the other JAX generation, behind a version guard.

Code that supports both old and new JAX keeps each spelling in its own branch:
- `if hasattr(jax.lax, "pcast"): <new> else: <old>` (any jax module, `not` flips it);
- `try: <one> except (AttributeError | ImportError | ModuleNotFoundError): <other>`: the branch
  that uses an API the target JAX removed is the old one;
- comparisons of `jax.__version__` / `jax.__version_info__` (also through `Version(...)` or
  `version.parse(...)`) with a literal: decided against the target JAX; when the test cannot be
  decided, every branch counts as guarded.
A finding (or a fix) in the branch for the other generation would make both branches the same
and drop support for that JAX, so nothing is reported there.
"""
from __future__ import annotations

import ast
import operator
from operator import attrgetter
from collections import Counter, deque
from typing import Callable, Iterator

from codemods import api_history, jaxapi
from codemods.analysis.bindings import ast_dotted, bindings_of, resolve_dotted
from codemods.analysis.nodes import child_nodes, nodes_of_type, stored_of_type

Region = tuple[int, int, int, int]  # first line, first column (0-based, bytes), last line, end column

_SHIM_ERRORS = {"AttributeError", "ImportError", "ModuleNotFoundError"}
_COMPARE: dict[type, Callable[[object, object], bool]] = {
    ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge,
    ast.Eq: operator.eq, ast.NotEq: operator.ne,
}
_VERSION_ATTRIBUTES = {"__version__", "__version_info__"}
# When the new spellings a guard tests for first appeared.
_ADDED = {"jax.lax.pcast": jaxapi.PCAST_ADDED, jaxapi.SHARD_MAP: jaxapi.JAX_SHARD_MAP_ADDED,
          **api_history.ADDED}


def removed_apis(target: jaxapi.Version) -> frozenset[str]:
    """Canonical names the target JAX removed or deprecated."""
    names = {old for m in jaxapi.MIGRATIONS if target >= m.since for old in m.old}
    if target >= jaxapi.JAX_SHARD_MAP_ADDED:
        names.add(jaxapi.EXPERIMENTAL_SHARD_MAP)
    return frozenset(names) | api_history.removed_names(target)


def other_generation(tree: ast.Module, target: jaxapi.Version) -> list[Region]:
    """Regions of `tree` written for a JAX generation other than `target` (in no particular
    order), found once per tree and target: the findings filter, the fix contract and SF2xx's
    evidence all ask. Nothing edits a parsed tree; callers do not change the list."""
    known = getattr(tree, "_shardfix_regions", None)
    if known is None:
        known = tree._shardfix_regions = {}
    if target not in known:
        guards = _Guards(bindings_of(tree), target, tree)
        found: list[Region] = []
        # From the module's index of nodes by type: each node is judged on its own (the list
        # has no order), so only the kinds that can give a region are looked at.
        for kind in _GUARDING:
            for node in nodes_of_type(tree, kind):
                found.extend(guards.regions(node))
        for kind in _BLOCK_KINDS:
            for node in nodes_of_type(tree, kind):
                for field in ("body", "orelse", "finalbody"):
                    block = getattr(node, field, None)
                    if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                        found.extend(guards.after_early_exit(block))
        known[target] = found
    return known[target]


_GUARDING = (ast.If, ast.IfExp, ast.Try)  # the nodes `_Guards.regions` finds regions at
_HOLDS_BLOCKS = (ast.stmt, ast.excepthandler, ast.match_case, ast.Module)  # statement lists live here only
_BLOCK_KINDS = tuple(kind for kind in vars(ast).values() if isinstance(kind, type) and issubclass(kind, _HOLDS_BLOCKS)
                     and {"body", "orelse", "finalbody"} & set(kind._fields))


def inside(regions: list[Region], line: int, column0: int) -> bool:
    return any((first, col) <= (line, column0) < (last, end) for first, col, last, end in regions)


def _block(body: list[ast.stmt]) -> list[Region]:
    if not body:
        return []
    return [(body[0].lineno, 0, body[-1].end_lineno or body[-1].lineno, body[-1].end_col_offset or 0)]


def _exits(body: list[ast.stmt]) -> bool:
    return bool(body) and isinstance(body[-1], (ast.Return, ast.Raise, ast.Continue, ast.Break))


def _expr(node: ast.expr) -> list[Region]:
    return [(node.lineno, node.col_offset, node.end_lineno or node.lineno, node.end_col_offset or 0)]


def _single_assignments(tree: ast.Module) -> dict[str, ast.expr]:
    """Names bound exactly once in the whole module, by a plain `name = value`: a flag read
    anywhere holds that value (a name bound twice, or any other way, is not a flag). The order
    of the walk does not matter: a name kept has one store, so one value."""
    values: dict[str, ast.expr] = {}
    for node in nodes_of_type(tree, ast.Assign):
        if len(node.targets) == 1 and type(node.targets[0]) is ast.Name:
            values[node.targets[0].id] = node.value
    if not values:
        return values
    # The bindings counted kind by kind from the module's index of nodes by type, in C (a
    # parameter, def or class counts twice: never a flag), and read for the assigned names only.
    stores = Counter(map(_ID, stored_of_type(tree, ast.Name)))
    twice = Counter(map(_ARG, nodes_of_type(tree, ast.arg)))
    for kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
        twice.update(map(_NAME, nodes_of_type(tree, kind)))
    imported = Counter([alias.asname or alias.name.split(".")[0] for kind in (ast.Import, ast.ImportFrom)
                        for node in nodes_of_type(tree, kind) for alias in node.names])
    return {name: value for name, value in values.items()
            if stores[name] + 2 * twice[name] + imported[name] == 1}


_ID, _ARG, _NAME = attrgetter("id"), attrgetter("arg"), attrgetter("name")


def _tries(tree: ast.Module) -> Iterator[ast.Try]:
    """The try statements in `ast.walk`'s order (breadth first: a later one rebinds a name),
    without entering expressions, which hold no statement."""
    queue = deque([tree])
    while queue:
        node = queue.popleft()
        if type(node) is ast.Try:
            yield node
        queue.extend(child for child in child_nodes(node) if not isinstance(child, ast.expr))


def _none_sentinels(tree: ast.Module, flags: dict[str, ast.expr],
                    bindings: dict[str, str | None]) -> dict[str, tuple[ast.expr | str, str]]:
    """local name -> (the module: an expression or its dotted name, attribute name) for `try: from M import a` /
    `except ImportError: a = None`, and `a = getattr(M, "a", None)` assigned once (`flags`)."""
    found: dict[str, tuple[ast.expr | str, str]] = {}
    tries = [node for node in nodes_of_type(tree, ast.Try) if _nones(node)]
    if len(tries) > 1:  # a later one (in breadth-first order) rebinds a name
        tries = [node for node in _tries(tree) if _nones(node)]
    for node in tries:
        nones = _nones(node)
        for stmt in node.body:
            if isinstance(stmt, ast.ImportFrom) and stmt.module and not stmt.level:
                for alias in stmt.names:
                    if (alias.asname or alias.name) in nones:
                        found[alias.asname or alias.name] = (stmt.module, alias.name)
    for name, value in flags.items():
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "getattr" \
                and "getattr" not in bindings and len(value.args) == 3 and not value.keywords \
                and _is_none(value.args[2]) and isinstance(value.args[1], ast.Constant) \
                and isinstance(value.args[1].value, str):
            found[name] = (value.args[0], value.args[1].value)
    return found


def _nones(node: ast.Try) -> set[str]:
    """Names a handler of an import error sets to None."""
    return {t.id for h in node.handlers if _catches_shim_error(h) for stmt in h.body
            if isinstance(stmt, ast.Assign) and _is_none(stmt.value)
            for t in stmt.targets if isinstance(t, ast.Name)}


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _catches_shim_error(handler: ast.ExceptHandler) -> bool:
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(isinstance(kind, ast.Name) and kind.id in _SHIM_ERRORS for kind in kinds)


class _Guards:
    def __init__(self, bindings: dict[str, str | None], target: jaxapi.Version, tree: ast.Module | None = None) -> None:
        self.bindings = bindings
        self.target = target
        self.removed = removed_apis(target)
        self.flags = _single_assignments(tree) if tree is not None else {}
        self.sentinels = _none_sentinels(tree, self.flags, bindings) if tree is not None else {}
        self._deciding: set[str] = set()  # flags being decided (a flag defined from itself)

    def _canonical(self, node: ast.AST) -> str | None:
        spelled = ast_dotted(node) if isinstance(node, (ast.Name, ast.Attribute)) else None
        return None if spelled is None else resolve_dotted(self.bindings, spelled, frozenset())

    def regions(self, node: ast.AST) -> Iterator[Region]:
        if isinstance(node, ast.If):
            taken = self.decide(node.test)
            if taken is _UNKNOWN:
                yield from _block(node.body) + _block(node.orelse)
            elif taken is not None:
                yield from _block(node.orelse if taken else node.body)
        elif isinstance(node, ast.IfExp):
            taken = self.decide(node.test)
            if taken is _UNKNOWN:
                yield from _expr(node.body) + _expr(node.orelse)
            elif taken is not None:
                yield from _expr(node.orelse if taken else node.body)
        elif isinstance(node, ast.Try) and any(_catches_shim_error(h) for h in node.handlers):
            handlers = [stmt for h in node.handlers for stmt in h.body]
            if self._uses_removed(node.body):
                yield from _block(node.body)
            elif self._uses_removed(handlers):
                for handler in node.handlers:
                    yield from _block(handler.body)

    def after_early_exit(self, block: list[ast.stmt]) -> Iterator[Region]:
        """`if <guard>: ...; return` without else: the rest of the block is the other branch."""
        for index, stmt in enumerate(block[:-1]):
            if not isinstance(stmt, ast.If) or stmt.orelse or not _exits(stmt.body):
                continue
            taken = self.decide(stmt.test)
            if taken is _UNKNOWN or taken is True:
                yield from _block(block[index + 1:])
                return

    def _uses_removed(self, body: list[ast.stmt]) -> bool:
        for stmt in body:
            for node in ast.walk(stmt):
                if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    if any(f"{node.module}.{a.name}" in self.removed for a in node.names):
                        return True
                elif isinstance(node, (ast.Name, ast.Attribute)) and self._canonical(node) in self.removed:
                    return True
        return False

    def decide(self, test: ast.expr):
        """True/False: the branch the target JAX takes; _UNKNOWN: a version guard that cannot be
        decided; None: not a version guard."""
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            inner = self.decide(test.operand)
            return inner if inner is None or inner is _UNKNOWN else not inner
        if isinstance(test, ast.Name) and test.id in self.sentinels:
            return self._has(*self.sentinels[test.id])
        if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.Is, ast.IsNot)) \
                and isinstance(test.left, ast.Name) and test.left.id in self.sentinels and _is_none(test.comparators[0]):
            has = self._has(*self.sentinels[test.left.id])
            return has if has is None or has is _UNKNOWN or isinstance(test.ops[0], ast.IsNot) else not has
        if isinstance(test, ast.Name) and test.id in self.flags and test.id not in self._deciding:
            self._deciding.add(test.id)
            try:
                return self.decide(self.flags[test.id])
            finally:
                self._deciding.discard(test.id)
        if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "hasattr" \
                and len(test.args) == 2 and isinstance(test.args[1], ast.Constant) \
                and isinstance(test.args[1].value, str):
            return self._has(test.args[0], test.args[1].value)
        if isinstance(test, ast.Compare) and len(test.ops) == 1 and self._mentions_version(test):
            left, right = self._version_of(test.left), self._version_of(test.comparators[0])
            compare = _COMPARE.get(type(test.ops[0]))
            if compare is None:
                return _UNKNOWN
            if left is _TARGET and isinstance(right, tuple):
                return compare(self._padded(self.target, right), right)
            if right is _TARGET and isinstance(left, tuple):
                return compare(left, self._padded(self.target, left))
            return _UNKNOWN
        if isinstance(test, ast.BoolOp) and any(self.decide(v) is not None for v in test.values):
            return _UNKNOWN
        return _UNKNOWN if self._mentions_version(test) else None

    def _has(self, module_expr: ast.expr | str, attribute: str):
        """Whether the target JAX has `module.attribute` (hasattr's answer); None when `module`
        is not a JAX module."""
        module = module_expr if isinstance(module_expr, str) else self._canonical(module_expr)
        if module is None or not (module == "jax" or module.startswith("jax.")):
            return None
        name = jaxapi.canonical(f"{module}.{attribute}")
        if name in self.removed:
            return False
        added = _ADDED.get(name)
        return _UNKNOWN if added is None else self.target >= added

    @staticmethod
    def _padded(target: jaxapi.Version, like: tuple) -> tuple:
        return tuple(target[:len(like)]) + (0,) * (len(like) - len(target))

    def _mentions_version(self, node: ast.AST) -> bool:
        return any(isinstance(n, ast.Attribute) and n.attr in _VERSION_ATTRIBUTES
                   and self._canonical(n.value) == "jax" for n in ast.walk(node))

    def _version_of(self, node: ast.expr):
        """_TARGET for the running JAX's version, a tuple for a literal version, else None."""
        if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords:
            return self._version_of(node.args[0])  # Version(...), version.parse(...), tuple(...)
        if isinstance(node, ast.Attribute) and node.attr in _VERSION_ATTRIBUTES and self._canonical(node.value) == "jax":
            return _TARGET
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            try:
                return jaxapi.parse_version(node.value)
            except ValueError:
                return None
        if isinstance(node, ast.Tuple) and all(isinstance(e, ast.Constant) and isinstance(e.value, int) for e in node.elts):
            return tuple(e.value for e in node.elts)
        return None


class _Marker:
    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


_UNKNOWN = _Marker("UNKNOWN")
_TARGET = _Marker("TARGET")
