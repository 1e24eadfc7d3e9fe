"""Configs read by attribute (issue 13): a dict subclass written in the file whose `__getattr__`
reads its items (`__getattr__ = dict.__getitem__`, `def __getattr__(self, k): return self[k]`),
`ml_collections.ConfigDict` and `OmegaConf.create({...})`; nested (`config.sharding.batch`), built in one call
(`ConfigDict(mesh=ConfigDict(axes=("data",)))`, `ConfigDict({...})`) or by attribute stores
right after it is made (`config = ConfigDict()` then `config.sharding = ConfigDict(...)`).

A config is a dict some code may change. An item is read only when nothing can have changed it:
the stores of the builder pattern are applied where the object is made (at the top level of one
function, before any other use of the name); any other store of that attribute name, any item
store of that key (or of a key not written as a constant), any dict-changing method call
(`update`, `setdefault`, `pop`, ...) and `setattr` / `vars` / `__dict__` make the item unknown.
Names the class itself or dict defines (`config.items`, `config.copy`) are not items.
"""
from __future__ import annotations

import ast
from dataclasses import field
from codemods.dataclass_code import dataclass
from typing import TYPE_CHECKING

from codemods.analysis.config_builders import copy_method, helper_stores, merged_entries, merged_stores, merging_method
from codemods.analysis.config_classes import converting_init, dict_merging, initial_init, method_shape, plain_copy
from codemods.analysis.module_configs import module_stores, store_path
from codemods.analysis.own_object_stores import own_object_stores
from codemods.analysis.own_setattrs import passed_setattrs
from codemods.analysis.quiet_changes import quiet
from codemods.analysis.cli_args import NAMESPACES, changed_names
from codemods.analysis.nodes import iter_with_scopes, nodes_of_type
from codemods.analysis.pyvalues import SPREAD
from codemods.analysis.registry_objects import registry_class
from codemods.analysis.sequences import items_of
from codemods.analysis.values import UNKNOWN, ClassValue, Const, DictValue, JaxName, TupleValue, Value

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame

ML_COLLECTIONS = frozenset({"ml_collections.ConfigDict", "ml_collections.config_dict.ConfigDict"})
OMEGACONF = frozenset({"omegaconf.OmegaConf.create"})
_OMEGA_METHODS = frozenset({"keys", "items", "values", "get", "pop", "copy", "setdefault", "update", "merge_with",
                            "items_ex", "clear"})
_ML_KEYWORDS = frozenset({"type_safe", "convert_dict", "sort_keys"})
_ML_METHODS = frozenset({"lock", "unlock", "unlocked", "is_locked", "is_type_safe", "to_dict", "to_json",
                         "to_json_best_effort", "to_yaml", "copy_and_resolve_references", "get_ref", "get_oneway_ref",
                         "ignore_type", "eq_as_configdict", "convert_dict", "allow_dotted_keys", "sort_keys"})
_DICT_NAMES = frozenset(dir(dict))
# Calls that may change a dict's items (list methods such as append cannot).
_CHANGERS = frozenset({"update", "setdefault", "pop", "popitem", "clear", "__setitem__", "__delitem__", "__setattr__",
                       "__delattr__", "setattr", "delattr", "__ior__"})


@dataclass(frozen=True)
class AttrTable(DictValue):
    """A dict whose items are read by attribute too (`config.sharding`)."""

    shadowed: frozenset[str] = field(default=frozenset(), compare=False, repr=False)  # attributes that are not items
    cls: ast.ClassDef | None = field(default=None, compare=False, repr=False)  # the module class built (`isinstance`)


