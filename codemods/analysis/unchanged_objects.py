"""Whether a dict or list read through an expression (`AXES`, `self.axes`, `cfg["rules"]`) is one
no code of the module changes in place, through any name that may hold it.

mutation.py lists the names a change is written through and follows plain assignments; it leaves
out the ways an object travels without an assignment: a parameter's default (`axes=AXES`), an
argument reaching a parameter of a module function or of a constructor (`Aggregator(mesh, AXES)`
then `self.axes = axes`), a value a function returns (`return cfg, batch` then `main(*inputs())`),
`functools.partial`, a copy that shares the items (`dict(BASE)`). Here every such path is an edge
between keys: a name (whatever its scope), `.attr` (any object's attribute of that name), `()f`
(what a module function `f` returns; `()f#i` item i of the tuples it returns). Keys joined by a
path may hold one object; a key some code changes in place (`d[k] = v`, `.update()`, `+=`, an
argument handed to code that may change it) makes its whole group changed. Being too coarse only
leaves an object unproved, never proves a changed one unchanged. The keys of an expression are
read in object_keys.py.

Calls of JAX, NumPy and `math` return new objects and keep none of their arguments (a transform
rebuilds the pytrees it is given), except the pytree utilities, which hand leaves to callbacks.
"""
from __future__ import annotations

import ast

from codemods.analysis.mutation import MUTATORS, may_change
from codemods.analysis.built_tables import initializing
from codemods.analysis.module_patches import is_patch
from codemods.analysis.traced_callables import traced_names
from codemods.analysis.nodes import all_param_names, module_parents, nodes_of_type, positional_params
from codemods.analysis.object_keys import (FRESH_BUILTINS, READING_METHODS, SHARING_BUILTINS, ObjectKeys, fresh_library,
                                          returned)

_CHANGERS = MUTATORS | frozenset({"add", "discard", "difference_update", "intersection_update",
                                  "symmetric_difference_update", "setitem", "delitem", "iadd", "ior", "iconcat"})
# Methods through which plain syntax (`obj[k]`, `obj.x`, `for v in obj`) runs the module's own code,
# which this reading does not follow: with one of them defined, nothing is proved.
_HOOKS = frozenset({"__getitem__", "__setitem__", "__delitem__", "__getattr__", "__getattribute__", "__setattr__",
                    "__delattr__", "__iter__", "__get__", "__set__", "__iadd__", "__ior__", "__init_subclass__",
                    "__class_getitem__", "__missing__"})


class _Groups:
    """Keys joined into groups (union-find)."""

    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, key: str) -> str:
        parent = self.parent.setdefault(key, key)
        while parent != key:
            grand = self.parent.setdefault(parent, parent)
            self.parent[key] = grand
            key, parent = parent, grand
        return key

    def join(self, keys) -> bool:
        keys = list(keys)
        if len(keys) < 2:
            for key in keys:
                self.find(key)
            return False
        root = self.find(keys[0])
        joined = False
        for key in keys[1:]:
            other = self.find(key)
            if other != root:
                self.parent[other] = root
                joined = True
        return joined


