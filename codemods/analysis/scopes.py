"""What each scope binds: module-level and per-function tables of functions and right-hand
sides, and the module's view (imports, bindings, which statements can name shard_map)."""
from __future__ import annotations

import ast
from collections import Counter
from dataclasses import dataclass, field

from codemods import jaxapi
from codemods.analysis.names import ImportTable
from codemods.analysis.nodes import (
    DEFS,
    NOT_LITERAL,
    FunctionDef,
    FunctionNode,
    all_param_names,
    block_statements,
    iter_nodes,
    iter_with_scopes,
    literal_value,
    target_names,
)


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
        if isinstance(stmt, DEFS):
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
    if isinstance(scope, DEFS):
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
                if type(node) is ast.Call or type(node) in DEFS:
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
