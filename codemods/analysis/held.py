"""Module functions held in module containers (issue 13): a table of branches
(`NORMALIZERS = [_identity, _max_norm]` handed to `lax.switch`) and a registry a decorator
fills (`@register("rows")` over a def, with `def register(name): def deco(fn): TABLE[name] = fn;
return fn; return deco` and `TABLE = {}`), or by statements of the module's own level alone
(`TABLE["total"] = total`).

A held function runs wherever its container is read, so a verdict in it counts only when every
read that may reach it was analysed: a read by a literal key (`TABLE["rows"]`, `BRANCHES[1]`)
reaches that entry only; any other read reaches them all; a table the module never reads is
there for other modules (which may call its functions anywhere). A registry is read as its entries only
when it is filled by nothing but such decorators, each with a literal key, and read only inside
functions (which run after the module has registered everything). Which functions are such
decorators is read in registering_decorators.py.
"""
from __future__ import annotations

from codemods.dataclass_code import dataclass
from typing import TYPE_CHECKING

import ast

from codemods import jaxapi
from codemods.analysis.kept_keywords import (decorator_keywords, decorator_param, keyword_factory, keywords_value, record_keys,
                                             param_factory)
from codemods.analysis.mutation import MUTATORS, mutated_names
from codemods.analysis.node_children import child_nodes
from codemods.analysis.nodes import (DEFS, block_statements, import_names, iter_nodes, iter_with_scopes, loaded,
                                     module_node, module_parents, nodes_of_type, positional_params)
from codemods.analysis.handed_tables import handed_table
from codemods.analysis.registry_objects import filed_def
from codemods.analysis.registry_reads import entry_reads
from codemods.analysis.registering_decorators import RegisteringDecorators
from codemods.analysis.values import ClassValue, Const, DictValue, Function, JaxName, Partial, TupleValue, Value

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame


@dataclass(frozen=True)
class _Table:
    entries: tuple[tuple[object, ast.FunctionDef], ...]  # (key or index, the module def held there)
    references: frozenset[int]  # the Name nodes that put the defs there (not reads of the container)
    reads: tuple[tuple[ast.Name, tuple], ...]  # every other use of the container's name, with its scopes
    registry: bool
    callees: tuple[tuple[int, ast.Name], ...] = ()  # a listed registry: (id of `r` in `r(x)`, the read iterated)
    # A registry of `(fn, keywords)` pairs (kept_keywords): the decorator's keywords of each entry, in order.
    keywords: tuple[tuple[tuple[str, ast.Constant], ...], ...] | None = None
    kept: tuple[ast.expr, ...] | None = None  # `(fn, axes)` pairs: what each decorator line gave `axes`
    record: tuple[str, str] | None = None  # the keys of a `{"impl": fn, "default": kw}` record (kept_keywords)


