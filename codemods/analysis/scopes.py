"""What each scope binds: module-level and per-function tables of functions and right-hand
sides, and the module's view (imports, bindings, which statements can name shard_map; the names
that stand for shard_map without spelling it are found in shardmap_spellings.py)."""
from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Callable
from dataclasses import field
from codemods.dataclass_code import dataclass

from codemods import jaxapi
from codemods.suppression import source_lines
from codemods.analysis.changed_classes import changed, changed_attributes
from codemods.analysis.module_writes import bound_outside_imports, patched, patched_jax, rebound_names
from codemods.analysis.bindings import resolve_dotted
from codemods.analysis.names import ImportTable, dotted
from codemods.analysis.root_facts import RootFacts, root_facts
from codemods.analysis.shardmap_spellings import MAX_FORWARDING_DEPTH, Spellings, indirect_names
from codemods.analysis.nodes import (DEFS, NOT_LITERAL, FunctionDef, FunctionNode, all_param_names, attributes_by_name,
                                     block_statements, iter_nodes, literal_value, loaded, names_by_id, nodes_of_type,
                                     target_names, inner_bindings)


@dataclass
class Bindings:
    """What one scope binds directly: functions, and the right-hand sides of simple assignments."""

    functions: dict[str, list[FunctionNode]] = field(default_factory=dict)
    values: dict[str, list[ast.expr]] = field(default_factory=dict)
    other: set[str] = field(default_factory=set)  # bound some other way (for, with, params, ...)
    # Imports written in this scope (a function's own): name -> canonical dotted name.
    imports: dict[str, list[str]] = field(default_factory=dict)

    def unique_function(self, name: str) -> FunctionNode | None:
        found = self.functions.get(name, [])
        if len(found) == 1 and name not in self.values and name not in self.other and name not in self.imports:
            return found[0]
        return None

    def unique_value(self, name: str) -> ast.expr | None:
        found = self.values.get(name, [])
        if len(found) == 1 and name not in self.functions and name not in self.other and name not in self.imports:
            return found[0]
        return None

    def unique_import(self, name: str) -> str | None:
        found = self.imports.get(name, [])
        if len(set(found)) == 1 and not (name in self.functions or name in self.values or name in self.other):
            return found[0]
        return None

    def binds(self, name: str) -> bool:
        return name in self.functions or name in self.values or name in self.other or name in self.imports


def bindings_of(scope: FunctionDef | ast.Module) -> Bindings:
    result = Bindings()
    expression, returned, assign = ast.Expr, ast.Return, ast.Assign
    for stmt in block_statements(scope.body):
        kind = type(stmt)
        if kind is expression or kind is returned:  # most statements of a function: they bind nothing
            continue
        if kind is assign:
            for target in stmt.targets:
                _note_target(target, stmt.value, result)
            continue
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
    result.other.update(inner_bindings(scope), all_param_names(scope.args) if isinstance(scope, DEFS) else ())
    if not isinstance(scope, DEFS):
        result.imports.clear()  # the module's imports: the import table reads them (shims and all)
    return result


def _note_simple(stmt: ast.stmt, result: Bindings) -> None:
    if isinstance(stmt, ast.Assign):
        for target in stmt.targets:
            _note_target(target, stmt.value, result)
    elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
        if stmt.value is not None:
            result.values.setdefault(stmt.target.id, []).append(stmt.value)
    elif isinstance(stmt, ast.AugAssign):
        target_names(stmt.target, result.other)
    elif isinstance(stmt, (ast.Global, ast.Nonlocal)):
        result.other.update(stmt.names)
    elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
        for name, target in imported_names(stmt):
            result.imports.setdefault(name, []).append(target)


