"""shard_map bodies: where they are, what their parameters' specs say, and which mesh axes exist.

Every form real code uses is recognised (issue 3): `jax.shard_map(f, mesh=..., in_specs=...,
out_specs=...)`, the same without `f` as a decorator or called on `f` later, `functools.partial`
of it (as a decorator or called on `f`), the experimental `shard_map(f, mesh, in_specs,
out_specs)` with positional arguments, and every import spelling and alias the import table
resolves. Bodies are nested functions, module functions, lambdas, or `partial(f, ...)` of those.

Works on Python's `ast` (about ten times cheaper to build than LibCST's tree, and its nodes carry
their positions). Names are resolved with the package's own import table and a small
per-function table of assignments.
"""
from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from codemods import jaxapi
from codemods.analysis.names import ImportTable

FunctionDef = ast.FunctionDef | ast.AsyncFunctionDef
FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)


# ---------------------------------------------------------------------------------------------
# Call arguments in source order
# ---------------------------------------------------------------------------------------------
class Arg(NamedTuple):
    """One argument of a call as written: `keyword` for `k=v`, `star` '*' or '**' for unpacking."""

    value: ast.expr
    keyword: str | None = None
    star: str = ""


def call_args(call: ast.Call) -> list[Arg]:
    """The arguments of `call` in the order they are written (`ast` keeps positional and keyword
    ones apart); computed once per call node."""
    cached = getattr(call, "_shardfix_args", None)
    if cached is not None:
        return cached
    found: list[tuple[tuple[int, int], Arg]] = []
    for arg in call.args:
        if isinstance(arg, ast.Starred):
            found.append(((arg.lineno, arg.col_offset), Arg(arg.value, None, "*")))
        else:
            found.append(((arg.lineno, arg.col_offset), Arg(arg)))
    for keyword in call.keywords:
        star = "**" if keyword.arg is None else ""
        found.append(((keyword.lineno, keyword.col_offset), Arg(keyword.value, keyword.arg, star)))
    if call.keywords and call.args:
        found.sort(key=lambda item: item[0])
    result = [arg for _, arg in found]
    call._shardfix_args = result  # type: ignore[attr-defined]
    return result


# ---------------------------------------------------------------------------------------------
# Literals and local names
# ---------------------------------------------------------------------------------------------
def string_value(node: ast.AST | None) -> str | None:
    """The value of a plain string literal ('i', "i", r'i', 'a' 'b'), else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def literal_value(node: ast.AST) -> object:
    """Python value of a literal made of strings, numbers, None/True/False and tuples of those.

    Returns the sentinel NOT_LITERAL for anything else.
    """
    if isinstance(node, ast.Constant):
        value = node.value
        if value is None or isinstance(value, (str, bool, int, float)):
            return value
        return NOT_LITERAL
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = literal_value(node.operand)
        return -inner if isinstance(inner, (int, float)) and not isinstance(inner, bool) else NOT_LITERAL
    if isinstance(node, (ast.Tuple, ast.List)):
        items = []
        for element in node.elts:
            if isinstance(element, ast.Starred):
                return NOT_LITERAL
            value = literal_value(element)
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
# ast.walk/iter_child_nodes are generators that look at every field of every node; this walk is
# iterative, knows each node type's child fields once, and skips expression contexts.
_CHILD_FIELDS: dict[type, tuple[str, ...]] = {}
_LEAF_FIELDS = frozenset({"ctx", "op", "type_comment", "kind"})


def _child_fields(node_type: type) -> tuple[str, ...]:
    found = _CHILD_FIELDS.get(node_type)
    if found is None:
        found = tuple(name for name in node_type._fields if name not in _LEAF_FIELDS)
        _CHILD_FIELDS[node_type] = found
    return found


# Node types that never have node children: the walks skip them without a look.
_LEAVES = frozenset({ast.Name, ast.Constant, ast.Pass, ast.Break, ast.Continue, ast.Global, ast.Nonlocal, ast.alias,
                     ast.Load, ast.Store, ast.Del})


def child_nodes(node: ast.AST) -> list[ast.AST]:
    children: list[ast.AST] = []
    if type(node) in _LEAVES:
        return children
    for name in _child_fields(type(node)):
        value = getattr(node, name, None)
        if isinstance(value, ast.AST):
            children.append(value)
        elif type(value) is list:
            children.extend(item for item in value if isinstance(item, ast.AST))
    return children


def iter_nodes(root: ast.AST, prune: Callable[[ast.AST], bool] | None = None) -> Iterator[ast.AST]:
    """Every node under `root` (itself included), parents before children; below a node for
    which `prune` is true (other than `root`), nothing."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        if prune is not None and node is not root and prune(node):
            continue
        children = child_nodes(node)
        children.reverse()
        stack.extend(children)


