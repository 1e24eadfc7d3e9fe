"""An exception class of the module with an `__init__` of its own (script_exceptions.py; issue 13):
`class AxisError(ValueError): def __init__(self, axes): super().__init__(f"bad {axes}");
self.axes = axes`, raised, caught, and read back (`except AxisError as e: e.axes`); a `__str__`
of its own gives `str(e)`.

The class is made as a real class of that name (so `except` clauses and `isinstance` match it
exactly), and its `__init__` is the module's def, run by the run: making an instance does what
CPython 3.11 does for such a class, `BaseException.__new__` (its `args` the positional
arguments), then the class's `__init__` bound to it. Inside, `super().__init__(...)` reaches the
next class's own def or, for the builtin base, `BaseException.__init__` (which sets `args`; a
keyword: TypeError, but AttributeError's own takes `name=` and `obj=`, 3.10+); `self.name = value`
stores in the instance's namespace and reads of those names give them back. Modelled only over
the builtin exceptions whose `__new__` and `__init__` are BaseException's (not OSError, whose
`__new__` maps errno to subclasses, nor others with fields of their own); any other method of
the class's own keeps the class unmade where it is made (`_unmodelled`, script_exceptions.py).
The real class's `__init__` stops the run if anything but the run calls it.
"""
from __future__ import annotations

import ast

from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.script_values import Bound, RunCallable, UFunc

_SIMPLE = frozenset({Exception, ValueError, TypeError, LookupError, KeyError, IndexError, RuntimeError,
                     AttributeError, NotImplementedError, ArithmeticError, AssertionError})
_FIELDS = frozenset({"args", "__cause__", "__context__", "__traceback__", "__suppress_context__", "__notes__",
                     "__class__", "__dict__", "with_traceback", "add_note"})


def _refused(self, *args, **kwargs) -> None:
    raise Bail  # (made other than by the run: its own `__init__` is the run's to run)


_OWN = {"__init__": "_sf_init", "__str__": "_sf_str"}


def own_init(node: ast.ClassDef, body: list) -> list | None:
    """The class body's defs when they are only an `__init__` and/or a `__str__` (besides a
    docstring, `pass`, `...`); None otherwise."""
    defs = [stmt for stmt in body if type(stmt) is not ast.Pass
            and not (type(stmt) is ast.Expr and type(stmt.value) is ast.Constant)]
    names = [getattr(stmt, "name", None) for stmt in defs]
    if defs and all(type(stmt) is ast.FunctionDef and stmt.name in _OWN and not stmt.decorator_list for stmt in defs) \
            and len(set(names)) == len(names):
        return defs
    return None


def init_namespace(run, nodes: list, env, bases: list, namespace: dict) -> bool:
    """Fill `namespace` for a class whose `__init__` / `__str__` the run runs; False when its
    bases are not ones this models (the caller then keeps it unmade)."""
    if run is None or env is None or not all(_modelled(base) for base in bases):
        return False
    for node in nodes:
        func = run.make_function(node, env, env)
        if type(func) is not UFunc:
            return False
        namespace[node.name] = _refused
        namespace[_OWN[node.name]] = func
    return True


def own_text(run, error: BaseException) -> object:
    """`str(error)` through the first `__str__` of its class's order that is the run's; NotImplemented
    when BaseException's own answers (no class of the run defines one)."""
    for cls in type(error).__mro__:
        if "_sf_str" in cls.__dict__:
            text = run.call(Bound(cls.__dict__["_sf_str"], error), [], {})
            if type(text) is not str:
                raise Bail  # (TypeError, or a str subclass: not modelled)
            return text
        if "__str__" in cls.__dict__ and cls.__dict__.get("_sf_module_class") is None:
            return NotImplemented  # (a builtin's: BaseException's own, or KeyError's)
    return NotImplemented


def _modelled(base: type) -> bool:
    return all(kind in _SIMPLE or kind in (BaseException, object) or kind.__dict__.get("_sf_module_class", False)
               for kind in base.__mro__)


def runs_init(kind: object) -> bool:
    """An exception class some class of whose order has an `__init__` (or `__str__`) the run runs."""
    return isinstance(kind, type) and issubclass(kind, BaseException) \
        and any("_sf_init" in c.__dict__ or "_sf_str" in c.__dict__ for c in kind.__mro__)


def construct(run, kind: type, args: list, kwargs: dict) -> BaseException:
    """`kind(*args, **kwargs)`: BaseException's `__new__`, then the first `__init__` of its order."""
    if not all(_modelled(c) for c in kind.__mro__[1:]):
        raise Bail
    error = BaseException.__new__(kind, *args)
    _init_from(run, kind, error, 0, args, kwargs)
    return error


def _init_from(run, kind: type, error: BaseException, start: int, args: list, kwargs: dict) -> None:
    for cls in kind.__mro__[start:]:
        if "_sf_init" in cls.__dict__:
            if run.call(Bound(cls.__dict__["_sf_init"], error), list(args), dict(kwargs)) is not None:
                raise Bail  # (TypeError: __init__ should return None)
            return
        if cls is AttributeError and kwargs:
            if not set(kwargs) <= {"name", "obj"}:
                raise Bail  # (TypeError, in words of its own)
            error.args = tuple(args)  # (3.10+: AttributeError's own `__init__` takes `name=` and `obj=`)
            for key, value in kwargs.items():
                setattr(error, key, value)
            return
        if "__init__" in cls.__dict__ or cls is BaseException:
            if kwargs:
                raise Raised(TypeError(f"{kind.__name__}() takes no keyword arguments"))
            error.args = tuple(args)  # (BaseException.__init__; the simple builtins share it)
            return
    raise Bail


def super_of(func: UFunc, receiver: object) -> object | None:
    """Zero-argument `super()` in the run's `__init__` of an exception class; None when func is
    not one."""
    if not isinstance(receiver, BaseException):
        return None
    order = type(receiver).__mro__
    for index, cls in enumerate(order):
        if cls.__dict__.get("_sf_init") is func:
            return ExceptionSuper(receiver, index + 1)
    return None


class ExceptionSuper(ModelledObject):
    """`super()` in such an `__init__`: only `__init__` is read from it."""

    __slots__ = ("error", "start")

    def __init__(self, error: BaseException, start: int) -> None:
        self.error, self.start = error, start

    def attribute(self, run, name: str) -> object:
        if name != "__init__":
            raise Bail
        return _NextInit(self.error, self.start)


class _NextInit(RunCallable):
    __slots__ = ("error", "start")

    def __init__(self, error: BaseException, start: int) -> None:
        self.error, self.start = error, start

    def __call__(self, run, args: list, kwargs: dict) -> object:
        _init_from(run, type(self.error), self.error, self.start, args, kwargs)
        return None


def set_field(error: BaseException, name: str, value: object) -> bool:
    """`self.name = value` on an instance of such a class: stored in its namespace; False for any
    other exception or a name Python treats specially."""
    if not runs_init(type(error)) or name in _FIELDS or name.startswith("__") \
            or any(name in c.__dict__ for c in type(error).__mro__):
        return False
    error.__dict__[name] = value
    return True


def field(error: BaseException, name: str) -> tuple | None:
    """`(value,)` of a name such an `__init__` stored; None for anything else."""
    if runs_init(type(error)) and name in error.__dict__ and not any(name in c.__dict__ for c in type(error).__mro__):
        return (error.__dict__[name],)
    return None