@dataclass(frozen=True)
class _Kind:
    shadowed: frozenset[str]
    stores_items: bool  # `config.x = v` sets item x
    converts: bool  # nested plain dicts become configs (ml_collections, OmegaConf)
    omega: bool = False  # OmegaConf: sequences become ListConfig, "${...}" strings are resolved on read
    keyword_items: bool = False  # a converting class's keywords are items too (`ConfigDict(model=dict(...))`)
    copies: frozenset[str] = frozenset()  # methods returning a copy of the same items (`cfg.clone()`)
    merges: frozenset[str] = frozenset()  # yacs' `merge_from_list` (config_builders.py)
    opaque: frozenset[str] = frozenset()  # other methods: a call of one may change any item
    settings: frozenset[str] = frozenset()  # `__init__`'s parameters beside the items (`frozen=True`)
    plains: frozenset[str] = frozenset()  # methods returning the items as plain dicts (`to_dict`)
    flat: frozenset[str] = frozenset()  # methods storing a dict of dotted paths (`update_from_flattened_dict`)


class AttrDicts:
    """Interpreter hooks (the Interpreter supplies scope, eval and the frames)."""

    def call(self, callee, expr, args, keywords, starred, frame: Frame) -> Value:
        kind = self._attr_kind(callee)
        if kind is None and expr is not None and self._config_methods()[0] \
                and (stores := self._builder_stores().get(id(expr))) is not None:
            table = super().call(callee, expr, args, keywords, starred, frame)  # `cfg = get_cfg()` (config_builders.py)
            static = self._static_frame(stores[0])
            for target, value_node in merged_entries(self, stores[1], static):
                table = _stored(table, target, self.eval(value_node, _reading(static, stores, table)), _Kind(frozenset(), True, False)) \
                    if isinstance(table, AttrTable) and target is not None else None
            return table if table is not None else UNKNOWN
        if kind is None or expr is None:
            return super().call(callee, expr, args, keywords, starred, frame)
        table = self._made(kind, args, keywords, starred, callee)
        if table is None:
            return UNKNOWN
        stores = self._builder_stores().get(id(expr))
        if stores is not None:
            if not kind.stores_items:
                return UNKNOWN
            static = self._static_frame(stores[0])
            for target, value_node in merged_entries(self, stores[1], static):
                current = _reading(static, stores, table)  # `cfg.model.heads = {n: cfg.model.heads[n] ...}`
                table = _stored(table, target, self.eval(value_node, current), kind) if target is not None else None
                if table is None:
                    return UNKNOWN
        return table

    def call_method(self, receiver: Value, method: str, args, keywords, starred) -> Value:
        if isinstance(receiver, AttrTable) and not args and not keywords and not starred \
                and method in self._config_methods()[0]:
            return receiver  # `cfg.clone()`: the same items in a new object (values are immutable here)
        if isinstance(receiver, AttrTable) and not args and not keywords and not starred \
                and method in self._config_methods()[4]:
            return _plain(receiver)  # `cfg.to_dict()`
        return super().call_method(receiver, method, args, keywords, starred)

    def _config_methods(self) -> tuple[frozenset[str], ...]:
        """(copying method names of no other meaning in any config class, the other methods, the
        merging ones of no other meaning, the same of dicts of dotted paths, the methods giving
        plain dicts of no other meaning)."""
        found = self.__dict__.get("_attr_methods")
        if found is None:
            kinds = [kind for node in self.scope.tree.body if type(node) is ast.ClassDef
                     and (kind := self._attr_kind(ClassValue(node))) is not None]
            opaque = frozenset(name for kind in kinds for name in kind.opaque)
            merges = frozenset(name for kind in kinds for name in kind.merges)
            flat = frozenset(name for kind in kinds for name in kind.flat)
            plain = opaque - merges - flat
            found = (frozenset(name for kind in kinds for name in kind.copies) - opaque, opaque, merges - plain,
                     flat - plain, frozenset(name for kind in kinds for name in kind.plains) - opaque)
            self.__dict__["_attr_methods"] = found
        return found

    def named_attribute(self, receiver: Value, attr: str) -> Value:
        if not isinstance(receiver, AttrTable):
            return receiver.attribute(attr)  # an argparse namespace (cli_args.py)
        if attr.startswith("_") or attr in receiver.shadowed or attr not in receiver.keys:
            return UNKNOWN
        changed = self._changed_items()
        if changed is None or attr in changed or _holds_keys(receiver.get(attr), self.__dict__["_attr_item_keys"]):
            return UNKNOWN
        return receiver.get(attr)

    # -- what a class is --------------------------------------------------------------------
    def _attr_kind(self, callee: Value) -> _Kind | None:
        if isinstance(callee, JaxName) and callee.name in ML_COLLECTIONS:
            return _Kind(_DICT_NAMES | _ML_METHODS, True, True)
        if isinstance(callee, JaxName) and callee.name in OMEGACONF:
            return _Kind(_DICT_NAMES | _OMEGA_METHODS, True, True, omega=True)
        if not isinstance(callee, ClassValue):
            return None
        cache = self.__dict__.setdefault("_attr_kinds", {})
        if id(callee.cls) not in cache:
            cache[id(callee.cls)] = self._class_kind(callee.cls)
        return cache[id(callee.cls)]

    def _class_kind(self, cls: ast.ClassDef) -> _Kind | None:
        if len(cls.bases) != 1 or cls.keywords or cls.decorator_list or type(cls.bases[0]) is not ast.Name \
                or cls.bases[0].id != "dict" or "dict" in self.scope.imports.bindings or self.scope.globals.binds("dict") \
                or self.scope.subclassed(cls):
            return None
        reads = stores = wraps = converting = False
        names, copies, opaque, merges, plains, flat = set(), set(), set(), set(), set(), set()
        settings = hidden = frozenset()
        for index, stmt in enumerate(cls.body):
            if index == 0 and type(stmt) is ast.Expr and type(stmt.value) is ast.Constant or type(stmt) is ast.Pass:
                continue
            if type(stmt) is ast.Assign and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Name:
                name, value = stmt.targets[0].id, stmt.value
                alias = value.attr if type(value) is ast.Attribute and type(value.value) is ast.Name \
                    and value.value.id == "dict" else None
                if name == "__getattr__" and alias in ("__getitem__", "get"):  # `dict.get`: None for a missing key
                    reads = True
                elif name == "__setattr__" and alias == "__setitem__":
                    stores = True
                elif not (name == "__delattr__" and alias == "__delitem__"):
                    return None
                names.add(name)
            elif type(stmt) is ast.FunctionDef and not stmt.decorator_list and stmt.name == "__init__":
                builtins_kept = not any(self.scope.globals.binds(name) or name in self.scope.imports.bindings
                                        for name in ("super", "isinstance", "object", "dict"))
                initial = initial_init(cls, stmt) if builtins_kept else None
                if converting_init(cls, stmt) and builtins_kept:
                    wraps = converting = True  # nested plain dicts become configs as they are given
                elif initial is not None:
                    wraps, settings, hidden = True, initial[0], initial[1]  # `ConfigDict(initial, frozen=True)`
                elif not own_namespace(cls, stmt):
                    return None
                else:
                    reads = stores = True  # `self.__dict__ = self`: attributes are the items
                names.add(stmt.name)
            elif type(stmt) is ast.FunctionDef and not stmt.decorator_list:
                shape = method_shape(stmt, cls.name)
                if shape is None:  # Detectron2's `clone`, `merge_from_list`: not items
                    if stmt.name.startswith("__") and stmt.name.endswith("__"):
                        return None  # `__getitem__`, `__missing__`...: reads work otherwise
                    plain = plain_copy(stmt, cls.name)
                    (copies if copy_method(stmt, cls.name) else plains if plain else opaque).add(stmt.name)
                    if merging_method(stmt):
                        merges.add(stmt.name)  # (opaque too: a call no builder applies may change any item)
                    elif dict_merging(stmt):
                        flat.add(stmt.name)
                    names.add(stmt.name)
                    continue
                reads, stores = reads or shape in ("read", "wrap"), stores or shape == "store"
                wraps = wraps or shape == "wrap"
                names.add(stmt.name)
            else:
                return None
        if wraps and ("isinstance" in self.scope.imports.bindings or self.scope.globals.binds("isinstance")):
            return None  # the wrapping test is not the builtin
        return _Kind(_DICT_NAMES | frozenset(names) | hidden, stores, wraps, keyword_items=converting, copies=frozenset(copies),
                     opaque=frozenset(opaque), merges=frozenset(merges), settings=settings,
                     plains=frozenset(plains), flat=frozenset(flat)) if reads else None

    def _made(self, kind: _Kind, args, keywords, starred, callee) -> AttrTable | None:
        if starred and starred != SPREAD or len(args) > 1:
            return None  # `Node(**table)` of a dict of known keys: its items
        if kind.converts and not kind.keyword_items and set(keywords) - (frozenset() if kind.omega else _ML_KEYWORDS | kind.settings):
            return None  # ml_collections' keywords are settings, not items
        given = args[0][0] if args else DictValue((), ())
        if isinstance(given, DictValue):
            pairs = dict(zip(given.keys, given.items))
        else:
            rows = items_of(given) if isinstance(given, (TupleValue, Const)) else None
            rows = [items_of(row) for row in rows] if rows is not None else None
            if rows is None or any(row is None or len(row) != 2 or not isinstance(row[0], Const)
                                   or not isinstance(row[0].value, str) for row in rows):
                return None
            pairs = {row[0].value: row[1] for row in rows}
        if not kind.converts or kind.keyword_items:
            pairs.update({key: value for key, (value, _) in keywords.items()})
        if kind.converts:
            pairs = {key: _converted(value, kind) for key, value in pairs.items()}
        return AttrTable(tuple(pairs), tuple(pairs.values()), shadowed=kind.shadowed,
                         cls=callee.cls if isinstance(callee, ClassValue) else None)

    # -- what may change it -----------------------------------------------------------------
    def _builder_stores(self) -> dict[int, tuple[tuple, list[tuple[list[str], ast.expr]]]]:
        """Construction call -> (its scopes, [(attribute path, value)]) for `x = C(...)` at the
        top level of a function (or the module) followed there by `x.a = v` / `x.a.b = v`
        statements, with no other use of `x` before the last of them."""
        cache = self.__dict__.get("_attr_builders")
        if cache is not None:
            return cache
        cache, accounted = {}, set()
        owners = [(self.scope.tree, ())] + [(node, scopes + (node,)) for node, scopes in iter_with_scopes(self.scope.tree)
                                            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
        helpers: dict[str, list] = {}  # helper name -> the targets of its stores, per applied call
        for owner, scopes in owners:
            for start, stmt in enumerate(owner.body):
                if type(stmt) is not ast.Assign or type(stmt.value) is not ast.Call or len(stmt.targets) != 1 \
                        or type(stmt.targets[0]) is not ast.Name or not (
                            self._makes_config(stmt.value, scopes) or owner is not self.scope.tree
                            and self._fresh_config(stmt.value, scopes)):
                    continue  # `cfg = load()` then `cfg.x = v` changes an object made elsewhere
                name = stmt.targets[0].id
                if owner is self.scope.tree:  # the module's own stores run as it loads (module_configs.py)
                    stores, nodes = module_stores(self.scope, owner.body[start + 1:], name)
                    if stores:
                        cache[id(stmt.value)] = (scopes, stores)
                        accounted.update(id(node) for node in nodes)
                    continue
                stores, nodes, last, named, called = [], [], stmt.end_lineno, set(), []
                for later in owner.body[start + 1:]:
                    path = store_path(later, name)
                    call = later.value if type(later) is ast.Expr and type(later.value) is ast.Call else None
                    merged = merged_stores(self.scope, call, name, *self._config_methods()[2:4]) if call else None
                    helped = helper_stores(self.scope, call, name) if call and merged is None else None
                    if path is not None:
                        stores.append((path, later.value))
                        nodes.append(later.targets[0])
                        if self.scope.resolve(stmt.value.func, scopes) not in NAMESPACES:
                            named.update(_config_reads(later.value, name))  # read as the stores so far left it
                    elif merged is not None:
                        stores.extend(merged)  # `cfg.merge_from_list([...])`
                        named.update((id(call.func), id(call.func.value)))
                    elif helped is not None:
                        stores.extend(helped[0])  # `add_stats_config(cfg)`
                        named.add(id(call.args[0]))
                        called.append((call.func.id, helped[1]))
                    else:
                        break
                    last = later.end_lineno
                if not stores or any(type(node) is ast.Name and node.id == name and node.lineno <= last
                                     and node is not stmt.targets[0] and not _is_base(node, nodes) and id(node) not in named
                                     for node in ast.walk(owner)):
                    continue
                cache[id(stmt.value)] = (scopes, stores, name)
                accounted.update(id(node) for node in nodes)
                accounted.update(named)
                for helper, targets in called:
                    helpers.setdefault(helper, []).append(targets)
        for helper, runs in helpers.items():  # a helper used only by builders changes only their configs
            if len(runs) == self.scope.module_references(helper):
                accounted.update(id(target) for target in runs[0])
        self.__dict__["_attr_builders"] = cache
        self.__dict__["_attr_accounted"] = accounted
        return cache

    def config_store_targets(self) -> set[int]:
        """Ids of the attribute stores a builder makes into the config it just built (each sets an
        item of that config, never a field of another object)."""
        self._builder_stores()
        return self.__dict__["_attr_accounted"]

    def built_config(self, name: str) -> ast.Call | None:
        """The construction a module config name holds when it is built at the top level by a
        builder (`_C = CN()` then `_C.MODEL = CN()`, `_C.MODEL.AXIS = "data"`: Detectron2's
        defaults), the module's only binding of the name: its attribute stores count as
        bindings elsewhere, but change only the one object, as the builder's stores."""
        made = self._config_binding(name)
        return made if made is not None and id(made) in self._builder_stores() else None

    def _config_binding(self, name: str) -> ast.expr | None:
        """The value of the module's one `name = value` statement, when nothing else anywhere
        binds the name (attribute stores on it aside)."""
        cache = self.__dict__.setdefault("_attr_config_binding", {})
        if name not in cache:
            made = [stmt.value for stmt in self.scope.tree.body if type(stmt) is ast.Assign
                    and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Name and stmt.targets[0].id == name]
            bound = sum(1 for node in nodes_of_type(self.scope.tree, ast.Name)
                        if node.id == name and type(node.ctx) is not ast.Load)
            declared = any(name in node.names for node in ast.walk(self.scope.tree)
                           if type(node) in (ast.Global, ast.Nonlocal))
            cache[name] = made[0] if len(made) == 1 and bound == 1 and not declared \
                and name not in self.scope.volatile else None
        return cache[name]

    def _fresh_config(self, call: ast.Call, scopes) -> bool:
        """`get_cfg()`: a call of a module function, no argument, every return of which is
        `NAME.m()` of a copying method `m` of the module's config classes (a new config)."""
        if type(call.func) is not ast.Name or call.args or call.keywords \
                or any(self.scope.locals_of(function).binds(call.func.id) for function in scopes):
            return False
        function = self.scope.globals.unique_function(call.func.id)
        if type(function) is not ast.FunctionDef or function.decorator_list:
            return False
        returns = [node.value for node in ast.walk(function) if type(node) is ast.Return]
        copies = self._config_methods()[0]
        return bool(returns) and all(type(value) is ast.Call and not value.args and not value.keywords
                                     and type(value.func) is ast.Attribute and value.func.attr in copies
                                     and type(value.func.value) is ast.Name
                                     and self._module_config(value.func.value.id, function) for value in returns) \
            and not any(isinstance(node, (ast.FunctionDef, ast.Lambda)) and node is not function
                        for node in ast.walk(function))

    def _module_config(self, name: str, function) -> bool:
        """`name` in `function` is a module name bound once to a config construction (a copy of
        it is a new config; a copy of anything else may be any object)."""
        made = self._config_binding(name) if not self.scope.locals_of(function).binds(name) else None
        return type(made) is ast.Call and self._makes_config(made, ())

    def _makes_config(self, call: ast.Call, scopes) -> bool:
        """The call constructs a config whose stores a builder applies where it is made: an
        ml_collections / OmegaConf / SimpleNamespace call or a module config class."""
        name = self.scope.resolve(call.func, scopes)
        if name in ML_COLLECTIONS or name in OMEGACONF or name in NAMESPACES:
            return True
        cls = self.scope.classes.get(call.func.id) if type(call.func) is ast.Name and not any(
            self.scope.locals_of(function).binds(call.func.id) for function in scopes) else None
        alias = self.scope.globals.unique_value(call.func.id) if type(call.func) is ast.Name and cls is None \
            and not any(self.scope.locals_of(function).binds(call.func.id) for function in scopes) else None
        if type(alias) is ast.Name and alias.id in self.scope.classes and alias.id not in self.scope.volatile:
            cls = self.scope.classes[alias.id]  # `CN = CfgNode` then `_C = CN()` (Detectron2's config)
        return cls is not None and self._attr_kind(ClassValue(cls)) is not None

    def _changed_items(self) -> frozenset[str] | None:
        """Item names some code may change other than by a builder's stores; None: any."""
        if "_attr_changed" in self.__dict__:
            return self.__dict__["_attr_changed"]
        self._builder_stores()
        accounted = self.__dict__["_attr_accounted"]
        found: set[str] | None = set() if changed_names(self.scope.tree) is not None else None
        items: set[str] = set()  # keys stored by item (a nested table read whole holds them changed)
        own = own_object_stores(self.scope.tree, self.scope) | quiet(self.scope.tree)  # `self.axes = ...`; quiet_changes.py
        own |= {id(call) for name, calls in passed_setattrs(self.scope.tree).items()  # an `Instances`' own attribute
                if self._attr_kind(ClassValue(self.scope.classes[name])) is None for call in calls}
        own |= {call for call, names in getattr(self.scope.tree, "_shardfix_setter_calls", {}).items()  # (kwargs_setters.py)
                if all(self._attr_kind(ClassValue(self.scope.classes[name])) is None for name in names)}
        for node in self._outside_attr_classes() if found is not None else ():
            if type(node) is ast.Attribute and type(node.ctx) is not ast.Load and id(node) not in accounted \
                    and id(node) not in own:
                found.add(node.attr)
            elif type(node) is ast.Subscript and type(node.ctx) is not ast.Load and id(node) not in own:
                key = node.slice
                if type(key) is not ast.Constant:
                    if self._own_table(node.value):
                        continue  # `LOSS_FNS[name] = fn`: a table of the module's own, no config's
                    found = None
                    break
                found.add(str(key.value))
                items.add(str(key.value))
            elif type(node) is ast.Call and id(node) not in own and (
                    type(node.func) is ast.Attribute and node.func.attr in _CHANGERS
                    or type(node.func) is ast.Name and node.func.id in _CHANGERS):
                found = None
                break
            elif type(node) is ast.Attribute and node.attr in self._config_methods()[1] and id(node) not in accounted:
                found = None  # `cfg.merge_from_list(opts)`: a method of a config class may change any item
                break
        result = frozenset(found) if found is not None else None
        self.__dict__["_attr_changed"] = result
        self.__dict__["_attr_item_keys"] = frozenset(items)
        return result


    def _own_table(self, expr: ast.expr) -> bool:
        """A module name (or a function's own local) bound once to a dict or list display and only
        ever read by item or as the receiver of a method: it holds no config, and no config holds
        it (`outputs = {}` then `outputs[name] = head(...)`)."""
        if type(expr) is not ast.Name:
            return False
        parents = self._parent_map()
        owner = parents.get(id(expr))
        while owner is not None and not isinstance(owner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.Module)):
            owner = parents.get(id(owner))
        local = self.scope.locals_of(owner) if isinstance(owner, (ast.FunctionDef, ast.AsyncFunctionDef)) else None
        if local is not None and local.binds(expr.id):
            if type(local.unique_value(expr.id)) not in (ast.Dict, ast.List) \
                    or any(type(node) in (ast.Global, ast.Nonlocal) and expr.id in node.names for node in ast.walk(owner)):
                return False
            names = nodes_of_type(owner, ast.Name)
            # handed to a call: no builder here can file it in a config (a store elsewhere names its item)
            handed = all(owner is not (scopes[-1] if scopes else None) for scopes, *_ in self._builder_stores().values())
        elif type(self.scope.globals.unique_value(expr.id)) in (ast.Dict, ast.List):
            handed = False
            names = nodes_of_type(self.scope.tree, ast.Name)
        else:
            return False
        for node in names:
            if node.id != expr.id or type(node.ctx) is not ast.Load:
                continue
            parent = parents.get(id(node))
            if not (type(parent) is ast.Subscript and parent.value is node
                    or type(parent) is ast.Attribute and type(parents.get(id(parent))) is ast.Call
                    or handed and type(parent) is ast.Call and node in parent.args):
                return False
        return True

    def _outside_attr_classes(self):
        """Every node but those of the config classes themselves (their `self[k] = v`)."""
        stack: list[ast.AST] = [self.scope.tree]
        while stack:
            node = stack.pop()
            yield node
            if type(node) is ast.ClassDef and (self._attr_kind(ClassValue(node)) is not None
                                               or registry_class(self.scope, node)):
                continue  # (a registry object's methods store only in its own entries: registry_objects.py)
            stack.extend(ast.iter_child_nodes(node))