class _Flow(ObjectKeys):
    """The groups of one module and the keys its code changes."""

    def __init__(self, tree: ast.Module) -> None:
        self.tree = tree
        self.groups = _Groups()
        self.changed: set[str] = set()
        self.imports = _imports(tree)
        self.defs: dict[str, list] = {}
        for kind in (ast.FunctionDef, ast.AsyncFunctionDef):
            for node in nodes_of_type(tree, kind):
                self.defs.setdefault(node.name, []).append(node)
        # `match` captures items by patterns; a metaclass or `sys.modules[...]` reaches names by text
        self.everything = bool(_HOOKS & set(self.defs)) or bool(nodes_of_type(tree, ast.Match)) \
            or any(node.attr == "modules" for node in nodes_of_type(tree, ast.Attribute)) \
            or any(keyword.arg == "metaclass" for cls in nodes_of_type(tree, ast.ClassDef) for keyword in cls.keywords)
        self.classes = {node.name: node for node in nodes_of_type(tree, ast.ClassDef)}
        self.lambdas = {f"lambda@{id(node)}": node for node in nodes_of_type(tree, ast.Lambda)}
        self.unknown_calls: list[tuple[ast.Call, bool]] = []  # (call, held: a callable a name holds)
        self.whole: set[str] = set()  # module functions whose result is read whole, not unpacked
        self._methods = {item for cls in self.classes.values() for item in cls.body
                         if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))}

    # -- keys of an expression --------------------------------------------------------------

    # -- edges --------------------------------------------------------------------------------
    def build(self) -> None:
        tree = self.tree
        for name, functions in self.defs.items():
            for function in functions:
                for value in returned(function):
                    if type(value) is ast.Tuple and not any(type(item) is ast.Starred for item in value.elts):
                        for index, item in enumerate(value.elts):  # `return cfg, batch`: item by item
                            self.groups.join({f"(){name}#{index}"} | self.keys(item))
                    else:
                        self.groups.join({f"(){name}"} | self.keys(value))
                self._defaults(function.args)
                for decorator in function.decorator_list:  # `@wrap def f`: f is `wrap(f)`
                    self.groups.join({name} | self.keys(decorator))
        for key, node in self.lambdas.items():
            self.groups.join({f"(){key}"} | self.keys(node.body))
            self._defaults(node.args)
        for node in nodes_of_type(tree, ast.Assign):
            for target in node.targets:
                self._bind(target, node.value)
        for kind in (ast.AnnAssign, ast.NamedExpr, ast.AugAssign):
            for node in nodes_of_type(tree, kind):
                if node.value is not None:
                    self._bind(node.target, node.value)
                if kind is ast.AugAssign:  # `axes += [...]`, `cfg |= {...}`: in place for a list or dict
                    self.changed |= self.keys(node.target)
        for kind in (ast.For, ast.AsyncFor, ast.comprehension):
            for node in nodes_of_type(tree, kind):
                self.groups.join(self._target_keys(node.target) | self.keys(node.iter))
        for kind in (ast.With, ast.AsyncWith):
            for node in nodes_of_type(tree, kind):
                for item in node.items:
                    if item.optional_vars is not None:
                        self.groups.join(self._target_keys(item.optional_vars) | self.keys(item.context_expr))
        for cls in self.classes.values():  # a class body's `AXES = ...` is `.AXES` of the class and its objects
            for stmt in cls.body:
                targets = stmt.targets if type(stmt) is ast.Assign else [stmt.target] if type(stmt) is ast.AnnAssign else []
                for target in targets:
                    if type(target) is ast.Name:
                        self.groups.join([target.id, "." + target.id])
        for node in nodes_of_type(tree, ast.Subscript):
            if isinstance(node.ctx, (ast.Store, ast.Del)) and not self._initializing(node):
                self.changed |= self.keys(node.value)
        calls = {id(call.func) for call in nodes_of_type(tree, ast.Call)}
        for node in nodes_of_type(tree, ast.Attribute):  # `merge = cfg.update`: a change to come
            if node.attr in _CHANGERS and id(node) not in calls:
                self.changed |= self.keys(node.value)
        for cls in self.classes.values():  # a property `cfg.rules` returns what `def rules` does
            for item in cls.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    self.groups.join(["." + item.name, f"(){item.name}"])
        for call in nodes_of_type(tree, ast.Call):
            self._call_edges(call)
        for name in self.whole:  # a tuple read whole holds each of its items
            self._join_items(name)
        self._join_wildcards()
        while self._unknown_callees():
            pass

    def _join_items(self, name: str) -> bool:
        most = max((_most_items(function) for function in self.defs.get(name, ())), default=0)
        return self.groups.join([f"(){name}", *(f"(){name}#{index}" for index in range(most))])

    def _defaults(self, args: ast.arguments) -> None:
        positional = positional_params(args)
        for param, default in zip(positional[len(positional) - len(args.defaults):], args.defaults):
            self.groups.join({param.arg} | self.keys(default))
        for param, default in zip(args.kwonlyargs, args.kw_defaults):
            if default is not None:
                self.groups.join({param.arg} | self.keys(default))

    def _target_keys(self, target: ast.expr) -> set[str]:
        if type(target) in (ast.Tuple, ast.List):
            return set().union(*(self._target_keys(item) for item in target.elts))
        if type(target) is ast.Starred:
            return self._target_keys(target.value)
        return self.keys(target)

    def _bind(self, target: ast.expr, value: ast.expr) -> None:
        if type(target) in (ast.Tuple, ast.List) and not any(type(item) is ast.Starred for item in target.elts):
            parts = self.parts(value)
            if parts is not None and len(parts) == len(target.elts):
                for inner, keys in zip(target.elts, parts):
                    self.groups.join(self._target_keys(inner) | keys)
                return
        self.groups.join(self._target_keys(target) | self.keys(value))

    def _call_edges(self, call: ast.Call) -> None:
        func = call.func
        library = self._library(func)
        if library is not None and library.rsplit(".", 1)[-1] in _CHANGERS and not fresh_library(library):
            self.changed |= self._argument_keys(call)  # `dict.update(cfg, x)`, `operator.setitem(cfg, k, v)`
        if library is not None:
            if library == "functools.partial" and call.args:
                self._pass(self._functions_named(call.args[0]), call.args[1:], call.keywords, 0)
                return
            if fresh_library(library):
                return
            # JAX's pytree functions (`jax.tree.map(fn, cfg)`) hand leaves on and change nothing
            self._hand_over(call, mutable=not library.startswith(("jax.", "functools.", "itertools.", "collections.",
                                                                  "copy.", "dataclasses.")))
            return
        if type(func) is ast.Name:
            name = func.id
            if name in ("globals", "locals", "exec", "eval", "__import__") and name not in self.defs:
                self.everything = True
                return
            if name == "setattr" and len(call.args) == 3:
                self._set_attribute(call.args[1], call.args[2])
                return
            if name == "getattr" and len(call.args) >= 2 and not (
                    type(call.args[1]) is ast.Constant and call.args[1].value not in _CHANGERS):
                self.changed |= self.keys(call.args[0])  # `getattr(cfg, "update")`, a name not known
            if name in self.classes:
                hooks = [item for item in self.defs.get("__init__", []) + self.defs.get("__post_init__", [])
                         + self.defs.get("__new__", [])]
                self._pass(hooks, call.args, call.keywords, 1)
                self._pass_fields(self.classes[name], call)
                return
            if name in self.defs:
                self._pass(self.defs[name], call.args, call.keywords, 0)
                return
            if name in FRESH_BUILTINS or name in SHARING_BUILTINS:
                self._hand_over(call, mutable=False)
                return
            if name in traced_names(self.tree, self._library):
                return  # `f = jax.shard_map(...)` then `f(x)`: JAX traces on leaves of its own
            self.unknown_calls.append((call, True))
            return
        if type(func) is ast.Attribute and func.attr in self.defs:
            functions = self.defs[func.attr]
            self._pass(functions, call.args, call.keywords, 1)  # `obj.method(x)`
            self._pass(functions, call.args, call.keywords, 0)  # `Cls.method(obj, x)`, a function in a field
            self.groups.join(self.keys(func.value) | {"self"})
            if func.attr not in READING_METHODS and not self._own_receiver(func.value):
                # an object from outside the module may have a method of that name too
                self.groups.join(self.keys(func.value) | self._argument_keys(call))
                self.changed |= self._argument_keys(call)
            if func.attr not in READING_METHODS:
                return
        if type(func) is ast.Attribute and func.attr == "__setattr__" and len(call.args) >= 2:
            self._set_attribute(call.args[-2], call.args[-1])  # `object.__setattr__(self, "keys", keys)`
        if type(func) is ast.Attribute:
            receiver = self.keys(func.value)
            if func.attr in _CHANGERS and may_change(call) and not self._initializing(call):
                self.changed |= receiver
                if type(func.value) is ast.Name and func.value.id in ("dict", "list", "set"):
                    self.changed |= self._argument_keys(call)  # `dict.update(cfg, x)`
            # the receiver may keep what it is handed (`parts.append(axes)`, `registry.add(cfg)`)
            self.groups.join(receiver | self._argument_keys(call))
            if func.attr not in READING_METHODS:
                self.changed |= self._argument_keys(call)
            return
        if type(func) is ast.Call and (maker := self._library(func.func)) is not None and fresh_library(maker):
            return  # `jax.jit(step)(params, x)`: a transform calls the function with arrays of its own
        self.unknown_calls.append((call, True))

    def _own_receiver(self, receiver: ast.expr) -> bool:
        """`self.method(...)`, `cls.method(...)`, `super().method(...)`, `Model.method(...)`: the
        module's own class answers the call."""
        if type(receiver) is ast.Name:
            return receiver.id in ("self", "cls") or receiver.id in self.classes
        return type(receiver) is ast.Call and type(receiver.func) is ast.Name and receiver.func.id == "super"

    def _initializing(self, node: ast.AST) -> bool:
        """A change a builder makes to its new table before anything else can hold it (built_tables.py)."""
        parents = module_parents(self.tree)
        statement = parents.get(id(node))
        shadowed = set(self.defs) | set(self.classes) | set(self.imports)
        return statement is not None and (initializing(self.tree, statement, parents, shadowed)
                                          or is_patch(self.tree, statement))  # module_patches.py

    def _set_attribute(self, name: ast.expr, value: ast.expr) -> None:
        key = "." + name.value if type(name) is ast.Constant and type(name.value) is str else "*attr"
        self.groups.join({key} | self.keys(value))

    def _hand_over(self, call: ast.Call, mutable: bool) -> None:
        """Arguments handed to code outside the module: it may keep them together, call a module
        function of theirs with them, and (`mutable`) change them."""
        keys = self._argument_keys(call)
        self.groups.join(keys)
        if keys:
            self.unknown_calls.append((call, False))
        if mutable:
            self.changed |= keys

    def _functions_named(self, node: ast.expr) -> list:
        if type(node) is ast.Name and node.id in self.defs:
            return self.defs[node.id]
        if type(node) is ast.Attribute and node.attr in self.defs:
            return self.defs[node.attr]
        if type(node) is ast.Lambda:
            return [node]
        return []

    def _pass(self, functions, args, keywords, skip: int) -> None:
        """Arguments reaching the parameters of `functions` (`skip`: the receiver's)."""
        for function in functions:
            params = function.args
            positional = positional_params(params)[skip if function in self._methods else 0:]
            rest = [param.arg for param in (params.vararg, params.kwarg) if param is not None]
            index = 0
            for arg in args:
                if type(arg) is ast.Starred:
                    parts = self.parts(arg.value)
                    if parts is None:
                        self.groups.join(self.keys(arg.value) | {param.arg for param in positional[index:]} | set(rest))
                        index = len(positional)
                        continue
                    for keys in parts:
                        target = positional[index].arg if index < len(positional) else None
                        self.groups.join(keys | ({target} if target else set(rest)))
                        index += 1
                    continue
                target = positional[index].arg if index < len(positional) else None
                self.groups.join(self.keys(arg) | ({target} if target else set(rest)))
                index += 1
            names = set(all_param_names(params))
            for keyword in keywords:
                if keyword.arg is None or keyword.arg not in names:
                    self.groups.join(self.keys(keyword.value) | names)
                else:
                    self.groups.join(self.keys(keyword.value) | {keyword.arg})

    def _pass_fields(self, cls: ast.ClassDef, call: ast.Call) -> None:
        """A generated constructor's fields (`Config(AXES)` of `axes: dict`): any annotated field
        of the class or of the module classes it derives from may hold a positional argument."""
        fields: set[str] = set()
        pending, seen = [cls], set()
        while pending:
            klass = pending.pop()
            if id(klass) in seen:
                continue
            seen.add(id(klass))
            fields |= {"." + stmt.target.id for stmt in klass.body
                       if type(stmt) is ast.AnnAssign and type(stmt.target) is ast.Name}
            for base in klass.bases:
                name = base.id if type(base) is ast.Name else base.attr if type(base) is ast.Attribute else None
                if name in self.classes:
                    pending.append(self.classes[name])
        for arg in call.args:
            self.groups.join(self.keys(arg) | fields)
        for keyword in call.keywords:
            self.groups.join(self.keys(keyword.value) | ({"." + keyword.arg} if keyword.arg else fields))

    def _join_wildcards(self) -> None:
        """`vars(obj)`, `obj.__dict__`, `getattr(obj, name)`: any attribute."""
        if "*attr" in self.groups.parent:
            attrs = [key for key in list(self.groups.parent) if key.startswith(".")]
            self.groups.join(["*attr", *attrs])

    def _unknown_callees(self) -> bool:
        """A call of a callable held by a name or handed out: the module functions of its group
        get its arguments; with none, code outside the module may change them."""
        joined = False
        roots: dict[str, list] = {}
        for name, functions in self.defs.items():
            roots.setdefault(self.groups.find(name), []).extend((name, function) for function in functions)
        for key, node in self.lambdas.items():
            roots.setdefault(self.groups.find(key), []).append((key, node))
        for call, held in self.unknown_calls:
            callee = self.keys(call.func) if held else set()
            handed = self._argument_keys(call)
            found = [pair for key in callee | handed for pair in roots.get(self.groups.find(key), ())]
            if not found and held:
                self.changed |= handed  # a callable from outside the module may change what it gets
            for name, function in found:
                joined |= self._join_items(name)
                # what it returns is what the call returns, or what the code it was handed to
                # may return (`field(default_factory=lambda: AXES)`)
                joined |= self.groups.join({f"(){name}"} | ({f"?{id(call)}"} if held else handed))
                names = set(all_param_names(function.args))
                joined |= self.groups.join(handed | names) if handed else False
        return joined

    def unchanged(self, keys: set[str]) -> bool:
        if self.everything or not keys:
            return False
        changed = {self.groups.find(key) for key in self.changed}
        return not any(self.groups.find(key) in changed for key in keys)


