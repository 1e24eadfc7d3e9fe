"""Code written for the other JAX generation, behind a version guard.

Code that supports both old and new JAX keeps each spelling in its own branch:
- `if hasattr(jax.lax, "pcast"): <new> else: <old>` (any jax module, `not` flips it);
- `try: <one> except (AttributeError | ImportError | ModuleNotFoundError): <other>`: the branch
  that uses an API the target JAX removed is the old one;
- `getattr(jax.lax, "pcast", None) is not None`, also kept in a flag first;
- tests reading `jax.__version__` / `jax.__version_info__` (also through `Version(...)`,
  `version.parse(...)` or a module flag computed from them): evaluated as Python evaluates them on
  the target JAX (version_tests.py: `jax.__version__ >= "0.8"` compares strings); when the test
  cannot be decided, every branch counts as guarded;
- a flag set by a shim (`try: from jax.lax import pvary; OLD = True` / `except ImportError:
  OLD = False`): the value the import's outcome on the target JAX leaves.
A finding (or a fix) in the branch for the other generation would make both branches the same
and drop support for that JAX, so nothing is reported there.
"""
from __future__ import annotations

import ast
from operator import attrgetter
from collections import Counter, deque
from typing import Iterator

from codemods import api_history, jaxapi
from codemods.analysis.bindings import ast_dotted, bindings_of, resolve_dotted
from codemods.analysis.node_children import child_nodes
from codemods.analysis.nodes import nodes_of_type, stored_of_type
from codemods.analysis.version_tests import Undecided, VersionTest

Region = tuple[int, int, int, int]  # first line, first column (0-based, bytes), last line, end column

_SHIM_ERRORS = {"AttributeError", "ImportError", "ModuleNotFoundError"}
_VERSION_ATTRIBUTES = {"__version__", "__version_info__"}


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
    # (the last statement, on the tree alone: leaving_calls.leaves needs a scope guards do not have)
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