def _note_target(target: ast.expr, value: ast.expr, result: Bindings) -> None:
    """`DP, TP = "data", "tensor"` binds each name to its own item."""
    if isinstance(target, ast.Name):
        if isinstance(value, ast.Lambda):
            result.functions.setdefault(target.id, []).append(value)
        else:
            result.values.setdefault(target.id, []).append(value)
    elif isinstance(target, (ast.Tuple, ast.List)) and isinstance(value, (ast.Tuple, ast.List)) \
            and len(target.elts) == len(value.elts) \
            and not any(isinstance(item, ast.Starred) for item in target.elts + value.elts):
        for item_target, item_value in zip(target.elts, value.elts):
            _note_target(item_target, item_value, result)
    elif isinstance(target, (ast.Tuple, ast.List)) \
            and type(value) in (ast.Name, ast.Attribute, ast.Call, ast.Subscript, ast.ListComp):
        # `DP, *REST = AXES`, `a, b = f()`, `a, b = CFG["axes"]`, `(a,) = [f(c) for c in cs]`
        for item_target, item_value in unpacked_items(target, value):
            _note_target(item_target, item_value, result)
    else:
        target_names(target, result.other)


def unpacked_items(target: ast.Tuple | ast.List, value: ast.expr) -> list[tuple[ast.expr, ast.expr]]:
    """Each target of `a, *rest = VALUE` with an item node of VALUE (`VALUE[0]`, `VALUE[1:]`) that
    the interpreter reads only when VALUE has the shape the unpacking needs."""
    from codemods.analysis.pyvalues import UNPACK_SHAPE

    elements = target.elts
    stars = [index for index, element in enumerate(elements) if isinstance(element, ast.Starred)]
    if len(stars) > 1:
        return []
    shape, after = (len(elements), bool(stars)), len(elements) - (stars[0] if stars else 0) - 1
    pairs = []
    for index, element in enumerate(elements):
        if stars and index == stars[0]:
            item: ast.expr = ast.Slice(lower=ast.Constant(index), upper=ast.Constant(-after) if after else None)
            element = element.value
        else:
            item = ast.Constant(index if not stars or index < stars[0] else index - len(elements))
        node = ast.copy_location(ast.Subscript(value=value, slice=item, ctx=ast.Load()), value)
        setattr(node, UNPACK_SHAPE, shape)
        pairs.append((element, node))
    return pairs