def _holds_keys(value: Value, keys: frozenset[str]) -> bool:
    """A nested table read whole (`dict(cfg.model.norm)`) holds an item some code changes."""
    pending = [value]
    while pending:
        held = pending.pop()
        if isinstance(held, DictValue):
            if set(held.keys) & keys:
                return True
            pending.extend(held.items)
        elif isinstance(held, TupleValue):
            pending.extend(held.items)
    return False


def own_namespace(cls: ast.ClassDef, init: ast.FunctionDef) -> ast.Attribute | None:
    """The `self.__dict__` target of `def __init__(self, *args, **kwargs):
    super().__init__(*args, **kwargs); self.__dict__ = self` (the object is its own attribute
    namespace: what it holds as items it holds as attributes), else None."""
    params = init.args
    if params.posonlyargs or params.kwonlyargs or params.defaults or len(params.args) != 1 or len(init.body) != 2:
        return None
    receiver = params.args[0].arg
    call, store = init.body
    if type(call) is not ast.Expr or type(call.value) is not ast.Call:
        return None
    func = call.value.func
    starter = func.value if type(func) is ast.Attribute and func.attr == "__init__" else None
    if not (type(starter) is ast.Call and type(starter.func) is ast.Name and starter.func.id == "super" and (
            not starter.args or len(starter.args) == 2 and type(starter.args[0]) is ast.Name
            and starter.args[0].id == cls.name and type(starter.args[1]) is ast.Name and starter.args[1].id == receiver)):
        return None
    given = [(type(arg) is ast.Starred, arg.value.id if type(arg) is ast.Starred and type(arg.value) is ast.Name else None)
             for arg in call.value.args]
    named = [(keyword.arg, keyword.value.id if type(keyword.value) is ast.Name else None) for keyword in call.value.keywords]
    if given != ([(True, params.vararg.arg)] if params.vararg else []) \
            or named != ([(None, params.kwarg.arg)] if params.kwarg else []):
        return None  # the arguments exactly as given
    if type(store) is not ast.Assign or len(store.targets) != 1:
        return None
    target = store.targets[0]
    if type(target) is ast.Attribute and target.attr == "__dict__" and type(target.value) is ast.Name \
            and target.value.id == receiver and type(store.value) is ast.Name and store.value.id == receiver:
        return target
    return None


