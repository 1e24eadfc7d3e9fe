"""How a host run (host_runs.py) makes, reads and calls the objects of host_classes.py, and the
library calls config code makes on them (issue 13): attribute lookup in Python's order,
`object.__setattr__`, special methods from syntax, `functools.partial`, `importlib.import_module`,
`globals()[name]`, `re` patterns, nested defs (closures) and decorators applied as Python does."""
from __future__ import annotations

import ast
import re

from codemods.analysis.host_classes import (
    GlobalsView,
    HostObj,
    JaxRef,
    PartialObj,
    members,
    plain_class,
    special_method,
)
from codemods.analysis.host_exprs import Env, LambdaValue, Raised, bound_names, immutable, plain_tree
from codemods.analysis.host_objects import Bail, ClassRef, FuncRef, Seq, Special
from codemods.analysis.host_replay import later_changed

_BUILTIN_VALUES = (str, int, float, bool, type(None), list, tuple, dict, set, Seq)
_IDENTITY_DECORATORS = frozenset({"dataclasses.dataclass", "functools.wraps"})
_PATTERN_METHODS = frozenset({"fullmatch", "match", "search", "findall", "split", "sub"})
_MATCH_METHODS = frozenset({"group", "groups", "start", "end", "span"})


class ClosureRef:
    """A def made inside a run: its node and the scope its free names resolve in."""

    __slots__ = ("env", "node")

    def __init__(self, node: ast.FunctionDef, env: Env) -> None:
        self.node, self.env = node, env


class Identity:
    """A decorator that hands back what it is given (`functools.wraps(fn)`, `dataclass`)."""

    __slots__ = ()


