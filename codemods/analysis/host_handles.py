"""The objects of host_classes.py as the analysis holds them, and back (issue 13).

A run's result converts to a value the interpreter reads: an imported name to its `JaxName`, a
`PartialObj` of one to a `Partial` (a module def in one stays with the interpreter, which counts its references), an object of a plain class without
special methods to an `Instance` of its fields (what the interpreter builds for `C(...)` itself).
An object whose class reads attributes through `__getattr__` / `__getitem__` (a `DictConfig`
resolving `${mesh.axes.0}` on access) has no fields to list: the interpreter holds it as a
`HostHandle`, and reads `cfg.mesh` or calls `cfg.get("k", ())` by a host run on the one object,
checked unchanged after. Such a handle is made only for a class no code outside it changes: no
attribute store anywhere but `self.x = ...` in its own methods (and `object.__setattr__(self,
...)` there), no `setattr`, and its instance attributes read nowhere outside its methods.
"""
from __future__ import annotations

import ast
import contextvars

from codemods import jaxapi
from codemods.analysis.cli_args import Namespace
from codemods.analysis.host_classes import HostObj, JaxRef, PartialObj, has_dunders, plain_class
from codemods.analysis.host_objects import Bail
from codemods.analysis.host_replay import keep_exact, module_state
from codemods.analysis.values import UNKNOWN, Const, Instance, JaxName, Partial, Value

_SEEN: contextvars.ContextVar = contextvars.ContextVar("host_handle_seen", default=None)


class HostHandle(Namespace):
    """A run-made object the interpreter reads through host runs (see the module's doc)."""

    fixed_object = True  # one object no code changes: a field holding it is settled (values.py)

    def __init__(self, interp, obj: HostObj, replayed: bool = False) -> None:
        object.__setattr__(self, "names", ())
        object.__setattr__(self, "items", ())
        object.__setattr__(self, "interp", interp)
        object.__setattr__(self, "obj", obj)
        object.__setattr__(self, "replayed", replayed)  # made by a run reading the top level's state

    def __eq__(self, other: object) -> bool:
        return type(other) is HostHandle and other.obj is self.obj

    def __hash__(self) -> int:
        return id(self.obj)

    def attribute(self, name: str) -> Value:
        cache = self.interp.__dict__.setdefault("_host_handle_reads", {})
        key = (id(self.obj), name, self.replayed)
        if key not in cache:
            cache[key] = (self.obj, self._attribute(name))  # (the object is kept: its id stays its own)
        return cache[key][1]

    def _attribute(self, name: str) -> Value:
        from codemods.analysis.host_runs import HostRun

        run = HostRun(self.interp)
        run.replay = module_state(self.interp) if self.replayed else None
        try:
            run.enter(self.obj)
            found = run.attribute(self.obj, name)
            if not run.unchanged():
                return UNKNOWN
        except (BaseException,):  # noqa: BLE001 - a case the run misreads: unknown
            return UNKNOWN
        self.interp.__dict__["_host_replaying_run"] = self.replayed
        value = held_or_value(self.interp, found)
        keep_exact(self.interp, value, found)
        return value if value is not None else UNKNOWN


def held_or_value(interp, obj: object) -> Value | None:
    from codemods.analysis.host_objects import to_value
    return to_value(interp, obj)


def held_python(interp, value: Value) -> object:
    if isinstance(value, HostHandle):
        return value.obj
    if isinstance(value, JaxName):
        return JaxRef(value.name)
    raise Bail


def held_value(interp, obj: object, depth: int) -> Value | None:
    from codemods.analysis.host_objects import to_value

    if type(obj) is JaxRef:
        return JaxName(jaxapi.canonical(obj.name))
    if type(obj) is PartialObj:
        # (of an imported function only: a module def reached through a made partial would
        # count none of its references analysed, partial_refs.py)
        func = held_value(interp, obj.func, depth + 1) if type(obj.func) is JaxRef else None
        if not isinstance(func, JaxName):
            return None
        args = [to_value(interp, item, depth + 1) for item in obj.args]
        keywords = {key: to_value(interp, item, depth + 1) for key, item in obj.kwargs.items()}
        if any(item is None for item in args + list(keywords.values())):
            return None
        where = interp.__dict__.get("_host_call_expr")
        node = _located(ast.Constant(value=None), where)
        return Partial(func, tuple(args), tuple(keywords.items()), tuple(node for _ in args),
                       tuple((key, _located(_spelled(value), where)) for key, value in keywords.items()))
    if type(obj) is HostObj:
        if not has_dunders(obj.cls):
            fields = {name: to_value(interp, item, depth + 1) for name, item in obj.attrs.items()}
            if any(item is None for item in fields.values()) or not _unhooked(interp, obj.cls):
                return None
            return Instance(obj.cls, tuple(sorted(fields.items())))
        if handled(interp, obj.cls):
            return HostHandle(interp, obj, interp.__dict__.get("_host_replaying_run", False))
    return None


