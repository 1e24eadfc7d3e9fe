"""`functools.singledispatch` and `singledispatchmethod` in a script run (script_run.py; issue 13).

Research code picks the reduction or the gather for a strategy by the type of its first argument:
`@singledispatch def average(strategy, value)`, overloads added by `@average.register` (the type
read from the first annotated parameter, a `A | B` union registering each) or
`@average.register(DataParallel)` (stacked too: `register` hands the function back). A call runs
the overload of the first class in the argument's MRO that has one, as functools does; the base
function is the `object` overload. A `singledispatchmethod` dispatches on the first argument after
`self` when read on an instance.

Certainty: the MRO is known exactly for the values the run holds exactly (plain Python values,
the module's instances, NamedTuples and Enum members) and for arrays: `jax.Array` is an ABC every
device array and tracer is an instance of and no NumPy array is, so an overload registered for it
(`def _(value: jax.Array, axes)`) is what an array on devices dispatches to, as one for
`np.ndarray` is for a host array. Any other registered type the run does not know as a class (an
ABC such as `collections.abc.Sequence`), an argument of unknown type or an annotation it cannot
read stops the run (Bail).
"""
from __future__ import annotations

import ast

from codemods import jaxapi
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.script_values import Arr, Lib, Member, NTup, RunCallable, StrMember, UClass, UFunc, UObj

_ARRAY_TYPES = ("jax.Array", "numpy.ndarray")
_BUILTIN_TYPES = (object, int, float, bool, str, bytes, tuple, list, dict, set, frozenset, type(None), complex)


class Dispatcher(ModelledObject, RunCallable):
    """A singledispatch function (`method`: a singledispatchmethod, dispatching past `self`)."""

    __slots__ = ("method", "registry")

    def __init__(self, func: object, method: bool) -> None:
        self.registry: dict = {object: func}
        self.method = method

    def attribute(self, run, name: str) -> object:
        if name == "register":
            return Register(self)
        if name == "dispatch" and not self.method:
            return Dispatch(self)
        raise Bail

    def __call__(self, run, args: list, kwargs: dict) -> object:
        index = 1 if self.method else 0
        if len(args) <= index:
            raise Bail  # (Python raises a TypeError)
        return run.call(self.implementation(_mro(args[index])), args, kwargs)

    def implementation(self, mro: list) -> object:
        for cls in mro:
            for key, func in self.registry.items():
                if key is cls:
                    return func
        raise Bail


class Dispatch(RunCallable):
    __slots__ = ("dispatcher",)

    def __init__(self, dispatcher: Dispatcher) -> None:
        self.dispatcher = dispatcher

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if len(args) != 1 or kwargs or not (type(args[0]) is UClass or args[0] in _BUILTIN_TYPES):
            raise Bail
        cls = args[0]
        mro = _class_mro(cls) if type(cls) is UClass else [*cls.__mro__]
        return self.dispatcher.implementation(mro)


class Register(RunCallable):
    """`f.register`: called with a function (its annotation gives the type), with a class (a
    decorator for the function to come), or with both."""

    __slots__ = ("dispatcher",)

    def __init__(self, dispatcher: Dispatcher) -> None:
        self.dispatcher = dispatcher

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if kwargs or not 1 <= len(args) <= 2:
            raise Bail
        if len(args) == 1 and type(args[0]) is UFunc:
            for cls in _annotated(run, args[0]):
                self._add(cls, args[0])
            return args[0]
        key = _key(args[0])
        if key is None:
            raise Bail  # (an ABC, a library class: how functools orders it is not modelled)
        if len(args) == 2:
            self._add(key, args[1])
            return args[1]
        return Then(self, key)

    def _add(self, cls: object, func: object) -> None:
        if not isinstance(func, (UFunc, RunCallable)):
            raise Bail
        self.dispatcher.registry[cls] = func


class Then(RunCallable):
    """`f.register(DataParallel)`: the decorator that registers the function it is given."""

    __slots__ = ("cls", "register")

    def __init__(self, register: Register, cls: object) -> None:
        self.register, self.cls = register, cls

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if len(args) != 1 or kwargs:
            raise Bail
        self.register._add(self.cls, args[0])
        return args[0]


def _key(value: object) -> object:
    """The registry's key for a registered type: the class itself, the canonical name of an array
    type; None for a type the run does not order."""
    if type(value) is Lib and (name := jaxapi.canonical(value.name)) in _ARRAY_TYPES:
        return _ARRAY_TYPES[_ARRAY_TYPES.index(name)]  # (the one str object `implementation` looks up by `is`)
    return value if _known_class(value) else None


def _known_class(value: object) -> bool:
    return type(value) is UClass and value.kind in ("plain", "dataclass", "ntuple", "enum") \
        or value in _BUILTIN_TYPES


def _annotated(run, func: UFunc) -> list:
    """The classes of the function's first annotated parameter (each side of a `|` union)."""
    spec = func.node.args
    params = [*spec.posonlyargs, *spec.args, *([spec.vararg] if spec.vararg else []), *spec.kwonlyargs,
              *([spec.kwarg] if spec.kwarg else [])]
    annotation = next((param.annotation for param in params if param.annotation is not None), None)
    if annotation is None:
        raise Bail  # (functools raises a TypeError)
    return _classes(run, annotation, func)


def _classes(run, node: ast.expr, func: UFunc) -> list:
    if type(node) is ast.Constant and type(node.value) is str:
        node = ast.parse(node.value, mode="eval").body
    if type(node) is ast.BinOp and type(node.op) is ast.BitOr:
        return _classes(run, node.left, func) + _classes(run, node.right, func)
    if type(node) not in (ast.Name, ast.Attribute):
        raise Bail
    key = _key(run.eval(node, func.env))
    if key is None:
        raise Bail
    return [key]


def _class_mro(cls: UClass) -> list:
    chain = list(cls.order)
    last = chain[-1]
    if last.kind == "ntuple":
        return [*chain, tuple, object]
    if last.kind == "enum":
        members = list(last.members.values())
        return [*chain, str, object] if members and type(members[0]) is StrMember else [*chain, object]
    if last.builtin is not None:
        return [*chain, last.builtin, object]
    return [*chain, object]


def _mro(value: object) -> list:
    if type(value) in (UObj, NTup, Member, StrMember):
        return _class_mro(value.cls)
    if type(value) in _BUILTIN_TYPES:
        return [*type(value).__mro__]
    if type(value) is Arr:
        return [_ARRAY_TYPES[1] if value.host else _ARRAY_TYPES[0], object]  # (isinstance(x, jax.Array): script_builtins.py)
    raise Bail


def _singledispatch(run, args: list, kwargs: dict) -> Dispatcher:
    if len(args) != 1 or kwargs or type(args[0]) is not UFunc:
        raise Bail
    return Dispatcher(args[0], False)


def _singledispatchmethod(run, args: list, kwargs: dict) -> Dispatcher:
    if len(args) != 1 or kwargs or type(args[0]) is not UFunc:
        raise Bail
    return Dispatcher(args[0], True)


LIBRARY = {"functools.singledispatch": _singledispatch, "functools.singledispatchmethod": _singledispatchmethod}