def own_namespaces(tree: ast.Module) -> frozenset[int]:
    """Ids of the `self.__dict__` targets of own_namespace __init__s of the module's dict subclasses:
    a store that changes no other object's attributes."""
    found = set()
    for cls in (node for node in tree.body if type(node) is ast.ClassDef):
        for stmt in cls.body:
            if type(stmt) is ast.FunctionDef and stmt.name == "__init__" and (target := own_namespace(cls, stmt)) is not None:
                found.add(id(target))
    return frozenset(found)


def _is_base(name: ast.Name, targets: list[ast.Attribute]) -> bool:
    for target in targets:
        node = target
        while type(node) is ast.Attribute:
            node = node.value
        if node is name:
            return True
    return False


def _stored(table: AttrTable, path: list[str], value: Value, kind: _Kind) -> AttrTable | None:
    """The table after `table.a.b = value` (None when a step is not a config of this kind)."""
    head = path[0]
    if head.startswith("_") or head in table.shadowed:
        return None
    items = dict(zip(table.keys, table.items))
    if len(path) == 1:
        items[head] = _converted(value, kind) if kind.converts else value
    else:
        inner = items.get(head)
        if not isinstance(inner, AttrTable):
            return None
        inner = _stored(inner, path[1:], value, kind)
        if inner is None:
            return None
        items[head] = inner
    return AttrTable(tuple(items), tuple(items.values()), shadowed=table.shadowed, cls=table.cls)