def imported_names(stmt: ast.Import | ast.ImportFrom) -> list[tuple[str, str]]:
    """(local name, canonical dotted name) for each name an absolute import binds."""
    found = []
    if isinstance(stmt, ast.Import):
        for alias in stmt.names:
            if alias.asname:
                found.append((alias.asname, jaxapi.canonical(alias.name)))
            else:
                head = alias.name.split(".")[0]
                found.append((head, head))
    elif not stmt.level and stmt.module:
        for alias in stmt.names:
            if alias.name != "*":
                found.append((alias.asname or alias.name, jaxapi.canonical(f"{stmt.module}.{alias.name}")))
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
        # Set by the interpreter: the literal value of an attribute chain read from objects.
        self.evaluate: Callable[[ast.expr, tuple[FunctionDef, ...]], object] | None = None
        # A module-level name bound more than once (in if/try blocks too) is not unique.
        counts = module_binding_counts(tree)
        for name in list(self.globals.functions) + list(self.globals.values):
            if counts.get(name, 0) > 1:
                self.globals.other.add(name)
        self._loads: dict[str, int] = {}
        self._module_references: dict[str, int] = {}
        self._volatile: frozenset[str] | None = None
        self.shard_map_names = frozenset(name for name, bound in imports.bindings.items()
                                         if bound in (jaxapi.SHARD_MAP, jaxapi.EXPERIMENTAL_SHARD_MAP))
        self._classes: dict[str, ast.ClassDef] | None = None
        self._class_of: dict[int, ast.ClassDef] | None = None
        self._attribute_references: dict[str, int] = {}
        self._names_bound_in_code: frozenset[str] | None = None
        self._stored: frozenset[str] | None = None
        self._base_names: frozenset[str] | None = None
        words = ("shard_map",) + tuple(self.shard_map_names)
        walked: dict[int, RootFacts] = {}  # each root is walked once, however often it is asked for

        def facts(roots: list[ast.AST]) -> list[RootFacts]:
            for root in roots:
                if id(root) not in walked:
                    walked[id(root)] = root_facts(tree, root)
            return [walked[id(root)] for root in roots]

        roots = self._roots_naming(words)
        # Names that stand for shard_map without spelling it: `smap = jax.shard_map`, a mapper
        # `m = jax.shard_map(mesh=...)`, a function passing its parameter to shard_map.
        spellings = Spellings()
        self.indirect_names = indirect_names(spellings.of(facts(roots)), frozenset(words))
        for _ in range(MAX_FORWARDING_DEPTH):  # statements naming what was just found join
            wider_roots = self._roots_naming(words + tuple(self.indirect_names)) if self.indirect_names - set(words) else roots
            if wider_roots == roots:  # the same statements (none joined) give the same names
                break
            roots = wider_roots
            wider = indirect_names(spellings.of(facts(roots)), frozenset(words))
            if wider == self.indirect_names:
                break
            self.indirect_names = wider
        self.calls_and_defs: list[tuple[ast.AST, tuple[FunctionDef, ...]]] = [
            item for root_facts in facts(roots) for item in root_facts.calls_and_defs]

    @property
    def classes(self) -> dict[str, ast.ClassDef]:
        """Module-level classes bound once, by name."""
        if self._classes is None:
            found = [stmt for stmt in self.tree.body if isinstance(stmt, ast.ClassDef)]
            self._classes = {cls.name: cls for cls in found if self.globals.binds(cls.name)
                             and not self.globals.functions.get(cls.name) and not self.globals.values.get(cls.name)
                             and sum(1 for other in found if other.name == cls.name) == 1}
        return self._classes

    def class_of(self, function: ast.AST) -> ast.ClassDef | None:
        """The module-level class whose body defines `function` (a method), else None."""
        if self._class_of is None:
            self._class_of = {id(member): cls for cls in self.classes.values() for member in cls.body
                              if isinstance(member, DEFS)}
        return self._class_of.get(id(function))

    @property
    def stored_attributes(self) -> frozenset[str]:
        """Attribute names some code of the module sets on an object (`self.axis = ...`)."""
        if self._stored is None:
            self._stored = frozenset([node.attr for node in nodes_of_type(self.tree, ast.Attribute)
                                      if type(node.ctx) is not ast.Load])  # a Store or a Del
        return self._stored

    def class_value(self, class_name: str, attr: str) -> ast.expr | None:
        """The one right-hand side a module class binds `attr` to in its body, when no code sets
        that attribute on an object and the value names nothing else of the class body."""
        cls = self.classes.get(class_name)
        if cls is None or attr in self.stored_attributes or changed(changed_attributes(self.tree, cls), attr):
            return None  # (setattr, a decorator or metaclass, a class-body `del`: changed_classes.py)
        bindings = bindings_of(cls)
        value = bindings.unique_value(attr)
        if value is None or any(type(node) is ast.Name and bindings.binds(node.id) for node in iter_nodes(value)):
            return None
        return value

    def subclassed(self, cls: ast.ClassDef) -> bool:
        """Some class of the module names `cls` among its bases (its attributes may differ there)."""
        if self._base_names is None:  # one walk per module, not one per question
            self._base_names = frozenset(base.id for node in nodes_of_type(self.tree, ast.ClassDef)
                                         for base in node.bases if isinstance(base, ast.Name))
        return cls.name in self._base_names

    def attribute_references(self, name: str) -> int:
        """How often `.name` is read as an attribute in the file (methods are reached so)."""
        # Per name asked about, from the module's index of attributes by name: a JAX read is
        # told by resolving the chain, which a count over every attribute of a dense file did
        # some 3,000 times a file for a few dozen names asked.
        found = self._attribute_references.get(name)
        if found is None:
            found = self._attribute_references[name] = sum(
                1 for node in attributes_by_name(self.tree).get(name, ()) if not self._jax_read(node))
        return found

    def _jax_read(self, node: ast.Attribute) -> bool:
        """`jax.lax.all_gather` read through an import nothing in the file rebinds: JAX's own
        function, never a method of a module class of that name (`Strategy.all_gather`)."""
        head = node.value
        while type(head) is ast.Attribute:
            head = head.value
        name = self.imports.resolve(node) if type(head) is ast.Name else None
        if name is None or patched(name, patched_jax(self)):
            return False  # `jax.lax.all_gather = strategy.all_gather`: a read of it may run the method
        if self._names_bound_in_code is None:
            self._names_bound_in_code = bound_outside_imports(self.tree)
        return head.id not in self._names_bound_in_code and head.id not in self.volatile

    def _roots_naming(self, words: tuple[str, ...]) -> list[ast.AST]:
        """The top-level statements (class members for a class) whose text holds one of `words`;
        the whole module without the text. A shard_map use is always spelled with one of them."""
        if self.source is None:
            return [self.tree]
        # Each widening round asks again: the lines and each statement's text are made once.
        texts: dict[int, str] | None = self.__dict__.get("_statement_texts")
        if texts is None:
            texts = self._statement_texts = {}
            # Python ends lines at \n, \r\n and \r only (source_lines splits at those).
            self._lines = source_lines(self.source, keepends=True)
        lines = self._lines
        roots: list[ast.AST] = []

        def named(stmt: ast.stmt) -> bool:
            text = texts.get(id(stmt))
            if text is None:
                first = min([stmt.lineno] + [d.lineno for d in getattr(stmt, "decorator_list", ())])
                text = texts[id(stmt)] = "".join(lines[first - 1:stmt.end_lineno])
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
        """Names some function rebinds through `global`, `nonlocal` or `globals()`: never followed."""
        if self._volatile is None:
            self._volatile = rebound_names(self.tree, self.source, self.globals)
        return self._volatile

    def references(self, name: str) -> int:
        """How often `name` is used (as a bare name) in the file."""
        return len(names_by_id(self.tree).get(name, ()))  # the module's index, shared

    def loads(self, name: str) -> int:
        """How often `name` is read (as a bare name) anywhere in the file."""
        found = self._loads.get(name)
        if found is None:  # per name asked about, from the module's index of names
            found = self._loads[name] = len(loaded(names_by_id(self.tree).get(name, ())))
        return found

    def module_references(self, name: str) -> int:
        """Bare-name uses of `name` that can reach its module-level binding: a use inside a
        function or lambda that binds the name itself (a parameter, an assignment, a nested def;
        not `global`/`nonlocal`) is another variable. Comprehension variables are not told
        apart (counted: an overcount only makes the analysis more careful)."""
        if name in self._module_references or name not in names_by_id(self.tree):  # (only a Name spelling it counts)
            return self._module_references.get(name, 0)
        count = 0
        # (node, shadowed, directly in a class body: a store there binds a class attribute)
        stack: list[tuple[ast.AST, bool, bool]] = [(self.tree, False, False)]
        while stack:
            node, shadowed, in_class = stack.pop()
            kind = type(node)
            if kind is ast.Name and node.id == name and not shadowed and not (in_class and type(node.ctx) is not ast.Load):
                count += 1
            if kind in DEFS or kind is ast.Lambda:
                inner = self._shadows(node, name, shadowed)
                outside = list(getattr(node, "decorator_list", ())) + [node.args] + \
                    ([node.returns] if getattr(node, "returns", None) is not None else [])
                inside = node.body if isinstance(node.body, list) else [node.body]
                stack.extend((child, shadowed, in_class) for child in outside)
                stack.extend((child, inner, False) for child in inside)
                continue
            if kind is ast.ClassDef:
                stack.extend((child, shadowed, in_class) for child in node.decorator_list + node.bases
                             + [keyword.value for keyword in node.keywords])
                stack.extend((child, shadowed, True) for child in node.body)
                continue
            stack.extend((child, shadowed, in_class) for child in ast.iter_child_nodes(node))
        self._module_references[name] = count
        return count

    def _shadows(self, function: FunctionNode, name: str, outer: bool) -> bool:
        if isinstance(function, ast.Lambda):
            return outer or name in all_param_names(function.args)
        declared = [stmt for stmt in block_statements(function.body) if isinstance(stmt, (ast.Global, ast.Nonlocal))
                    and name in stmt.names]
        if declared:
            return outer and all(isinstance(stmt, ast.Nonlocal) for stmt in declared)
        return outer or self.locals_of(function).binds(name)

    def locals_of(self, function: FunctionDef) -> Bindings:
        found = self._locals.get(id(function))
        if found is None:  # (a function's bindings are never None)
            found = self._locals[id(function)] = bindings_of(function)
        return found

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
                continue
            imported = local.unique_import(head.id)
            if imported is not None:
                name = dotted(expr)
                return None if name is None else resolve_dotted({head.id: imported}, name)
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
        if name in self.volatile:
            return None, ()  # rebound through `global`, `globals()`, `exec`, the module object: no one binding
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
            if (scopes or not outer and expr.id in self.volatile) and self.evaluate is not None:
                return self.evaluate(expr, scopes)  # a builder's parameter (`P(dp, tp)` in `build(mesh, dp, tp)`);
                # a rebound module name, as the interpreter reads it (settled_globals.py)
        if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) \
                and not any(self.locals_of(function).binds(expr.value.id) for function in scopes):
            bound = self.class_value(expr.value.id, expr.attr)  # `Config.data_axis`
            if bound is not None:
                return self.constant(bound, (), depth + 1)
        if isinstance(expr, (ast.Attribute, ast.Subscript, ast.Call)) and self.evaluate is not None:
            return self.evaluate(expr, scopes)  # `cfg.axes.data`, `AXES["tp"]`: values the interpreter reads
        if isinstance(expr, (ast.Tuple, ast.List)):
            items = []
            for element in expr.elts:
                if isinstance(element, ast.Starred):
                    return self.evaluate(expr, scopes) if self.evaluate is not None else NOT_LITERAL
                item = self.constant(element, scopes, depth + 1)
                if item is NOT_LITERAL:
                    return NOT_LITERAL
                items.append(item)
            return tuple(items)
        return NOT_LITERAL