class Held(RegisteringDecorators):
    """The held-function half of the Interpreter (which supplies scope, analysed_refs,
    module_frame and the parent map of Instances)."""

    def _held_tables(self) -> dict[str, _Table]:
        tables = self._class_tables.get("held")
        if tables is None:
            tables = self._class_tables["held"] = {}
            for stmt in self.scope.tree.body:
                target = stmt.targets[0] if type(stmt) is ast.Assign and len(stmt.targets) == 1 else \
                    stmt.target if type(stmt) is ast.AnnAssign and stmt.value is not None else None  # `T: dict = {}`
                if type(target) is ast.Name:
                    name = target.id
                    if self._bound_once(name, stmt) and name not in self.scope.volatile:
                        table = self._literal_table(name, stmt.value) or self._registry_table(name, stmt.value)
                        if table is not None:
                            tables[name] = table
        return tables

    def _literal_table(self, name: str, literal: ast.expr) -> _Table | None:
        if type(literal) in (ast.List, ast.Tuple):
            pairs = list(enumerate(literal.elts))
        elif type(literal) is ast.Dict and all(_plain_key(key) for key in literal.keys):
            keys = [self._key_value(key, ()) for key in literal.keys]
            if any(key is None for key in keys) or len(set(keys)) != len(keys):
                return None
            pairs = list(zip(keys, literal.values))
        else:
            return None
        # `("per_scene", partial(collect, ...))`: a record of the entry, read by the entry's key too
        pairs = [(key, item) for key, node in pairs
                 for item in (node.elts if type(node) in (ast.Tuple, ast.List) else (node,))]
        entries = [(key, found) for key, node in pairs if (found := self._entry_name(node)) is not None]
        if not entries or name in mutated_names(self.scope.tree):  # (the whole-module pass last: it costs most)
            return None
        return _Table(tuple((key, self.scope.globals.unique_function(node.id)) for key, node in entries),
                      frozenset(id(node) for _, node in entries), self._uses(name, frozenset()), False)

    def _entry_name(self, node: ast.expr) -> ast.Name | None:
        """The name of the module def an entry holds: `f`, or `partial(f, ...)`."""
        if type(node) is ast.Call and node.args and type(node.args[0]) is ast.Name \
                and self._jax_callee(node.func, self.module_frame) == JaxName(jaxapi.PARTIAL):
            node = node.args[0]
        return node if type(node) is ast.Name and self.scope.globals.unique_function(node.id) is not None else None

    def _empty_dict_call(self, node: ast.expr) -> bool:
        """`collections.OrderedDict()` or `dict()`: an empty dict, as `{}` is."""
        return type(node) is ast.Call and not node.args and not node.keywords and (
            self.scope.resolve(node.func) == "collections.OrderedDict" or type(node.func) is ast.Name
            and node.func.id == "dict" and not self.scope.globals.binds("dict") and "dict" not in self.scope.imports.bindings)

    def _registry_table(self, name: str, literal: ast.expr) -> _Table | None:
        if type(literal) is ast.List and not literal.elts:
            return self._listed_registry(name)
        if not (type(literal) is ast.Dict and not literal.keys or self._empty_dict_call(literal)):
            return None
        stores, entries = [], []
        for node in iter_nodes(self.scope.tree):
            if type(node) is ast.Subscript and not isinstance(node.ctx, ast.Load) and _root(node) == name:
                stores.append(node)
            elif type(node) is ast.Call and type(node.func) is ast.Attribute and node.func.attr in MUTATORS \
                    and _root(node.func.value) == name:
                return None
        written = [store for store in stores if self._written_entry(store) is not None]
        stores = [store for store in stores if store not in written]  # `TABLE["ece"] = ECE` at module level
        if not stores and written:  # such statements alone fill it: no decorator files anything
            entries = [self._written_entry(store) for store in written]
            reads = self._uses(name, frozenset(id(store.value) for store in written))
            if len({key for key, _ in entries}) != len(entries) or any(not scopes for _, scopes in reads) or not all(
                    _looked_up(read, self._parent_map().get(id(read)), self._key_readers()) for read, _ in reads):
                return None  # a key filed twice, a read at module level, or the table handed on
            return _Table(tuple(entries), frozenset(), reads, True)
        if len(stores) != 1 or type(stores[0].value) is not ast.Name:
            return None if stores else handed_table(self, name)  # `@register(TABLE, "k")` (handed_tables.py)
        factory, param = self._registering_factory(stores[0]), None
        paired = factory is None and (factory := keyword_factory(self.scope, stores[0])) is not None
        if factory is None and (found := param_factory(self.scope, stores[0])) is not None:
            (factory, param), paired = found, True  # `(fn, axes)` pairs (kept_keywords.py)
        if paired and mutated_names(self.scope.tree) - {name}:
            return None  # a stored keywords dict might be changed through some other name
        by_name = factory is None
        factory = factory or self._registering_decorator(stores[0])
        if factory is None:
            return None
        uses, kept = 0, []
        for stmt in self.scope.tree.body:
            for decorator in getattr(stmt, "decorator_list", []):
                if by_name and type(decorator) is ast.Name and decorator.id == factory.name:
                    # `@register`: fn.__name__ (of a class without a metaclass: its name as written)
                    named = isinstance(stmt, DEFS) or type(stmt) is ast.ClassDef and not stmt.keywords
                    key = _name_key(stores[0].slice, stmt.name) if named else None
                elif paired and type(decorator) is ast.Call and type(decorator.func) is ast.Name \
                        and decorator.func.id == factory.name:
                    key, keywords = decorator_keywords(decorator, factory) if param is None else \
                        decorator_param(decorator, factory, param)
                    if keywords is None:
                        return None
                    kept.append(keywords)
                elif not by_name and type(decorator) is ast.Call and type(decorator.func) is ast.Name \
                        and decorator.func.id == factory.name:
                    key = _given_key(decorator, factory)
                else:
                    continue
                if not self._one_def(stmt) or len(stmt.decorator_list) != 1 or type(key) is not ast.Constant \
                        or type(key.value) not in (str, int):  # `@stage(3)` as well as `@register("rows")`
                    return None
                entries.append((key.value, stmt))
                uses += 1
        entries += [self._written_entry(store) for store in written]
        keys = [key for key, _ in entries]
        if not entries or uses != self.scope.module_references(factory.name) or len(set(keys)) != len(keys):
            return None  # the factory used some other way, or a key registered twice
        reads = self._uses(name, frozenset({id(stores[0].value)} | {id(store.value) for store in written}))
        if any(not scopes for _, scopes in reads):
            return None  # read at module level: maybe before every def is registered
        if not all(_looked_up(read, self._parent_map().get(id(read)), self._key_readers()) for read, _ in reads):
            return None  # handed on somewhere: what else fills it is not known
        return _Table(tuple(entries), frozenset(), reads, True, keywords=tuple(kept) if paired and param is None else None,
                      kept=tuple(kept) if param is not None else None,
                      record=record_keys(self.scope, stores[0]) if paired and param is None else None)

    def _bound_once(self, name: str, stmt: ast.stmt) -> bool:
        """`name` is bound at module level by `stmt` alone (`TABLE["ece"] = ECE` binds no name,
        though the module's binding counts take it for one)."""
        globals_ = self.scope.globals
        if globals_.unique_value(name) is stmt.value:
            return True
        if globals_.values.get(name) != [stmt.value] or name in globals_.functions or name in globals_.imports:
            return False
        for other in block_statements(self.scope.tree.body):
            if other is stmt or type(other) is ast.Assign and all(type(t) is ast.Subscript for t in other.targets):
                continue
            if type(other) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef) and other.name == name \
                    or type(other) in (ast.Import, ast.ImportFrom) and name in import_names(other) \
                    or type(other) in (ast.Global, ast.Nonlocal) and name in other.names \
                    or name in {n.id for n in iter_nodes(other) if type(n) is ast.Name and type(n.ctx) is not ast.Load}:
                return False
        return True

    def _written_entry(self, store: ast.Subscript) -> tuple[str, ast.AST] | None:
        """(key, def) of `TABLE["ece"] = ExpectedCalibrationError`, a statement of the module's
        own level (run before any function reads the table) filing a module def or class under
        a literal key beside what the decorators file; None for any other store."""
        stmt = next((stmt for stmt in self.scope.tree.body if type(stmt) is ast.Assign and stmt.targets == [store]),
                    None)
        if stmt is None or type(store.value) is not ast.Name or type(store.slice) is not ast.Constant \
                or type(store.slice.value) is not str or type(stmt.value) is not ast.Name:
            return None
        name = stmt.value.id
        held = self.scope.classes.get(name) or self.scope.globals.unique_function(name)
        return (store.slice.value, held) if held is not None and self._one_def(held) else None

    def _one_def(self, stmt: ast.stmt) -> bool:
        """A module def, or a module class (`@strategy("pareto") class Pareto`), bound only there."""
        if type(stmt) is ast.ClassDef:
            return self.scope.classes.get(stmt.name) is stmt and self.scope.globals.unique_value(stmt.name) is None \
                and stmt.name not in self.scope.volatile and self.scope.globals.unique_function(stmt.name) is None
        return isinstance(stmt, DEFS) and self.scope.globals.unique_function(stmt.name) is stmt

    def _listed_registry(self, name: str) -> _Table | None:
        """`RULES = []` filled only by `def rule(fn): RULES.append(fn); return fn` over module defs
        (`@rule`, its only decorator), read only in functions by a `for` or a comprehension whose
        target is only ever called (`sum(r(x) for r in RULES)`): each read runs every entry."""
        appends = []
        for node in iter_nodes(self.scope.tree):
            if type(node) is ast.Subscript and not isinstance(node.ctx, ast.Load) and _root(node) == name:
                return None
            if type(node) is ast.Call and type(node.func) is ast.Attribute and node.func.attr in MUTATORS \
                    and _root(node.func.value) == name:
                if node.func.attr != "append" or type(node.func.value) is not ast.Name:
                    return None
                appends.append(node)
        deco = self._appending_decorator(appends[0]) if len(appends) == 1 else None
        if deco is None:
            return None
        entries = []
        for stmt in self.scope.tree.body:
            for decorator in getattr(stmt, "decorator_list", []):
                if _root(decorator) != deco.name and not any(type(n) is ast.Name and n.id == deco.name
                                                             for n in iter_nodes(decorator)):
                    continue
                if type(decorator) is not ast.Name or not isinstance(stmt, DEFS) or len(stmt.decorator_list) != 1 \
                        or self.scope.globals.unique_function(stmt.name) is not stmt:
                    return None
                entries.append((len(entries), stmt))
        if not entries or len(entries) != self.scope.module_references(deco.name):
            return None
        reads = self._uses(name, frozenset({id(appends[0].func.value)}))
        callees = []
        for read, scopes in reads:
            called = _iterated_calls(read, self._parent_map()) if scopes else None
            if called is None:
                return None  # read at module level, or handed on: what runs the entries is not known
            callees.extend((id(callee), read) for callee in called)
        return _Table(tuple(entries), frozenset(), reads, True, tuple(callees))

    def _uses(self, name: str, skip: frozenset[int]) -> tuple[tuple[ast.Name, tuple], ...]:
        return tuple((node, scopes) for node, scopes in iter_with_scopes(self.scope.tree) if type(node) is ast.Name
                     and node.id == name and isinstance(node.ctx, ast.Load) and id(node) not in skip)

    def _key_value(self, key: ast.expr, scopes: tuple) -> object:
        """A table key or subscript written as a literal or a member (`Mode.PEAKED` of a str enum):
        its Python value, else None."""
        if type(key) is ast.Constant:
            return key.value
        if not _plain_key(key) or any(self.scope.locals_of(scope).binds(key.value.id) for scope in scopes):
            return None  # a name of the function reading it: not read from the text
        if not isinstance(self.eval(key.value, self.module_frame), ClassValue):
            return None  # only members of the module's classes (enums)
        value = self.eval(key, self.module_frame)
        return value.value if isinstance(value, Const) and isinstance(value.value, (str, int)) else None

    def registry_value(self, name: str, frame: Frame) -> Value | None:
        """The entries of a registry filled by a decorator, when `name` in `frame` is the module's."""
        table = self._held_tables().get(name)
        if table is None or not table.registry \
                or any(self.scope.locals_of(scope).binds(name) for scope in frame.static_scopes or ()):
            return None
        for _, node in table.entries:
            self._note_parent(node, None)
        if table.callees:
            return TupleValue(tuple(Function(node, self.module_frame) for _, node in table.entries))
        held = [ClassValue(node) if type(node) is ast.ClassDef else Function(node, self.module_frame)
                for _, node in table.entries]
        if table.keywords is not None:  # `(fn, defaults)` pairs (kept_keywords.py)
            given = [keywords_value(keywords, lambda node: self.eval(node, self.module_frame)) for keywords in table.keywords]
            held = [TupleValue((value, kept)) if table.record is None else DictValue(table.record, (value, kept))
                    for value, kept in zip(held, given)]
        if table.kept is not None:  # evaluated where the decorator line runs: the module
            held = [TupleValue((value, self.eval(expr, self.module_frame))) for value, expr in zip(held, table.kept)]
        return DictValue(tuple(key for key, _ in table.entries), tuple(held))

    def note_held_read(self, func: Value, node: ast.expr) -> bool:
        """An analysed read of a container (`BRANCHES` handed to switch, `TABLE["rows"](w)`) that
        gave `func`: a reference to the held def (False: not a module table holding it)."""
        held = func.func if isinstance(func, Partial) else func
        if isinstance(held, Function) and type(node) is ast.Attribute \
                and any(read is node for read in entry_reads(self.scope, held.node) or ()):
            self.analysed_refs.setdefault(id(held.node), set()).add(id(node))
            return True  # `HOOKS.hooks[name](...)` of a def the registry files
        node = _container_read(node)
        func = func.func if isinstance(func, Partial) else func
        if not isinstance(func, Function) or node is None:
            return False
        table = self._held_tables().get(node.id)
        if table is not None and any(held is func.node for _, held in table.entries) \
                and any(read is node for read, _ in table.reads):
            self.analysed_refs.setdefault(id(func.node), set()).add(id(node))
            return True
        return False

    def _key_readers(self) -> frozenset[str]:
        """The builtins that read a table's keys (`tuple(TABLE)`), less those the module rebinds."""
        return frozenset(name for name in _KEY_READERS if not self.scope.globals.binds(name))

    def note_iterated_call(self, func: Value, callee: ast.Name) -> None:
        """An analysed call `r(x)` of an entry, with `r` an element of a listed registry's read."""
        if not isinstance(func, Function):
            return
        for table in self._held_tables().values():
            for called, read in table.callees:
                if called == id(callee) and any(held is func.node for _, held in table.entries):
                    self.analysed_refs.setdefault(id(func.node), set()).add(id(read))

    def held_references(self, function: ast.AST) -> int:
        """Reads of containers that may reach `function`, less the names that put it there."""
        reads = entry_reads(self.scope, function)  # `HOOKS.hooks[name]` item reads only (registry_reads.py)
        extra = len(reads) if reads is not None else int(filed_def(self.scope, function))  # else: never all counted
        for table in self._held_tables().values():
            keys = [key for key, held in table.entries if held is function]
            if not keys:
                continue
            extra -= sum(1 for key, held in table.entries if held is function and not table.registry)
            if not table.reads:
                extra += 1  # a table the module never reads is kept for other modules: not followed
            size = len(table.entries)
            for read, scopes in table.reads:
                parent = self._parent_map().get(id(read))
                if _keys_only(read, parent, self._key_readers()) or type(table.entries[0][0]) is str \
                        and type(parent) in (ast.comprehension, ast.For) and parent.iter is read:
                    continue  # `tuple(REGISTRY)`, `for name in REGISTRY`: its names, no function
                key = self._key_value(parent.slice, scopes) \
                    if type(parent) is ast.Subscript and parent.value is read and _plain_key(parent.slice) else None
                call = self._parent_map().get(id(parent)) if type(parent) is ast.Attribute and parent.attr == "get" else None
                if type(call) is ast.Call and call.func is parent and len(call.args) == 1 and not call.keywords \
                        and _plain_key(call.args[0]):
                    key = self._key_value(call.args[0], scopes)  # `TABLE.get("rows")` reaches that entry only
                if type(key) is int and not table.registry and key < 0:
                    key += size  # `BRANCHES[-1]`
                extra += key is None or key in keys
        return extra

    def fields_analysed(self, parent: ast.AST, refs: set[int], analysed: set[int]) -> bool:
        """References of a nested def (`refs`, in `parent`) that hand it to the construction of a
        module class with generated fields (`GradientTransformation(init, update)`, a NamedTuple
        or a dataclass) count as analysed when every read of that field anywhere in the module
        (`tx.update(...)`) is an analysed call (of this def or of another one the field holds), one
        of them of this def. (Unpacking such a tuple is not followed.)"""
        found = 0
        called = set().union(*self.analysed_refs.values())  # a read that called another def is analysed too
        parents = None  # of the nodes in `parent` only: the refs and their calls are inside it
        for node in iter_nodes(parent):
            if type(node) is ast.Name and id(node) in refs:
                if parents is None:  # the module's map holds the same for the nodes in `parent`
                    parents = module_parents(self.scope.tree) if module_node(self.scope.tree, parent) else \
                        {id(child): holder for holder in iter_nodes(parent) for child in child_nodes(holder)}
                field = self._field_of(node, parents)
                reads = self._attribute_loads().get(field, ())
                if field is None or not any(id(read) in analysed for read in reads) \
                        or any(id(read) not in called for read in reads):
                    return False
                found += 1
        return found == len(refs)

    def _attribute_loads(self) -> dict[str, list[ast.Attribute]]:
        """The module's attribute reads by name, in walk order (one walk, not one per question)."""
        found = self._class_tables.get("attribute-loads")
        if found is None:
            found = self._class_tables["attribute-loads"] = {}
            for read in loaded(nodes_of_type(self.scope.tree, ast.Attribute)):
                found.setdefault(read.attr, []).append(read)
        return found

    def _field_of(self, node: ast.Name, parents: dict[int, ast.AST]) -> str | None:
        """The field a construction's argument `node` sets: a generated field, or the attribute an
        __init__ stores the parameter in as it is."""
        holder = parents.get(id(node))
        call = parents.get(id(holder)) if type(holder) is ast.keyword else holder
        if type(call) is not ast.Call or type(call.func) is not ast.Name or call.func.id not in self.scope.classes \
                or any(type(arg) is ast.Starred for arg in call.args) or any(k.arg is None for k in call.keywords):
            return None
        cls = self.scope.classes[call.func.id]
        facts = self.class_facts(cls)
        if not facts.constructible or self.scope.subclassed(cls):
            return None
        index = next((index for index, arg in enumerate(call.args) if arg is node), None)
        if facts.wrapper is not None:
            return None  # a decorator chooses what `__init__` gets (init_wrappers.py)
        if facts.init is not None:  # `def __init__(self, init, update): self.update = update`
            params = [param.arg for param in positional_params(facts.init.args)[1:]]
            param = holder.arg if type(holder) is ast.keyword else params[index] if index < len(params) else None
            stored = [attr for attr, expr in facts.stores.items() if type(expr) is ast.Name and expr.id == param]
            return stored[0] if len(stored) == 1 and param not in self._locals_of(facts.init) else None
        if type(holder) is ast.keyword:
            return holder.arg if holder.arg in facts.fields else None
        return facts.fields[index] if facts.positional and index < len(facts.fields) else None