def _located(node: ast.expr, where: ast.AST | None) -> ast.expr:
    """The made node placed where the run was started (no expression of the program holds it)."""
    if where is not None and hasattr(where, "lineno"):
        return ast.copy_location(node, where)
    node.lineno, node.col_offset, node.end_lineno, node.end_col_offset = 1, 0, 1, 0
    return node


def _spelled(value: Value) -> ast.expr:
    if isinstance(value, Const) and isinstance(value.value, (str, int, float, bool, type(None))):
        return ast.Constant(value=value.value)
    return ast.Constant(value=None)


def _unhooked(interp, cls: ast.ClassDef) -> bool:
    return plain_class(interp, cls)


def handled(interp, cls: ast.ClassDef) -> bool:
    """No code outside the class changes its objects (see the module's doc)."""
    cache = interp.__dict__.setdefault("_host_handled", {})
    if id(cls) in cache:
        return cache[id(cls)]
    tree = interp.scope.tree
    inside = {id(node) for member in cls.body for node in ast.walk(member)}
    own = set()
    for member in cls.body:
        if type(member) is ast.FunctionDef:
            for node in ast.walk(member):
                if type(node) is ast.Attribute and type(node.value) is ast.Name and node.value.id == "self":
                    own.add(node.attr)
                if type(node) is ast.Call and ast.unparse(node.func) == "object.__setattr__" and node.args \
                        and type(node.args[1] if len(node.args) > 1 else None) is ast.Constant:
                    own.add(node.args[1].value)
    ok = not any(_changes_itself(member) for member in cls.body
                 if type(member) is ast.FunctionDef and member.name != "__init__")
    for node in ast.walk(tree):
        if type(node) is ast.Name and node.id in ("setattr", "delattr", "vars"):
            ok = False
        elif type(node) is ast.Attribute and (node.attr in ("__dict__", "__setattr__") and id(node) not in inside
                                              or id(node) not in inside and node.attr in own):
            ok = False
        elif type(node) is ast.Attribute and not isinstance(node.ctx, ast.Load) and not (
                type(node.value) is ast.Name and node.value.id == "self"):
            ok = False
    cache[id(cls)] = ok
    return ok


_CHANGERS = frozenset({"append", "extend", "insert", "remove", "pop", "popitem", "clear", "update", "setdefault",
                       "sort", "reverse", "add", "discard", "__setattr__", "__setitem__"})


def _changes_itself(method: ast.FunctionDef) -> bool:
    """A method past `__init__` that stores anything or calls a changing method: its object
    (a registry filled by `register`) is not the one its construction made."""
    return any(type(node) in (ast.Attribute, ast.Subscript) and not isinstance(node.ctx, ast.Load)
               or type(node) is ast.Call and type(node.func) is ast.Attribute and node.func.attr in _CHANGERS
               for node in ast.walk(method))


def held_snapshot(obj: object, depth: int) -> object:
    from codemods.analysis.host_objects import snapshot

    seen = _SEEN.get()
    token = None
    if seen is None:
        seen = set()
        token = _SEEN.set(seen)
    try:
        if id(obj) in seen:
            return ("seen", id(obj))
        seen.add(id(obj))
        if type(obj) is HostObj:
            return ("host", id(obj), tuple((k, snapshot(v, depth)) for k, v in obj.attrs.items()))
        return ("partial", id(obj.func), tuple(snapshot(a, depth) for a in obj.args),
                tuple((k, snapshot(v, depth)) for k, v in obj.kwargs.items()))
    finally:
        if token is not None:
            _SEEN.reset(token)


class HandleCalls:
    """Interpreter hook: `cfg.get("reduced", ())` of a handle runs the method on its object."""

    def eval_Call(self, expr: ast.Call, frame):
        func = expr.func
        if type(func) is ast.Attribute and _plain_path(func.value):  # (read twice: nothing it reads may run code)
            receiver = self.eval(func.value, frame)
            if isinstance(receiver, HostHandle):
                args, keywords, starred = self._eval_args(expr, frame)
                found = _method_call(self, receiver, func.attr, args, keywords, starred)
                return found if found is not None else UNKNOWN
        return super().eval_Call(expr, frame)


def _plain_path(node: ast.expr) -> bool:
    while type(node) is ast.Attribute:
        node = node.value
    return type(node) is ast.Name


def _method_call(interp, receiver: HostHandle, method: str, args, keywords, starred) -> Value | None:
    from codemods.analysis.host_objects import to_python
    from codemods.analysis.host_runs import HostRun

    if starred:
        return None
    run = HostRun(interp)
    run.replay = module_state(interp) if receiver.replayed else None
    try:
        run.enter(receiver.obj)
        given = [run.enter(to_python(interp, value)) for value, _ in args]
        named = {name: run.enter(to_python(interp, value)) for name, (value, _) in keywords.items()}
        result = run.call(run.attribute(receiver.obj, method), given, named)
        if not run.unchanged():
            return None
    except BaseException:  # noqa: BLE001 - a case the run misreads: unknown
        return None
    interp.__dict__["_host_replaying_run"] = receiver.replayed
    value = held_or_value(interp, result)
    keep_exact(interp, value, result)
    return value