def _flow(tree: ast.Module) -> _Flow:
    flow = getattr(tree, "_shardfix_object_flow", None)
    if flow is None:
        flow = _Flow(tree)
        flow.build()
        tree._shardfix_object_flow = flow
    return flow


def unchanged_item(tree: ast.Module, call: ast.expr, index: int) -> bool:
    """Item `index` of the tuples a module function returns (`main(*inputs())` of `return CFG,
    batch`) is a dict or list no code changes in place."""
    if type(call) is not ast.Call or type(call.func) is not ast.Name:
        return False
    flow = _flow(tree)
    parts = flow.parts(call)
    return parts is not None and index < len(parts) and flow.unchanged(parts[index])


def held_tables_unchanged(tree: ast.Module, value) -> bool:
    """A table, or an object built by the module whose fields are constants, objects of such fields
    or tables no code changes through the field's name (`mapping: dict = field(default_factory=...)`)."""
    from codemods.analysis.values import Const, DictValue, Instance, TupleValue

    if isinstance(value, (DictValue, TupleValue)):
        return all(held_tables_unchanged(tree, item) for item in value.items)
    if isinstance(value, Instance):
        if value.fields is None or value.building:
            return False
        flow = _flow(tree)
        return all(held_tables_unchanged(tree, item) and (not isinstance(item, (DictValue, TupleValue, Instance))
                                                           or flow.unchanged({"." + name}))
                   for name, item in value.fields)
    return isinstance(value, Const)