def _iterated_calls(read: ast.Name, parents: dict) -> list[ast.Name] | None:
    """The calls `r(...)` of the target of the `for` or comprehension `read` is iterated by,
    when the target is one name used only so (None otherwise)."""
    loop = parents.get(id(read))
    if type(loop) is ast.comprehension and loop.iter is read:
        holder = parents.get(id(loop))
        if type(holder) not in (ast.ListComp, ast.GeneratorExp, ast.SetComp) or len(holder.generators) != 1:
            return None
        body = [holder.elt] + loop.ifs
    elif type(loop) is ast.For and loop.iter is read and not loop.orelse:
        body = loop.body
    else:
        return None
    if type(loop.target) is not ast.Name:
        return None
    uses = [node for part in body for node in iter_nodes(part) if type(node) is ast.Name and node.id == loop.target.id]
    if any(isinstance(use.ctx, (ast.Store, ast.Del)) or type(parents.get(id(use))) is not ast.Call
           or parents[id(use)].func is not use for use in uses):
        return None
    return uses


def _looked_up(read: ast.Name, parent: ast.AST | None, readers: frozenset[str]) -> bool:
    """`TABLE[key]`, `TABLE.get(...)`, `TABLE.values()`, `tuple(TABLE)`, `for name in TABLE`: a
    read that only looks entries up."""
    return type(parent) is ast.Subscript and parent.value is read \
        or type(parent) is ast.Attribute and parent.attr in ("get", "values", "items", "keys") \
        or type(parent) in (ast.comprehension, ast.For) and parent.iter is read \
        or _keys_only(read, parent, readers)  # iterating a dict walks its keys only