def iter_with_scopes(root: ast.AST) -> Iterator[tuple[ast.AST, tuple[FunctionDef, ...]]]:
    """Every node with the functions enclosing it (a def's decorators, defaults and annotations
    are outside it)."""
    stack: list[tuple[ast.AST, tuple]] = [(root, ())]
    while stack:
        node, scopes = stack.pop()
        yield node, scopes
        if isinstance(node, _DEFS):
            inner = scopes + (node,)
            stack.extend((stmt, inner) for stmt in reversed(node.body))
            if node.returns is not None:
                stack.append((node.returns, scopes))
            stack.append((node.args, scopes))
            stack.extend((decorator, scopes) for decorator in reversed(node.decorator_list))
            continue
        children = child_nodes(node)
        children.reverse()
        stack.extend((child, scopes) for child in children)


def child_blocks(stmt: ast.stmt) -> list[list[ast.stmt]]:
    """The statement lists nested in a compound statement (an elif is the If in its orelse)."""
    blocks = []
    for name in ("body", "orelse", "finalbody"):
        block = getattr(stmt, name, None)
        if type(block) is list and block:
            blocks.append(block)
    for handler in getattr(stmt, "handlers", ()) or ():
        blocks.append(handler.body)
    for case in getattr(stmt, "cases", ()) or ():
        blocks.append(case.body)
    return blocks


