"""shard_map bodies: where they are, what their parameters' specs say, and which mesh axes exist.

Every form real code uses is recognised (issue 3): `jax.shard_map(f, mesh=..., in_specs=...,
out_specs=...)`, the same without `f` as a decorator or called on `f` later, `functools.partial`
of it (as a decorator or called on `f`), the experimental `shard_map(f, mesh, in_specs,
out_specs)` with positional arguments, and every import spelling and alias the import table
resolves. Bodies are nested functions, module functions, lambdas, or `partial(f, ...)` of those.

Names are resolved with the package's own import table and a small per-function table of
assignments, never with LibCST's scope providers (too slow for whole trees).
"""
from __future__ import annotations

import ast
import dataclasses
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import libcst as cst

from codemods import jaxapi
from codemods.analysis.names import ImportTable

FunctionNode = cst.FunctionDef | cst.Lambda


# ---------------------------------------------------------------------------------------------
# Literals and local names
# ---------------------------------------------------------------------------------------------
def string_value(node: cst.BaseExpression) -> str | None:
    """The value of a plain string literal ('i', "i", r'i'), else None."""
    if isinstance(node, cst.SimpleString):
        value = node.evaluated_value
        return value if isinstance(value, str) else None
    if isinstance(node, cst.ConcatenatedString):
        value = node.evaluated_value
        return value if isinstance(value, str) else None
    return None


def literal_value(node: cst.BaseExpression) -> object:
    """Python value of a literal made of strings, numbers, None/True/False and tuples of those.

    Returns the sentinel NOT_LITERAL for anything else.
    """
    text = string_value(node)
    if text is not None:
        return text
    if isinstance(node, (cst.Integer, cst.Float)):
        return node.evaluated_value
    if isinstance(node, cst.Name) and node.value in ("None", "True", "False"):
        return {"None": None, "True": True, "False": False}[node.value]
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        inner = literal_value(node.expression)
        return -inner if isinstance(inner, (int, float)) and not isinstance(inner, bool) else NOT_LITERAL
    if isinstance(node, (cst.Tuple, cst.List)):
        items = []
        for element in node.elements:
            if isinstance(element, cst.StarredElement):
                return NOT_LITERAL
            value = literal_value(element.value)
            if value is NOT_LITERAL:
                return NOT_LITERAL
            items.append(value)
        return tuple(items)
    return NOT_LITERAL


class _NotLiteral:
    def __repr__(self) -> str:
        return "NOT_LITERAL"


NOT_LITERAL = _NotLiteral()


# ---------------------------------------------------------------------------------------------
# A fast walk over the tree
# ---------------------------------------------------------------------------------------------
# LibCST's visitors cost ~7x more than this walk (they rebuild every node's children) and recurse
# once per nesting level; this walk is iterative and skips whitespace and punctuation.
_SKIPPED_FIELDS = frozenset({
    "lpar", "rpar", "comma", "leading_lines", "header", "footer", "lines_after_decorators", "semicolon",
    "colon", "equal", "dot", "trailing_whitespace", "empty_lines", "newline", "first_line", "operator",
    "lbracket", "rbracket", "lbrace", "rbrace", "asynchronous", "star_tok",
})
_CHILD_FIELDS: dict[type, tuple[str, ...]] = {}


def _child_fields(node_type: type) -> tuple[str, ...]:
    found = _CHILD_FIELDS.get(node_type)
    if found is None:
        found = tuple(
            f.name for f in dataclasses.fields(node_type)
            if not f.name.startswith("whitespace") and f.name not in _SKIPPED_FIELDS
        )
        _CHILD_FIELDS[node_type] = found
    return found


def child_nodes(node: cst.CSTNode) -> list[cst.CSTNode]:
    children: list[cst.CSTNode] = []
    for name in _child_fields(type(node)):
        value = getattr(node, name)
        if isinstance(value, cst.CSTNode):
            children.append(value)
        elif type(value) in (tuple, list):
            children.extend(item for item in value if isinstance(item, cst.CSTNode))
    return children