_KEY_READERS = frozenset({"tuple", "list", "sorted", "len", "set", "frozenset"})


def _keys_only(read: ast.Name, parent: ast.AST | None, readers: frozenset[str]) -> bool:
    """`tuple(TABLE)`, `sorted(TABLE)`: the registered names, read by one of `readers` (the
    builtins of _KEY_READERS the module does not rebind)."""
    return type(parent) is ast.Call and parent.args == [read] and not parent.keywords \
        and type(parent.func) is ast.Name and parent.func.id in readers


def _plain_key(key: ast.expr | None) -> bool:
    """A literal, or a member read off a name (`Mode.PEAKED`): evaluated without running anything
    but a class body's constant."""
    return type(key) is ast.Constant or type(key) is ast.Attribute and type(key.value) is ast.Name


def _container_read(node: ast.expr) -> ast.Name | None:
    """The name a container is read by in `node`: `BRANCHES`, `TABLE["rows"]`, `TABLE.values()`,
    `tuple(TABLE.values())`."""
    for _ in range(4):
        if type(node) is ast.Name:
            return node
        if type(node) is ast.Subscript:
            node = node.value
        elif type(node) is ast.Call and type(node.func) is ast.Attribute and not node.args and not node.keywords \
                and node.func.attr in ("values", "items"):
            node = node.func.value
        elif type(node) is ast.Call and type(node.func) is ast.Attribute and node.func.attr == "get" \
                and len(node.args) == 1 and not node.keywords and type(node.args[0]) is not ast.Starred:
            node = node.func.value  # `TABLE.get("rows")`: one entry, or None (calling it raises)
        elif type(node) is ast.Call and type(node.func) is ast.Name and node.func.id in ("tuple", "list") \
                and len(node.args) == 1 and not node.keywords:
            node = node.args[0]
        else:
            return None
    return None