def _config_reads(value: ast.expr, name: str) -> set[int]:
    """Ids of the loads of `name` in a store's value that only read an item or attribute of it
    (`cfg.model.heads[n]`), no method called, nothing handed on."""
    found = set()
    parents = {id(child): node for node in ast.walk(value) for child in ast.iter_child_nodes(node)}
    for node in ast.walk(value):
        if type(node) is ast.Name and node.id == name and type(node.ctx) is ast.Load:
            parent = parents.get(id(node))
            if type(parent) is ast.Attribute and type(parents.get(id(parent))) is not ast.Call:
                found.add(id(node))
    return found


def _reading(static: Frame, stores: tuple, table: AttrTable) -> Frame:
    """The frame a builder's store is read in: its function's, where the config's name holds the
    config as the stores before it left it."""
    if len(stores) < 3:
        return static
    from codemods.analysis.interpreter import Frame

    return Frame(None, static, vars={stores[2]: table})


def _plain(value: Value) -> Value:
    """The config's items as plain nested dicts (a plain item kept as it is)."""
    if isinstance(value, AttrTable):
        return DictValue(value.keys, tuple(_plain(item) for item in value.items))
    return value


def _converted(value: Value, kind: _Kind) -> Value:
    """ml_collections and OmegaConf turn a plain dict item into a config; OmegaConf also turns
    sequences into ListConfig (not a tuple of axis names) and resolves "${...}" strings."""
    if isinstance(value, DictValue) and not isinstance(value, AttrTable):
        return AttrTable(value.keys, tuple(_converted(item, kind) for item in value.items), shadowed=kind.shadowed)
    if kind.omega and (isinstance(value, TupleValue) or isinstance(value, Const) and (
            isinstance(value.value, (tuple, list)) or isinstance(value.value, str) and "${" in value.value)):
        return UNKNOWN
    return value