class HostClassRuns:
    """Mixin of HostRun (which supplies eval, call, run_def, block, interp and the state)."""

    replaying = None  # the ReplayState the top level is filling (host_replay.py), if this run is it
    replay = None  # the state this run may read (set by host_call)

    def replayed_global(self, name: str, fallback: bool = False) -> object:
        """A module-level name as the top level left it (host_replay.py); NotImplemented: read
        it as before."""
        state = self.replaying
        if state is not None:
            if name in state.globals:
                return state.globals[name]
            if name in state.poisoned or self.interp.scope.globals.binds(name):
                raise Bail  # not bound yet at this point of the top level, or left unknown
            return NotImplemented
        state = self.replay
        if not fallback or state is None or name not in state.globals:
            return NotImplemented
        found = state.globals[name]
        if type(found) in (list, dict, set, HostObj) and later_changed(self.interp, state, name):
            return NotImplemented  # changed in place after the top level, perhaps before this run
        self.globals[name] = self.enter(found) if type(found) in (list, dict, HostObj) else found
        return self.globals[name]

    def field_default(self, expr: ast.expr) -> object:
        """A dataclass field's `dataclasses.field(default_factory=f)` (f called now) or
        `field(default=v)`; NotImplemented when the default is written plainly."""
        if type(expr) is not ast.Call or _canonical_decorator(self, expr) != "dataclasses.field":
            return NotImplemented
        if expr.args or len(expr.keywords) != 1 or expr.keywords[0].arg not in ("default", "default_factory"):
            raise Bail
        value = self.eval(expr.keywords[0].value, self.module_env)
        if expr.keywords[0].arg == "default_factory":
            return self.call(value, [], {})
        if not immutable(value):
            raise Bail
        return value

    # -- making objects ----------------------------------------------------------------------
    def make_object(self, cls: ast.ClassDef, args: list, kwargs: dict) -> HostObj:
        if not plain_class(self.interp, cls):
            raise Bail
        obj = HostObj(cls)
        init = special_method(cls, "__init__")
        if init is not None:
            if self.run_def(init, [obj] + list(args), kwargs) is not None:
                raise Raised(TypeError("__init__ should return None"))
        elif args or kwargs:
            raise Raised(TypeError("takes no arguments"))
        return obj

    # -- reading ------------------------------------------------------------------------------
    def object_attribute(self, obj: HostObj, name: str) -> object:
        if name in obj.attrs:
            return obj.attrs[name]
        found = members(obj.cls, name)
        if found:
            return self.class_member(obj.cls, found, name, obj)
        getter = special_method(obj.cls, "__getattr__")
        if getter is None:
            raise Raised(AttributeError(name))
        return self.run_def(getter, [obj, name], {})

    def class_member(self, cls: ast.ClassDef, found: list, name: str, obj: HostObj | None) -> object:
        if len(found) != 1:
            raise Bail
        member = found[0]
        if type(member) is ast.FunctionDef:
            kind = decoration(member)
            if kind == "property" and obj is not None:
                return self.run_def(member, [obj], {})
            if kind == "staticmethod":
                return FuncRef(member)
            if kind == "classmethod":
                return FuncRef(member, (ClassRef(cls),))
            if kind == "method":
                return FuncRef(member, (obj,)) if obj is not None else FuncRef(member)
            raise Bail
        if type(member) is ast.Assign and len(member.targets) == 1:
            return self.class_value(cls, name, member.value)
        raise Bail

    def class_value(self, cls: ast.ClassDef, name: str, value: ast.expr) -> object:
        """A class-level attribute: the object the top level left there (host_replay.py), or
        one evaluated now when it cannot have changed (immutable)."""
        state = self.replaying or self.replay
        if state is not None and id(cls) in state.class_ns:
            if name in state.class_poisoned.get(id(cls), ()) or name not in state.class_ns[id(cls)]:
                raise Bail
            found = state.class_ns[id(cls)][name]
            if self.replaying is None and not immutable(found) and later_changed(self.interp, state, "." + name):
                raise Bail  # changed in place after the top level, perhaps before this run
            return found if self.replaying is not None else self.enter(found)
        found = self.eval(value, self.module_env)
        if not immutable(found):
            raise Bail  # a mutable class attribute: what module statements did to it is not known here
        return found

    def held_attribute(self, obj: object, name: str) -> object:
        """Attributes of the objects of host_classes.py (NotImplemented: not one of them)."""
        if type(obj) is HostObj:
            return self.object_attribute(obj, name)
        if type(obj) is ClassRef and plain_class(self.interp, obj.cls):
            found = members(obj.cls, name)
            if not found:
                raise Bail
            return self.class_member(obj.cls, found, name, None)
        if type(obj) is JaxRef:
            return JaxRef(f"{obj.name}.{name}")
        if type(obj) is Special and obj.name == "builtins.object" and name == "__setattr__":
            return Special("object.__setattr__")
        if type(obj) is re.Pattern and name in _PATTERN_METHODS or type(obj) is re.Match and name in _MATCH_METHODS:
            return (obj, name)  # a bound method, called below
        return NotImplemented

    # -- calling ------------------------------------------------------------------------------
    def held_call(self, func: object, args: list, kwargs: dict) -> object:
        if type(func) is ClosureRef:
            return self.run_def(func.node, args, kwargs, parent=func.env)
        if type(func) is Identity:
            if len(args) != 1 or kwargs:
                raise Bail
            return args[0]
        if type(func) is PartialObj:
            return self.call(func.func, list(func.args) + list(args), {**func.kwargs, **kwargs})
        if type(func) is HostObj:
            method = special_method(func.cls, "__call__")
            if method is None:
                raise Raised(TypeError("not callable"))
            return self.run_def(method, [func] + list(args), kwargs)
        if type(func) is tuple and len(func) == 2 and type(func[0]) in (re.Pattern, re.Match):
            return self.regex_call(func[0], func[1], args, kwargs)
        if type(func) is Special:
            return self.held_special(func.name, args, kwargs)
        return NotImplemented

    def held_special(self, name: str, args: list, kwargs: dict) -> object:
        if name == "object.__setattr__" and len(args) == 3 and not kwargs and type(args[0]) is HostObj \
                and type(args[1]) is str:
            if self.given_object(args[0]):
                raise Bail
            args[0].attrs[args[1]] = args[2]
            return None
        if name == "functools.partial" and args:
            if type(args[0]) not in (FuncRef, ClosureRef, JaxRef, PartialObj, LambdaValue, ClassRef):
                raise Bail
            return PartialObj(args[0], tuple(args[1:]), dict(kwargs))
        if name == "functools.wraps":
            return Identity()
        if name == "importlib.import_module" and len(args) == 1 and not kwargs and type(args[0]) is str:
            if not re.fullmatch(r"[A-Za-z_][\w.]*", args[0]):
                raise Bail
            return JaxRef(args[0])
        if name == "builtins.globals" and not args and not kwargs:
            return GlobalsView()
        if name == "re.compile" and len(args) == 1 and not kwargs and type(args[0]) is str:
            try:
                return re.compile(args[0])
            except re.error as error:
                raise Raised(error) from None
        return NotImplemented

    def regex_call(self, receiver, method: str, args: list, kwargs: dict) -> object:
        if method == "sub" and args and type(args[0]) in (FuncRef, ClosureRef, LambdaValue):
            callback = args[0]

            def replace(match):
                found = self.call(callback, [match], {})
                if type(found) is not str:
                    raise Bail
                return found
            if not all(type(a) in (str, int) for a in args[1:]) or kwargs:
                raise Bail
            return receiver.sub(replace, *args[1:])
        if not all(plain_tree(a) for a in args) or not all(plain_tree(v) for v in kwargs.values()):
            raise Bail
        try:
            return getattr(receiver, method)(*args, **kwargs)
        except (IndexError, TypeError, re.error) as error:
            raise Raised(error) from None

    # -- syntax on objects ----------------------------------------------------------------------
    def held_item(self, holder: object, key: object) -> object:
        if type(holder) is GlobalsView:
            if type(key) is not str:
                raise Bail
            try:
                return self.global_value(key)
            except KeyError:
                raise Bail from None
        if type(holder) is HostObj:
            method = special_method(holder.cls, "__getitem__")
            if method is None:
                raise Raised(TypeError("not subscriptable"))
            return self.run_def(method, [holder, key], {})
        return NotImplemented

    def held_contains(self, item: object, holder: object) -> object:
        if type(holder) is HostObj:
            method = special_method(holder.cls, "__contains__")
            if method is None:
                raise Bail  # (iteration or __getitem__ would be tried)
            return self.truth(self.run_def(method, [holder, item], {}))
        return NotImplemented

    def held_store(self, target: ast.Attribute, value: object, env: Env) -> None:
        holder = self.eval(target.value, env)
        if type(holder) is not HostObj or self.given_object(holder):
            raise Bail
        holder.attrs[target.attr] = value

    def given_object(self, obj: object) -> bool:
        """An object handed in (its change would be the program's): a run never stores into one."""
        return any(obj is given for given, _ in self.given)

    def nested_def(self, node: ast.FunctionDef, env: Env) -> None:
        if node.args.defaults or any(d is not None for d in node.args.kw_defaults):
            raise Bail
        env.vars[node.name] = self.decorate(node, ClosureRef(node, env), env)

    def decorate(self, node, made: object, env: Env) -> object:
        """What a decorated def or class is bound to: its decorators applied, last written first."""
        for decorator in reversed(node.decorator_list):
            if _canonical_decorator(self, decorator) in _IDENTITY_DECORATORS:
                continue
            made = self.call(self.eval(decorator, env), [made], {})
        return made

    def held_isinstance(self, obj: object, kinds) -> object:
        if type(obj) is HostObj:
            if all(type(k) is ClassRef or k in (int, float, str, bool, list, tuple, dict, set) for k in kinds):
                return any(type(k) is ClassRef and k.cls is obj.cls for k in kinds)
            raise Bail
        if any(type(k) is Special and k.name == "builtins.type" for k in kinds):
            if type(obj) is ClassRef:
                return True
            if type(obj) in (str, int, float, bool, list, tuple, dict, type(None)) or type(obj) is Seq \
                    and all(type(k) is Special or k not in (list, tuple) for k in kinds):
                return any(type(k) is not Special and type(k) is type and isinstance(obj, k) for k in kinds)
            raise Bail
        if type(obj) in (JaxRef, PartialObj, ClosureRef, GlobalsView):
            raise Bail
        if any(type(k) is ClassRef for k in kinds) and type(obj) in _BUILTIN_VALUES \
                and all(type(k) is ClassRef or k in _BUILTIN_VALUES for k in kinds) \
                and not (type(obj) is Seq and any(k in (list, tuple) for k in kinds)):
            return any(type(k) is not ClassRef and isinstance(obj, k) for k in kinds)  # (no module class is a builtin's)
        return NotImplemented


def decoration(node: ast.FunctionDef) -> str | None:
    """How a class member is called: "method", "property", "staticmethod", "classmethod" (None: not known)."""
    if not node.decorator_list:
        return "method"
    if len(node.decorator_list) == 1 and type(node.decorator_list[0]) is ast.Name \
            and node.decorator_list[0].id in ("property", "staticmethod", "classmethod"):
        return node.decorator_list[0].id
    return None


def _canonical_decorator(run, decorator: ast.expr) -> str | None:
    target = decorator.func if type(decorator) is ast.Call else decorator
    from codemods.analysis.host_objects import _canonical
    name = _canonical(run.interp, target)
    if name == "functools.wraps" and type(decorator) is not ast.Call:
        return None
    return name


def run_def_env(node: ast.FunctionDef, parent: Env) -> Env:
    return Env(parent, bound_names(node))