def _root(node: ast.expr) -> str | None:
    while isinstance(node, (ast.Subscript, ast.Attribute)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _name_key(key: ast.expr, name: str) -> ast.Constant | None:
    """The key a store `TABLE[<key>] = fn` files the def or class `name` under."""
    if type(key) is ast.Attribute:
        return ast.Constant(name)
    inner = _name_key(key.func.value, name)
    if inner is None:
        return None
    try:
        value = getattr(inner.value, key.func.attr)(*(arg.value for arg in key.args))
    except (TypeError, ValueError):
        return None
    return ast.Constant(value) if type(value) is str else None


def _given_key(decorator: ast.Call, factory: ast.FunctionDef) -> ast.expr | None:
    """What `@factory("xent", log_axes=...)` gives the factory's key parameter (None: starred)."""
    if any(type(arg) is ast.Starred for arg in decorator.args) or any(k.arg is None for k in decorator.keywords):
        return None
    key_param = factory.args.args[0].arg
    named = [k.value for k in decorator.keywords if k.arg == key_param]
    if len(factory.args.args) + len(factory.args.kwonlyargs) == 1 and len(decorator.args) + len(decorator.keywords) != 1:
        return None
    return decorator.args[0] if decorator.args and not named else named[0] if len(named) == 1 and not decorator.args else None