def block_statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Statements of a block and of its nested blocks (if/for/while/with/try), not of nested defs
    or classes, in source order."""
    stack = list(reversed(body))
    while stack:
        stmt = stack.pop()
        yield stmt
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for block in reversed(child_blocks(stmt)):
            stack.extend(reversed(block))


@dataclass
class Bindings:
    """What one scope binds directly: functions, and the right-hand sides of simple assignments."""

    functions: dict[str, list[FunctionNode]] = field(default_factory=dict)
    values: dict[str, list[ast.expr]] = field(default_factory=dict)
    other: set[str] = field(default_factory=set)  # bound some other way (for, with, params, ...)

    def unique_function(self, name: str) -> FunctionNode | None:
        found = self.functions.get(name, [])
        if len(found) == 1 and name not in self.values and name not in self.other:
            return found[0]
        return None

    def unique_value(self, name: str) -> ast.expr | None:
        found = self.values.get(name, [])
        if len(found) == 1 and name not in self.functions and name not in self.other:
            return found[0]
        return None

    def binds(self, name: str) -> bool:
        return name in self.functions or name in self.values or name in self.other


def bindings_of(scope: FunctionDef | ast.Module) -> Bindings:
    result = Bindings()
    for stmt in block_statements(scope.body):
        if isinstance(stmt, _DEFS):
            result.functions.setdefault(stmt.name, []).append(stmt)
        elif isinstance(stmt, ast.ClassDef):
            result.other.add(stmt.name)
        elif isinstance(stmt, (ast.For, ast.AsyncFor)):
            target_names(stmt.target, result.other)
        elif isinstance(stmt, (ast.With, ast.AsyncWith)):
            for item in stmt.items:
                if item.optional_vars is not None:
                    target_names(item.optional_vars, result.other)
        elif isinstance(stmt, ast.Try) or type(stmt).__name__ == "TryStar":
            result.other.update(handler.name for handler in stmt.handlers if handler.name)
        else:
            _note_simple(stmt, result)
    if isinstance(scope, _DEFS):
        result.other.update(all_param_names(scope.args))
    return result


def _note_simple(stmt: ast.stmt, result: Bindings) -> None:
    if isinstance(stmt, ast.Assign):
        for target in stmt.targets:
            if isinstance(target, ast.Name):
                if isinstance(stmt.value, ast.Lambda):
                    result.functions.setdefault(target.id, []).append(stmt.value)
                else:
                    result.values.setdefault(target.id, []).append(stmt.value)
            else:
                target_names(target, result.other)
    elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
        if stmt.value is not None:
            result.values.setdefault(stmt.target.id, []).append(stmt.value)
    elif isinstance(stmt, ast.AugAssign):
        target_names(stmt.target, result.other)
    elif isinstance(stmt, (ast.Global, ast.Nonlocal)):
        result.other.update(stmt.names)
    # Imports (inside functions too) are left to the import table.


def import_names(stmt: ast.Import | ast.ImportFrom) -> list[str]:
    """The local names an import statement binds (none for `import *`)."""
    return [alias.asname or alias.name.split(".")[0] for alias in stmt.names if alias.name != "*"]


def target_names(target: ast.AST, names: set[str] | None = None) -> set[str]:
    """Names an assignment target binds (into tuples, lists and starred items)."""
    names = set() if names is None else names
    if isinstance(target, ast.Name):
        names.add(target.id)
    elif isinstance(target, (ast.Tuple, ast.List)):
        for element in target.elts:
            target_names(element, names)
    elif isinstance(target, ast.Starred):
        target_names(target.value, names)
    return names


def positional_params(args: ast.arguments) -> list[ast.arg]:
    return list(args.posonlyargs) + list(args.args)


def param_default(args: ast.arguments, param: ast.arg) -> ast.expr | None:
    """The default of a parameter (positional or keyword-only), None when it has none."""
    positional = positional_params(args)
    if param in positional:
        index = positional.index(param) - (len(positional) - len(args.defaults))
        return args.defaults[index] if index >= 0 else None
    index = args.kwonlyargs.index(param)
    return args.kw_defaults[index]


def all_param_names(args: ast.arguments) -> list[str]:
    found = [param.arg for param in positional_params(args) + list(args.kwonlyargs)]
    found.extend(param.arg for param in (args.vararg, args.kwarg) if param is not None)
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
    """Module-level bindings plus lazily computed bindings of each function."""

    def __init__(self, tree: ast.Module, imports: ImportTable, source: str | None = None) -> None:
        """`source`, when given, is the text of `tree`: statements whose text cannot name
        shard_map are then not walked at all (most of a large file)."""
        self.tree = tree
        self.imports = imports
        self.source = source
        self.globals = bindings_of(tree)
        self._locals: dict[int, Bindings] = {}
        # A module-level name bound more than once (in if/try blocks too) is not unique.
        counts = module_binding_counts(tree)
        for name in list(self.globals.functions) + list(self.globals.values):
            if counts.get(name, 0) > 1:
                self.globals.other.add(name)
        self._references: Counter[str] | None = None
        self._volatile: frozenset[str] | None = None
        self.shard_map_names = frozenset(name for name, bound in imports.bindings.items()
                                         if bound in (jaxapi.SHARD_MAP, jaxapi.EXPERIMENTAL_SHARD_MAP))
        self.calls_and_defs: list[tuple[ast.AST, tuple[FunctionDef, ...]]] = []
        for root in self._roots_naming(("shard_map",) + tuple(self.shard_map_names)):
            for node, scopes in iter_with_scopes(root):
                if type(node) is ast.Call or type(node) in _DEFS:
                    self.calls_and_defs.append((node, scopes))

    def _roots_naming(self, words: tuple[str, ...]) -> list[ast.AST]:
        """The top-level statements (class members for a class) whose text holds one of `words`;
        the whole module without the text. A shard_map use is always spelled with one of them."""
        if self.source is None:
            return [self.tree]
        lines = self.source.splitlines(keepends=True)
        roots: list[ast.AST] = []

        def named(stmt: ast.stmt) -> bool:
            first = min([stmt.lineno] + [d.lineno for d in getattr(stmt, "decorator_list", ())])
            text = "".join(lines[first - 1:stmt.end_lineno])
            return any(word in text for word in words)

        for stmt in self.tree.body:
            if isinstance(stmt, ast.ClassDef) and named(stmt):
                # The class's own decorators, bases and keywords are outside its members.
                roots.extend(stmt.decorator_list + stmt.bases + stmt.keywords)
                roots.extend(member for member in stmt.body if named(member))
            elif named(stmt):
                roots.append(stmt)
        return roots

    @property
    def volatile(self) -> frozenset[str]:
        """Names some function rebinds through `global` or `nonlocal`: never followed."""
        if self._volatile is None:
            if self.source is not None and "global" not in self.source and "nonlocal" not in self.source:
                self._volatile = frozenset()
            else:
                self._volatile = frozenset(name for node in iter_nodes(self.tree)
                                           if type(node) in (ast.Global, ast.Nonlocal) for name in node.names)
        return self._volatile

    def references(self, name: str) -> int:
        """How often `name` is used (as a bare name) in the file."""
        if self._references is None:
            self._references = Counter(node.id for node in iter_nodes(self.tree) if type(node) is ast.Name)
        return self._references.get(name, 0)

    def locals_of(self, function: FunctionDef) -> Bindings:
        key = id(function)
        if key not in self._locals:
            self._locals[key] = bindings_of(function)
        return self._locals[key]

    def resolve(self, expr: ast.expr, scopes: tuple[FunctionDef, ...] = (), depth: int = 0) -> str | None:
        """Canonical JAX (or other imported) name of `expr`, honouring local shadowing and local
        aliases such as `P = jax.sharding.PartitionSpec` inside a function."""
        head = expr
        while isinstance(head, ast.Attribute):
            head = head.value
        if not isinstance(head, ast.Name) or depth > 8:
            return None
        for index in range(len(scopes) - 1, -1, -1):
            local = self.locals_of(scopes[index])
            if not local.binds(head.id):
                continue  # imports inside functions are in the import table
            alias = local.unique_value(head.id)
            if expr is head and isinstance(alias, (ast.Name, ast.Attribute)):
                return self.resolve(alias, scopes[: index + 1], depth + 1)
            return None
        return self.imports.resolve(expr)

    def lookup_value(self, name: str, scopes: tuple[FunctionDef, ...]) -> tuple[ast.expr | None, tuple]:
        """The single right-hand side bound to `name` in the innermost scope that binds it."""
        for index in range(len(scopes) - 1, -1, -1):
            local = self.locals_of(scopes[index])
            if local.binds(name):
                return local.unique_value(name), scopes[: index + 1]
        return self.globals.unique_value(name), ()

    def lookup_function(self, name: str, scopes: tuple[FunctionDef, ...]) -> tuple[FunctionNode | None, tuple]:
        for index in range(len(scopes) - 1, -1, -1):
            local = self.locals_of(scopes[index])
            if local.binds(name):
                return local.unique_function(name), scopes[: index + 1]
        return self.globals.unique_function(name), ()

    def constant(self, expr: ast.expr, scopes: tuple[FunctionDef, ...] = (), depth: int = 0) -> object:
        """Literal value of `expr`, following names bound once to literals (module constants)."""
        value = literal_value(expr)
        if value is not NOT_LITERAL or depth > 8:
            return value
        if isinstance(expr, ast.Name):
            bound, outer = self.lookup_value(expr.id, scopes)
            if bound is not None:
                return self.constant(bound, outer, depth + 1)
        if isinstance(expr, (ast.Tuple, ast.List)):
            items = []
            for element in expr.elts:
                if isinstance(element, ast.Starred):
                    return NOT_LITERAL
                item = self.constant(element, scopes, depth + 1)
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

    node: ast.Call = field(repr=False)
    sharded: tuple[str, ...]
    reduced: tuple[str, ...] = ()
    unreduced: tuple[str, ...] = ()
    # The `reduced=` keyword's value node, when it is a set literal of strings.
    reduced_node: ast.expr | None = field(default=None, repr=False)
    reduced_literal: bool = True  # False: reduced= is present but not a literal set


# A spec tree mirrors in_specs/out_specs: Spec, tuple of trees, or None (unknown).
SpecTree = Spec | tuple | None


def is_partition_spec(scope: ModuleScope, func: ast.expr, scopes: tuple[FunctionDef, ...]) -> bool:
    return scope.resolve(func, scopes) == jaxapi.PARTITION_SPEC


def parse_spec(scope: ModuleScope, expr: ast.expr, scopes: tuple[FunctionDef, ...], depth: int = 0) -> SpecTree:
    """Parse an in_specs/out_specs expression into a SpecTree (None where not known)."""
    if depth > 8:
        return None
    if isinstance(expr, ast.Call) and is_partition_spec(scope, expr.func, scopes):
        return _parse_p_call(scope, expr, scopes)
    if isinstance(expr, (ast.Tuple, ast.List)):
        items = []
        for element in expr.elts:
            if isinstance(element, ast.Starred):
                return None
            items.append(parse_spec(scope, element, scopes, depth + 1))
        return tuple(items)
    if isinstance(expr, ast.Name):
        bound, outer = scope.lookup_value(expr.id, scopes)
        if bound is not None:
            return parse_spec(scope, bound, outer, depth + 1)
    return None


def _parse_p_call(scope: ModuleScope, call: ast.Call, scopes: tuple[FunctionDef, ...]) -> Spec | None:
    sharded: list[str] = []
    reduced: tuple[str, ...] = ()
    unreduced: tuple[str, ...] = ()
    reduced_node = None
    reduced_literal = True
    for arg in call_args(call):
        if arg.star:
            return None
        if arg.keyword is not None:
            names = _axis_set(scope, arg.value, scopes)
            if arg.keyword == "reduced":
                reduced_node = arg.value
                if names is None:
                    reduced_literal = False
                else:
                    reduced = names
            elif arg.keyword == "unreduced":
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


def _axis_set(scope: ModuleScope, expr: ast.expr, scopes) -> tuple[str, ...] | None:
    if isinstance(expr, ast.Set):
        names = []
        for element in expr.elts:
            if isinstance(element, ast.Starred):
                return None
            value = scope.constant(element, scopes)
            if not isinstance(value, str):
                return None
            names.append(value)
        return tuple(names)
    value = scope.constant(expr, scopes)
    if isinstance(value, tuple) and all(isinstance(item, str) for item in value):
        return value
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id in ("set", "frozenset") \
            and not expr.args and not expr.keywords:
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


def parse_mesh(scope: ModuleScope, expr: ast.expr, scopes: tuple[FunctionDef, ...], depth: int = 0) -> MeshInfo | None:
    """Mesh axes of `jax.make_mesh(shape, names)` / `Mesh(devices, names)`, followed through names."""
    if depth > 8:
        return None
    if isinstance(expr, ast.Name):
        bound, outer = scope.lookup_value(expr.id, scopes)
        return parse_mesh(scope, bound, outer, depth + 1) if bound is not None else None
    if not isinstance(expr, ast.Call):
        return None
    factory = scope.resolve(expr.func, scopes)
    if factory not in jaxapi.MESH_FACTORIES:
        return None
    args = call_args(expr)
    positional = [arg.value for arg in args if arg.keyword is None and not arg.star]
    keywords = {arg.keyword: arg.value for arg in args if arg.keyword is not None}
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

    node: ast.Call  # the shard_map call (or the decorator's call)
    body: FunctionNode | None
    body_scopes: tuple[FunctionDef, ...]  # functions enclosing the body's definition
    call_scopes: tuple[FunctionDef, ...]  # functions enclosing the shard_map call
    body_ref: ast.Name | None  # the Name by which the call refers to a named body
    decorated: bool  # the body is the function the shard_map decorates
    bound_args: tuple[Arg, ...]  # partial(body, ...) arguments
    in_specs: ast.expr | None
    out_specs: ast.expr | None
    mesh: ast.expr | None
    axis_names: ast.expr | None
    check: object  # check_vma / check_rep literal value (True when absent), NOT_LITERAL if unknown
    experimental: bool


@dataclass(frozen=True)
class _ShardMapArgs:
    body: ast.expr | None
    keywords: dict[str, ast.expr]
    experimental: bool


def shard_map_args(scope: ModuleScope, call: ast.Call, scopes) -> _ShardMapArgs | None:
    """The arguments given to shard_map by `call`, if `call` applies (or partially applies) it."""
    name = scope.resolve(call.func, scopes)
    args = call_args(call)
    if name == jaxapi.PARTIAL:
        if not args or args[0].keyword is not None or args[0].star:
            return None
        name = scope.resolve(args[0].value, scopes)
        args = args[1:]
    if name not in (jaxapi.SHARD_MAP, jaxapi.EXPERIMENTAL_SHARD_MAP):
        return None
    return _bind_shard_map_args(args, name == jaxapi.EXPERIMENTAL_SHARD_MAP)


def _bind_shard_map_args(args: list[Arg], experimental: bool) -> _ShardMapArgs | None:
    if any(arg.star for arg in args):
        return None
    positional = [arg.value for arg in args if arg.keyword is None]
    keywords = {arg.keyword: arg.value for arg in args if arg.keyword is not None}
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
    for node, scopes in scope.calls_and_defs:
        if isinstance(node, ast.Call):
            finder.call(node, scopes)
        elif isinstance(node, _DEFS):
            finder.function(node, scopes)
    return finder.found


class _Finder:
    def __init__(self, scope: ModuleScope) -> None:
        self.scope = scope
        self.found: list[ShardMapUse] = []
        self.handled: set[int] = set()  # calls already used as decorator or applied factory
        bindings = scope.imports.bindings
        self.shard_map_names = scope.shard_map_names
        self.partial_names = {"partial"} | {name for name, bound in bindings.items() if bound == jaxapi.PARTIAL}

    def function(self, node: FunctionDef, scopes) -> None:
        for expr in node.decorator_list:
            if isinstance(expr, ast.Call) and self._mentions_shard_map(expr):
                found = shard_map_args(self.scope, expr, scopes)
                if found is not None and found.body is None:
                    self.handled.add(id(expr))
                    self._add(expr, found, node, scopes, scopes, None, decorated=True)

    def call(self, node: ast.Call, scopes) -> None:
        if id(node) in self.handled or not self._mentions_shard_map(node):
            return
        # `shard_map(mesh=..., ...)(body)` and `partial(shard_map, ...)(body)`
        if isinstance(node.func, ast.Call):
            inner = shard_map_args(self.scope, node.func, scopes)
            if inner is not None and inner.body is None:
                self.handled.add(id(node.func))
                args = call_args(node)
                body_expr = args[0].value if len(args) == 1 and args[0].keyword is None and not args[0].star else None
                self._add_with_body(node.func, inner, body_expr, scopes)
                return
        found = shard_map_args(self.scope, node, scopes)
        if found is not None and found.body is not None:
            self._add_with_body(node, found, found.body, scopes)

    def _mentions_shard_map(self, node: ast.Call) -> bool:
        """Cheap test before resolving anything: the callee (or partial's first argument) is
        spelled `...shard_map` or with a name the imports bind to shard_map."""
        func = node.func.func if isinstance(node.func, ast.Call) else node.func
        if self._spelled_shard_map(func):
            return True
        last = _last_name(func)
        if last is not None and last in self.partial_names:
            first = _first_arg(node.func) if isinstance(node.func, ast.Call) else None
            first = first if first is not None else _first_arg(node)
            return first is not None and self._spelled_shard_map(first)
        return False

    def _spelled_shard_map(self, expr: ast.expr) -> bool:
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


def _first_arg(call: ast.Call) -> ast.expr | None:
    args = call_args(call)
    return args[0].value if args else None


def _last_name(expr: ast.expr) -> str | None:
    if isinstance(expr, ast.Name):
        return expr.id
    if isinstance(expr, ast.Attribute):
        return expr.attr
    return None


def _resolve_body(scope: ModuleScope, expr, scopes, depth: int = 0):
    """(body function, scopes enclosing it, referring Name, partial-bound args) of a body expression."""
    if expr is None or depth > 4:
        return None, (), None, ()
    if isinstance(expr, ast.Lambda):
        return expr, scopes, None, ()
    if isinstance(expr, ast.Name):
        function, outer = scope.lookup_function(expr.id, scopes)
        if function is not None:
            # Scopes enclosing the definition: `outer` ends with the defining function.
            return function, outer, expr, ()
        return None, (), None, ()
    if isinstance(expr, ast.Call) and scope.resolve(expr.func, scopes) == jaxapi.PARTIAL:
        args = call_args(expr)
        if args and args[0].keyword is None and not args[0].star:
            body, body_scopes, ref, bound = _resolve_body(scope, args[0].value, scopes, depth + 1)
            if body is not None and not bound:
                return body, body_scopes, ref, tuple(args[1:])
    return None, (), None, ()