def unchanged_object(tree: ast.Module, node: ast.expr) -> bool:
    """The dict or list `node` reads (a name, an attribute chain, an item of one) is changed in
    place by no code of the module, through whatever name may hold it."""
    flow = _flow(tree)
    root = node
    while type(root) is ast.Subscript:
        root = root.value
    if type(root) not in (ast.Name, ast.Attribute):
        return False
    return flow.unchanged(flow.keys(root))


def _most_items(function) -> int:
    # Kept on the def: the joins ask again for every name at each round of `_unknown_callees`.
    found = function.__dict__.get("_shardfix_most_items")
    if found is None:
        found = function.__dict__["_shardfix_most_items"] = max(
            (len(value.elts) for value in returned(function) if type(value) is ast.Tuple), default=0)
    return found


def _imports(tree: ast.Module) -> dict[str, str]:
    found: dict[str, str] = {}
    for node in nodes_of_type(tree, ast.Import):
        for alias in node.names:
            if alias.asname:
                found[alias.asname] = alias.name
            else:
                found[alias.name.split(".")[0]] = alias.name.split(".")[0]
    for node in nodes_of_type(tree, ast.ImportFrom):
        for alias in node.names:
            found[alias.asname or alias.name] = f"{node.module or ''}.{alias.name}"
    return found