def iter_nodes(root: cst.CSTNode, prune: Callable[[cst.CSTNode], bool] | None = None) -> Iterator[cst.CSTNode]:
    """Every node under `root` (itself included) in source order; below a node for which
    `prune` is true (other than `root`), nothing."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        if prune is not None and node is not root and prune(node):
            continue
        children = child_nodes(node)
        children.reverse()
        stack.extend(children)


def iter_with_scopes(root: cst.CSTNode) -> Iterator[tuple[cst.CSTNode, tuple[cst.FunctionDef, ...]]]:
    """Every node with the functions enclosing it (a def's decorators and defaults are outside it)."""
    stack: list[tuple[cst.CSTNode, tuple]] = [(root, ())]
    while stack:
        node, scopes = stack.pop()
        yield node, scopes
        if isinstance(node, cst.FunctionDef):
            inner = scopes + (node,)
            stack.append((node.body, inner))
            stack.append((node.params, scopes))
            stack.extend((decorator, scopes) for decorator in reversed(node.decorators))
            continue
        children = child_nodes(node)
        children.reverse()
        stack.extend((child, scopes) for child in children)


def _block_statements(body: cst.BaseSuite | cst.Module) -> Iterator[cst.CSTNode]:
    """Statements of a block and of its nested blocks (if/for/while/with/try), not of nested defs."""
    stack: list[cst.CSTNode] = list(reversed(body.body)) if not isinstance(body, cst.SimpleStatementSuite) else []
    if isinstance(body, cst.SimpleStatementSuite):
        yield body
        return
    while stack:
        stmt = stack.pop()
        yield stmt
        if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
            continue
        for child in _sub_blocks(stmt):
            if isinstance(child, cst.SimpleStatementSuite):
                stack.append(child)
            else:
                stack.extend(reversed(child.body))


def _sub_blocks(stmt: cst.CSTNode) -> list[cst.BaseSuite]:
    blocks: list[cst.BaseSuite] = []
    body = getattr(stmt, "body", None)
    if isinstance(body, cst.BaseSuite):
        blocks.append(body)
    orelse = getattr(stmt, "orelse", None)
    if isinstance(orelse, (cst.If, cst.Else)):
        if isinstance(orelse, cst.If):
            blocks.extend(_sub_blocks(orelse) + [orelse.body])
        else:
            blocks.append(orelse.body)
    for handler in getattr(stmt, "handlers", ()) or ():
        blocks.append(handler.body)
    final = getattr(stmt, "finalbody", None)
    if isinstance(final, cst.Finally):
        blocks.append(final.body)
    return blocks


@dataclass
class Bindings:
    """What one scope binds directly: functions, and the right-hand sides of simple assignments."""

    functions: dict[str, list[FunctionNode]] = field(default_factory=dict)
    values: dict[str, list[cst.BaseExpression]] = field(default_factory=dict)
    other: set[str] = field(default_factory=set)  # bound some other way (for, with, params, ...)
    imported: set[str] = field(default_factory=set)  # bound by an import (the import table knows it)

    def unique_function(self, name: str) -> FunctionNode | None:
        found = self.functions.get(name, [])
        if len(found) == 1 and name not in self.values and name not in self.other:
            return found[0]
        return None

    def unique_value(self, name: str) -> cst.BaseExpression | None:
        found = self.values.get(name, [])
        if len(found) == 1 and name not in self.functions and name not in self.other:
            return found[0]
        return None

    def binds(self, name: str) -> bool:
        return name in self.functions or name in self.values or name in self.other


def bindings_of(scope: cst.FunctionDef | cst.Module) -> Bindings:
    result = Bindings()
    body = scope if isinstance(scope, cst.Module) else scope.body
    for stmt in _block_statements(body):
        if isinstance(stmt, cst.FunctionDef):
            result.functions.setdefault(stmt.name.value, []).append(stmt)
            continue
        if isinstance(stmt, cst.ClassDef):
            result.other.add(stmt.name.value)
            continue
        if isinstance(stmt, cst.For):
            _note_targets(stmt.target, result.other)
        if isinstance(stmt, cst.With):
            for item in stmt.items:
                if item.asname is not None:
                    _note_targets(item.asname.name, result.other)
        small_statements = stmt.body if isinstance(stmt, (cst.SimpleStatementLine, cst.SimpleStatementSuite)) else ()
        for small in small_statements:
            _note_small(small, result)
    if isinstance(scope, cst.FunctionDef):
        for param in _all_params(scope.params):
            result.other.add(param.name.value)
    return result


def _note_small(small: cst.BaseSmallStatement, result: Bindings) -> None:
    if isinstance(small, cst.Assign):
        for target in small.targets:
            if isinstance(target.target, cst.Name):
                name = target.target.value
                if isinstance(small.value, cst.Lambda):
                    result.functions.setdefault(name, []).append(small.value)
                else:
                    result.values.setdefault(name, []).append(small.value)
            else:
                _note_targets(target.target, result.other)
    elif isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
        if small.value is not None:
            result.values.setdefault(small.target.value, []).append(small.value)
    elif isinstance(small, cst.AugAssign):
        _note_targets(small.target, result.other)
    elif isinstance(small, (cst.Global, cst.Nonlocal)):
        for item in small.names:
            result.other.add(item.name.value)
    elif isinstance(small, (cst.Import, cst.ImportFrom)) and not isinstance(getattr(small, "names", None), cst.ImportStar):
        for alias in small.names:
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                result.imported.add(alias.asname.name.value)
            elif isinstance(alias.name, cst.Name):
                result.imported.add(alias.name.value)
            elif isinstance(alias.name, cst.Attribute):
                head = alias.name
                while isinstance(head, cst.Attribute):
                    head = head.value
                if isinstance(head, cst.Name):
                    result.imported.add(head.value)


def _note_targets(target: cst.BaseExpression, names: set[str]) -> None:
    if isinstance(target, cst.Name):
        names.add(target.value)
    elif isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            _note_targets(element.value, names)
    elif isinstance(target, cst.StarredElement):
        _note_targets(target.value, names)


def _all_params(params: cst.Parameters) -> list[cst.Param]:
    found = list(params.posonly_params) + list(params.params) + list(params.kwonly_params)
    if isinstance(params.star_arg, cst.Param):
        found.append(params.star_arg)
    if params.star_kwarg is not None:
        found.append(params.star_kwarg)
    return found


def module_binding_counts(tree: ast.Module) -> Counter[str]:
    """How many times each name is bound at module level (into if/try/with/for, not defs)."""
    counts: Counter[str] = Counter()
    stack = list(tree.body)
    while stack:
        stmt = stack.pop()
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            counts[stmt.name] += 1
            continue
        targets: list[ast.expr] = []
        if isinstance(stmt, ast.Assign):
            targets = list(stmt.targets)
        elif isinstance(stmt, (ast.AnnAssign, ast.AugAssign)) and (stmt.value is not None or isinstance(stmt, ast.AugAssign)) or isinstance(stmt, (ast.For, ast.AsyncFor)):
            targets = [stmt.target]
        elif isinstance(stmt, (ast.With, ast.AsyncWith)):
            targets = [item.optional_vars for item in stmt.items if item.optional_vars is not None]
        elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
            for alias in stmt.names:
                counts[alias.asname or alias.name.split(".")[0]] += 1
        for target in targets:
            for node in ast.walk(target):
                if isinstance(node, ast.Name):
                    counts[node.id] += 1
        for field_name in ("body", "orelse", "finalbody"):
            stack.extend(getattr(stmt, field_name, []) or [])
        for handler in getattr(stmt, "handlers", []) or []:
            stack.extend(handler.body)
    return counts


# ---------------------------------------------------------------------------------------------
# The module's view: imports, module-level bindings, the function enclosing each node
# ---------------------------------------------------------------------------------------------
class ModuleScope:
    """Module-level bindings plus lazily computed bindings of each function.

    `tree` is Python's `ast` of the *whole* file. The LibCST module may be a sparse text (the
    engine blanks top-level statements no rule can care about), so whether a module-level name
    is bound exactly once, and how often a function is referenced, is read from `tree`.
    """

    def __init__(self, module: cst.Module, imports: ImportTable, tree: ast.Module | None = None) -> None:
        self.module = module
        self.imports = imports
        self.tree = tree
        self.globals = bindings_of(module)
        self._locals: dict[int, Bindings] = {}
        self._full_references: Counter[str] | None = None
        # Names some function rebinds through `global` or `nonlocal`: never followed.
        self.volatile: frozenset[str] = frozenset()
        if tree is not None:
            self._restrict_globals()

    def _restrict_globals(self) -> None:
        """A module-level name bound more than once in the whole file is not unique here either."""
        counts = module_binding_counts(self.tree)
        for name in list(self.globals.functions) + list(self.globals.values):
            if counts.get(name, 0) > 1:
                self.globals.other.add(name)
        self.volatile = frozenset(
            name for node in ast.walk(self.tree) if isinstance(node, (ast.Global, ast.Nonlocal)) for name in node.names
        )

    def references(self, name: str) -> int | None:
        """How often `name` is used in the whole file (None: only the LibCST text is known)."""
        if self.tree is None:
            return None
        if self._full_references is None:
            self._full_references = Counter(node.id for node in ast.walk(self.tree) if isinstance(node, ast.Name))
        return self._full_references.get(name, 0)

    def locals_of(self, function: cst.FunctionDef) -> Bindings:
        key = id(function)
        if key not in self._locals:
            self._locals[key] = bindings_of(function)
        return self._locals[key]

    def resolve(self, expr: cst.BaseExpression, scopes: tuple[cst.FunctionDef, ...] = (), depth: int = 0) -> str | None:
        """Canonical JAX (or other imported) name of `expr`, honouring local shadowing and local
        aliases such as `P = jax.sharding.PartitionSpec` inside a function."""
        head = expr
        while isinstance(head, cst.Attribute):
            head = head.value
        if not isinstance(head, cst.Name) or depth > 8:
            return None
        for index in range(len(scopes) - 1, -1, -1):
            local = self.locals_of(scopes[index])
            if not local.binds(head.value):
                continue  # imports inside functions are in the import table
            alias = local.unique_value(head.value)
            if expr is head and isinstance(alias, (cst.Name, cst.Attribute)):
                return self.resolve(alias, scopes[: index + 1], depth + 1)
            return None
        return self.imports.resolve(expr)

    def lookup_value(self, name: str, scopes: tuple[cst.FunctionDef, ...]) -> tuple[cst.BaseExpression | None, tuple]:
        """The single right-hand side bound to `name` in the innermost scope that binds it."""
        for index in range(len(scopes) - 1, -1, -1):
            local = self.locals_of(scopes[index])
            if local.binds(name):
                return local.unique_value(name), scopes[: index + 1]
        return self.globals.unique_value(name), ()

    def lookup_function(self, name: str, scopes: tuple[cst.FunctionDef, ...]) -> tuple[FunctionNode | None, tuple]:
        for index in range(len(scopes) - 1, -1, -1):
            local = self.locals_of(scopes[index])
            if local.binds(name):
                return local.unique_function(name), scopes[: index + 1]
        return self.globals.unique_function(name), ()

    def constant(self, expr: cst.BaseExpression, scopes: tuple[cst.FunctionDef, ...] = (), depth: int = 0) -> object:
        """Literal value of `expr`, following names bound once to literals (module constants)."""
        value = literal_value(expr)
        if value is not NOT_LITERAL or depth > 8:
            return value
        if isinstance(expr, cst.Name):
            bound, outer = self.lookup_value(expr.value, scopes)
            if bound is not None:
                return self.constant(bound, outer, depth + 1)
        if isinstance(expr, (cst.Tuple, cst.List)):
            items = []
            for element in expr.elements:
                if isinstance(element, cst.StarredElement):
                    return NOT_LITERAL
                item = self.constant(element.value, scopes, depth + 1)
                if item is NOT_LITERAL:
                    return NOT_LITERAL
                items.append(item)
            return tuple(items)
        return NOT_LITERAL


# ---------------------------------------------------------------------------------------------
# Specs and meshes
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Spec:
    """One PartitionSpec: the axes it shards on (varying), plus reduced= and unreduced=."""

    node: cst.Call = field(repr=False)
    sharded: tuple[str, ...]
    reduced: tuple[str, ...] = ()
    unreduced: tuple[str, ...] = ()
    # The `reduced=` keyword's value node, when it is a set literal of strings.
    reduced_node: cst.BaseExpression | None = field(default=None, repr=False)
    reduced_literal: bool = True  # False: reduced= is present but not a literal set


# A spec tree mirrors in_specs/out_specs: Spec, tuple of trees, or None (unknown).
SpecTree = Spec | tuple | None


def is_partition_spec(scope: ModuleScope, func: cst.BaseExpression, scopes: tuple[cst.FunctionDef, ...]) -> bool:
    return scope.resolve(func, scopes) == jaxapi.PARTITION_SPEC


def parse_spec(scope: ModuleScope, expr: cst.BaseExpression, scopes: tuple[cst.FunctionDef, ...], depth: int = 0) -> SpecTree:
    """Parse an in_specs/out_specs expression into a SpecTree (None where not known)."""
    if depth > 8:
        return None
    if isinstance(expr, cst.Call) and is_partition_spec(scope, expr.func, scopes):
        return _parse_p_call(scope, expr, scopes)
    if isinstance(expr, (cst.Tuple, cst.List)):
        items = []
        for element in expr.elements:
            if isinstance(element, cst.StarredElement):
                return None
            items.append(parse_spec(scope, element.value, scopes, depth + 1))
        return tuple(items)
    if isinstance(expr, cst.Name) and expr.value not in ("None", "True", "False"):
        bound, outer = scope.lookup_value(expr.value, scopes)
        if bound is not None:
            return parse_spec(scope, bound, outer, depth + 1)
    return None


def _parse_p_call(scope: ModuleScope, call: cst.Call, scopes: tuple[cst.FunctionDef, ...]) -> Spec | None:
    sharded: list[str] = []
    reduced: tuple[str, ...] = ()
    unreduced: tuple[str, ...] = ()
    reduced_node = None
    reduced_literal = True
    for arg in call.args:
        if arg.star:
            return None
        if arg.keyword is not None:
            names = _axis_set(scope, arg.value, scopes)
            if arg.keyword.value == "reduced":
                reduced_node = arg.value
                if names is None:
                    reduced_literal = False
                else:
                    reduced = names
            elif arg.keyword.value == "unreduced":
                if names is None:
                    return None
                unreduced = names
            else:
                return None
            continue
        entry = scope.constant(arg.value, scopes)
        if entry is None:
            continue
        if isinstance(entry, str):
            sharded.append(entry)
        elif isinstance(entry, tuple) and all(isinstance(item, str) for item in entry):
            sharded.extend(entry)
        else:
            return None
    return Spec(call, tuple(sharded), reduced, unreduced, reduced_node, reduced_literal)


def _axis_set(scope: ModuleScope, expr: cst.BaseExpression, scopes) -> tuple[str, ...] | None:
    if isinstance(expr, cst.Set):
        names = []
        for element in expr.elements:
            if isinstance(element, cst.StarredElement):
                return None
            value = scope.constant(element.value, scopes)
            if not isinstance(value, str):
                return None
            names.append(value)
        return tuple(names)
    value = scope.constant(expr, scopes)
    if isinstance(value, tuple) and all(isinstance(item, str) for item in value):
        return value
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value in ("set", "frozenset") \
            and not expr.args:
        return ()
    return None


@dataclass(frozen=True)
class MeshInfo:
    axes: tuple[str, ...]
    sizes: tuple[int, ...] | None = None

    def size(self, axis: str) -> int | None:
        if self.sizes is None or axis not in self.axes:
            return None
        return self.sizes[self.axes.index(axis)]


def parse_mesh(scope: ModuleScope, expr: cst.BaseExpression, scopes: tuple[cst.FunctionDef, ...], depth: int = 0) -> MeshInfo | None:
    """Mesh axes of `jax.make_mesh(shape, names)` / `Mesh(devices, names)`, followed through names."""
    if depth > 8:
        return None
    if isinstance(expr, cst.Name):
        bound, outer = scope.lookup_value(expr.value, scopes)
        return parse_mesh(scope, bound, outer, depth + 1) if bound is not None else None
    if not isinstance(expr, cst.Call):
        return None
    factory = scope.resolve(expr.func, scopes)
    if factory not in jaxapi.MESH_FACTORIES:
        return None
    positional = [arg.value for arg in expr.args if arg.keyword is None and not arg.star]
    keywords = {arg.keyword.value: arg.value for arg in expr.args if arg.keyword is not None}
    names_node = keywords.get("axis_names", positional[1] if len(positional) > 1 else None)
    if names_node is None:
        return None
    names = scope.constant(names_node, scopes)
    if isinstance(names, str):
        names = (names,)
    if not isinstance(names, tuple) or not all(isinstance(name, str) for name in names):
        return None
    sizes = None
    if factory == "jax.make_mesh":
        shape_node = keywords.get("axis_shapes", positional[0] if positional else None)
        shape = scope.constant(shape_node, scopes) if shape_node is not None else NOT_LITERAL
        if isinstance(shape, tuple) and len(shape) == len(names) and all(isinstance(n, int) for n in shape):
            sizes = shape
    return MeshInfo(names, sizes)


# ---------------------------------------------------------------------------------------------
# shard_map calls
# ---------------------------------------------------------------------------------------------
@dataclass
class ShardMapUse:
    """One application of shard_map to a body."""

    node: cst.CSTNode  # the shard_map call (or the decorator's call)
    body: FunctionNode | None
    body_scopes: tuple[cst.FunctionDef, ...]  # functions enclosing the body's definition
    call_scopes: tuple[cst.FunctionDef, ...]  # functions enclosing the shard_map call
    body_ref: cst.Name | None  # the Name by which the call refers to a named body
    decorated: bool  # the body is the function the shard_map decorates
    bound_args: tuple[cst.Arg, ...]  # partial(body, ...) arguments
    in_specs: cst.BaseExpression | None
    out_specs: cst.BaseExpression | None
    mesh: cst.BaseExpression | None
    axis_names: cst.BaseExpression | None
    check: object  # check_vma / check_rep literal value (True when absent), NOT_LITERAL if unknown
    experimental: bool


@dataclass(frozen=True)
class _ShardMapArgs:
    body: cst.BaseExpression | None
    keywords: dict[str, cst.BaseExpression]
    experimental: bool


def shard_map_args(scope: ModuleScope, call: cst.Call, scopes) -> _ShardMapArgs | None:
    """The arguments given to shard_map by `call`, if `call` applies (or partially applies) it."""
    name = scope.resolve(call.func, scopes)
    args = list(call.args)
    if name == jaxapi.PARTIAL:
        if not args or args[0].keyword is not None or args[0].star:
            return None
        name = scope.resolve(args[0].value, scopes)
        args = args[1:]
    if name not in (jaxapi.SHARD_MAP, jaxapi.EXPERIMENTAL_SHARD_MAP):
        return None
    return _bind_shard_map_args(args, name == jaxapi.EXPERIMENTAL_SHARD_MAP)


def _bind_shard_map_args(args: list[cst.Arg], experimental: bool) -> _ShardMapArgs | None:
    if any(arg.star for arg in args):
        return None
    positional = [arg.value for arg in args if arg.keyword is None]
    keywords = {arg.keyword.value: arg.value for arg in args if arg.keyword is not None}
    names = ("f", "mesh", "in_specs", "out_specs") if experimental else ("f",)
    if len(positional) > len(names):
        return None
    for index, value in enumerate(positional):
        keywords[names[index]] = value
    body = keywords.pop("f", None)
    return _ShardMapArgs(body, keywords, experimental)


def find_shard_maps(scope: ModuleScope) -> list[ShardMapUse]:
    """Every use of shard_map in the module, in source order."""
    finder = _Finder(scope)
    for node, scopes in iter_with_scopes(scope.module):
        if isinstance(node, cst.FunctionDef):
            finder.function(node, scopes)
        elif isinstance(node, cst.Call):
            finder.call(node, scopes)
    return finder.found


class _Finder:
    def __init__(self, scope: ModuleScope) -> None:
        self.scope = scope
        self.found: list[ShardMapUse] = []
        self.handled: set[int] = set()  # calls already used as decorator or applied factory
        bindings = scope.imports.bindings
        self.shard_map_names = {name for name, bound in bindings.items()
                                if bound in (jaxapi.SHARD_MAP, jaxapi.EXPERIMENTAL_SHARD_MAP)}
        self.partial_names = {"partial"} | {name for name, bound in bindings.items() if bound == jaxapi.PARTIAL}

    def function(self, node: cst.FunctionDef, scopes) -> None:
        for decorator in node.decorators:
            expr = decorator.decorator
            if isinstance(expr, cst.Call) and self._mentions_shard_map(expr):
                found = shard_map_args(self.scope, expr, scopes)
                if found is not None and found.body is None:
                    self.handled.add(id(expr))
                    self._add(expr, found, node, scopes, scopes, None, decorated=True)

    def call(self, node: cst.Call, scopes) -> None:
        if id(node) in self.handled or not self._mentions_shard_map(node):
            return
        # `shard_map(mesh=..., ...)(body)` and `partial(shard_map, ...)(body)`
        if isinstance(node.func, cst.Call):
            inner = shard_map_args(self.scope, node.func, scopes)
            if inner is not None and inner.body is None:
                self.handled.add(id(node.func))
                positional = [arg for arg in node.args if arg.keyword is None and not arg.star]
                body_expr = positional[0].value if len(positional) == 1 and len(node.args) == 1 else None
                self._add_with_body(node.func, inner, body_expr, scopes)
                return
        found = shard_map_args(self.scope, node, scopes)
        if found is not None and found.body is not None:
            self._add_with_body(node, found, found.body, scopes)

    def _mentions_shard_map(self, node: cst.Call) -> bool:
        """Cheap test before resolving anything: the callee (or partial's first argument) is
        spelled `...shard_map` or with a name the imports bind to shard_map."""
        func = node.func.func if isinstance(node.func, cst.Call) else node.func
        if self._spelled_shard_map(func):
            return True
        last = _last_name(func)
        if last is not None and last in self.partial_names:
            first = node.func.args[0].value if isinstance(node.func, cst.Call) and node.func.args else None
            first = first if first is not None else (node.args[0].value if node.args else None)
            return first is not None and self._spelled_shard_map(first)
        return False

    def _spelled_shard_map(self, expr: cst.BaseExpression) -> bool:
        last = _last_name(expr)
        return last is not None and (last == "shard_map" or last in self.shard_map_names)

    def _add_with_body(self, node, found: _ShardMapArgs, body_expr, scopes) -> None:
        body, body_scopes, ref, bound = _resolve_body(self.scope, body_expr, scopes)
        self._add(node, found, body, body_scopes, scopes, ref, decorated=False, bound=bound)

    def _add(self, node, found: _ShardMapArgs, body, body_scopes, call_scopes, ref, *, decorated, bound=()) -> None:
        keywords = found.keywords
        check_node = keywords.get("check_rep" if found.experimental else "check_vma")
        if check_node is None and found.experimental:
            check_node = keywords.get("check_vma")
        check = True if check_node is None else self.scope.constant(check_node, call_scopes)
        self.found.append(
            ShardMapUse(
                node=node,
                body=body,
                body_scopes=body_scopes,
                call_scopes=call_scopes,
                body_ref=ref,
                decorated=decorated,
                bound_args=tuple(bound),
                in_specs=keywords.get("in_specs"),
                out_specs=keywords.get("out_specs"),
                mesh=keywords.get("mesh"),
                axis_names=keywords.get("axis_names"),
                check=check,
                experimental=found.experimental,
            )
        )


def _last_name(expr: cst.BaseExpression) -> str | None:
    if isinstance(expr, cst.Name):
        return expr.value
    if isinstance(expr, cst.Attribute):
        return expr.attr.value
    return None


def _resolve_body(scope: ModuleScope, expr, scopes, depth: int = 0):
    """(body function, scopes enclosing it, referring Name, partial-bound args) of a body expression."""
    if expr is None or depth > 4:
        return None, (), None, ()
    if isinstance(expr, cst.Lambda):
        return expr, scopes, None, ()
    if isinstance(expr, cst.Name):
        function, outer = scope.lookup_function(expr.value, scopes)
        if function is not None:
            # Scopes enclosing the definition: `outer` ends with the defining function.
            return function, outer, expr, ()
        return None, (), None, ()
    if isinstance(expr, cst.Call) and scope.resolve(expr.func, scopes) == jaxapi.PARTIAL and expr.args:
        first = expr.args[0]
        if first.keyword is None and not first.star:
            body, body_scopes, ref, bound = _resolve_body(scope, first.value, scopes, depth + 1)
            if body is not None and not bound:
                return body, body_scopes, ref, tuple(expr.args[1:])
    return None, (), None, ()