def method_kind(function: FunctionNode) -> str | None:
    """'plain', 'static', 'class' or 'property' for a def in a class body; None for other
    decorators."""
    decorators = [decorator for decorator in getattr(function, "decorator_list", []) if not _jit_decorator(decorator)]
    if not decorators:
        return "plain"  # a jitted method still receives an object of its class
    if len(decorators) == 1 and isinstance(decorators[0], ast.Name) \
            and decorators[0].id in ("staticmethod", "classmethod"):
        return decorators[0].id[:-len("method")]
    if len(decorators) == 1 and isinstance(decorators[0], (ast.Name, ast.Attribute)) \
            and (decorators[0].id if isinstance(decorators[0], ast.Name) else decorators[0].attr) \
            in ("property", "cached_property"):
        return "property"
    return None


# `jax.named_call` only names the call in the trace: its wrapper calls the method with the same
# arguments, the object included (it flattens nothing), so the method is read as written.
_JIT_SPELLINGS = frozenset({"jax.jit", "jit", "eqx.filter_jit", "equinox.filter_jit", "filter_jit", "jax.named_call"})


def _jit_decorator(decorator: ast.expr) -> bool:
    """`@jax.jit`, `@partial(jax.jit, static_argnums=0)`, `@eqx.filter_jit`, `@jax.named_call`,
    `@partial(jax.named_call, name=...)`: spelled so."""
    if isinstance(decorator, ast.Call) and ast.unparse(decorator.func) in ("partial", "functools.partial") \
            and decorator.args and not any(isinstance(arg, ast.Starred) for arg in decorator.args):
        decorator = decorator.args[0]
    return isinstance(decorator, (ast.Name, ast.Attribute)) and ast.unparse(decorator) in _JIT_SPELLINGS