def _getattr_none(node: ast.expr, bindings) -> tuple[ast.expr, str] | None:
    """(module, attribute) of `getattr(module, "attribute", None)`."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr" \
            and "getattr" not in bindings and len(node.args) == 3 and not node.keywords and _is_none(node.args[2]) \
            and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str):
        return node.args[0], node.args[1].value
    return None


def _shim_flags(tree: ast.Module) -> dict[str, tuple[list[tuple[str, str]], object, object]]:
    """name -> (the names imported, the flag's value when they all import, its value when one
    does not) for `try: from jax.lax import pvary; OLD = True` / `except ImportError: OLD = False`:
    a try of `from jax... import` statements then constant assignments, one handler catching
    ImportError (a missing name raises it) of constant assignments only, and the flag bound
    nowhere else."""
    found: dict[str, tuple[list[tuple[str, str]], object, object]] = {}
    stores = Counter(map(_ID, stored_of_type(tree, ast.Name)))
    for node in nodes_of_type(tree, ast.Try):
        if len(node.handlers) != 1 or node.orelse or node.finalbody or not _catches_import_error(node.handlers[0]):
            continue
        imports = [stmt for stmt in node.body if isinstance(stmt, ast.ImportFrom)]
        rest = node.body[len(imports):]
        if not imports or any(not stmt.module or stmt.level or not (stmt.module == "jax" or stmt.module.startswith("jax."))
                              for stmt in imports):
            continue
        succeeded, failed = _constants(rest), _constants(node.handlers[0].body)
        if succeeded is None or failed is None:
            continue
        for name in set(succeeded) & set(failed):
            if stores[name] == 2:
                found[name] = ([(stmt.module, alias.name) for stmt in imports for alias in stmt.names],
                               succeeded[name], failed[name])
    return found


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(isinstance(kind, ast.Name) and kind.id == "ImportError" for kind in kinds)


def _constants(body: list[ast.stmt]) -> dict[str, object] | None:
    """name -> value of a block of `name = constant` statements only (else None)."""
    values = {}
    for stmt in body:
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
                and isinstance(stmt.value, ast.Constant)):
            return None
        values[stmt.targets[0].id] = stmt.value.value
    return values


def _bound_names(tree: ast.Module) -> frozenset[str]:
    names = {node.id for node in stored_of_type(tree, ast.Name)} | {node.arg for node in nodes_of_type(tree, ast.arg)}
    for kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
        names.update(node.name for node in nodes_of_type(tree, kind))
    names.update(alias.asname or alias.name.split(".")[0] for kind in (ast.Import, ast.ImportFrom)
                 for node in nodes_of_type(tree, kind) for alias in node.names)
    return frozenset(names)


def _set_attributes(tree: ast.Module) -> tuple[frozenset[str], frozenset[str]]:
    """Attribute names the module sets (`obj.name = ...`, `setattr(obj, "name", ...)`) and deletes
    (`del obj.name`, `delattr`) on any object: a JAX module the program patches has them or lacks
    them whatever the release table says."""
    found: dict[type, set[str]] = {ast.Store: set(), ast.Del: set()}
    for node in stored_of_type(tree, ast.Attribute):
        found[type(node.ctx)].add(node.attr)
    for node in nodes_of_type(tree, ast.Call):
        if isinstance(node.func, ast.Name) and node.func.id in ("setattr", "delattr") and len(node.args) >= 2:
            name = node.args[1].value if isinstance(node.args[1], ast.Constant) else _ANY
            found[ast.Store if node.func.id == "setattr" else ast.Del].add(name if isinstance(name, str) else _ANY)
    return frozenset(found[ast.Store]), frozenset(found[ast.Del])


_ANY = "*"  # (a name computed at run time: `setattr(jax.lax, name, f)` may set any)


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
        self.bound = _bound_names(tree) if tree is not None else frozenset()
        self.shims = _shim_flags(tree) if tree is not None else {}
        self.patched, self.deleted = _set_attributes(tree) if tree is not None else (frozenset(), frozenset())
        self._tests: VersionTest | None = None
        self._mentioning: dict[str, bool] = {}  # flags whose value reads a jax version

    def _canonical(self, node: ast.AST) -> str | None:
        spelled = ast_dotted(node) if isinstance(node, (ast.Name, ast.Attribute)) else None
        return None if spelled is None else resolve_dotted(self.bindings, spelled, frozenset())

    def regions(self, node: ast.AST) -> Iterator[Region]:
        if isinstance(node, (ast.If, ast.IfExp)):
            spans = _block if isinstance(node, ast.If) else _expr  # (branches of statements, or expressions)
            taken = self.decide(node.test)
            if taken is _UNKNOWN:
                yield from spans(node.body) + spans(node.orelse)
            elif taken is not None:
                yield from spans(node.orelse if taken else node.body)
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
        if isinstance(test, ast.Name) and test.id in self.shims:
            imports, succeeded, failed = self.shims[test.id]
            found = [self._has(module, name) for module, name in imports]
            if any(has is None or has is _UNKNOWN for has in found):
                return _UNKNOWN
            return bool(succeeded) if all(found) else bool(failed)
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
        if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.Is, ast.IsNot)) \
                and _is_none(test.comparators[0]) and (found := _getattr_none(test.left, self.bindings)) is not None:
            has = self._has(*found)  # `getattr(jax.lax, "pvary", None) is not None`
            return has if has is None or has is _UNKNOWN or isinstance(test.ops[0], ast.IsNot) else not has
        if self._mentions_version(test):  # evaluated as Python does (version_tests.py)
            try:
                return self._version_test().truth(test)
            except Undecided:
                return _UNKNOWN
        if isinstance(test, ast.BoolOp) and any(self.decide(v) is not None for v in test.values):
            return _UNKNOWN
        return _UNKNOWN if self._mentions_version(test) else None

    def _has(self, module_expr: ast.expr | str, attribute: str):
        """Whether the target JAX has `module.attribute` (hasattr's answer): True, False,
        _UNKNOWN when the release table cannot tell (jaxapi.module_has), None when `module` is
        not a JAX module."""
        module = module_expr if isinstance(module_expr, str) else self._canonical(module_expr)
        if module is None or not (module == "jax" or module.startswith("jax.")):
            return None
        if jaxapi.canonical(f"{module}.{attribute}") in self.removed:
            return False  # (deprecated counts as gone: that branch is the old generation)
        has = jaxapi.module_has(module, attribute, self.target)
        changed = self.deleted if has else self.patched
        if has is None or attribute in changed or _ANY in changed:
            return _UNKNOWN  # (the program itself may add or delete it: `jax.lax.f = ...`)
        return has

    def _mentions_version(self, node: ast.AST, seen: frozenset[str] = frozenset()) -> bool:
        """The test reads a jax version attribute, itself or through the module's flags."""
        return any(isinstance(n, ast.Attribute) and n.attr in _VERSION_ATTRIBUTES
                   and self._canonical(n.value) == "jax"
                   or isinstance(n, ast.Name) and n.id in self.flags and n.id not in seen
                   and self._flag_mentions(n.id, seen) for n in ast.walk(node))

    def _flag_mentions(self, name: str, seen: frozenset[str]) -> bool:
        if name not in self._mentioning:
            self._mentioning[name] = self._mentions_version(self.flags[name], seen | {name})
        return self._mentioning[name]

    def _version_test(self) -> VersionTest:
        if self._tests is None:
            self._tests = VersionTest(self.target, self._version_attribute, self._canonical, self.flags, self.bound)
        return self._tests

    def _version_attribute(self, node: ast.AST) -> str | None:
        if isinstance(node, ast.Attribute) and node.attr in _VERSION_ATTRIBUTES and self._canonical(node.value) == "jax":
            return node.attr
        return None


class _Marker:
    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


_UNKNOWN = _Marker("UNKNOWN")
