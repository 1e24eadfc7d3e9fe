"""Operators and truth of instances of the module's own classes in a script run (script_operators.py;
issue 13): `("i",) + Axis("j")`, `"i" | Axis(...)`, `stage >> sink`, `if Flag("yes"):` run the
class's `__add__`/`__radd__`/`__ror__`/`__rrshift__`/`__iadd__`/`__bool__`/`__len__` the way
Python's data model calls them, so the axes they build reach the shard_map body.

The order is the one of the data model (special methods are looked up on the type, never on
the instance):
- `x op= y` first calls `type(x).__iop__(x, y)`; a result other than NotImplemented is the
  value, otherwise it goes on as `x op y`.
- `x op y` calls `type(y).__rop__(y, x)` first when type(y) is a proper subclass of type(x)
  that provides a different `__rop__`; then `type(x).__op__(x, y)`; then, when the types
  differ, `type(y).__rop__(y, x)`. The first result other than NotImplemented is the value.
- A builtin int, float, bool, str, bytes, tuple, list, dict, set, frozenset or None on one side
  answers NotImplemented to an instance of a module class, except `str % y` and `bytes % y`
  (formatting: the reflected method is never asked). A builtin's sequence fallbacks (`[1] * y`
  with `y.__index__`, `lst += y` extending by iteration) are not modelled.
Nothing found, every method answering NotImplemented (a TypeError or a builtin fallback in
Python), a hook that is not a plain function, an instance of a class that derives from a
builtin, or any other kind of value on the other side stops the run (Bail).

`bool(x)` calls `type(x).__bool__` (which must give a bool), or else `__len__` (an int >= 0:
true when non-zero); without either an instance is true.

`d[key]` on an instance of a dict subclass whose dict lacks the key calls `__missing__`.
"""
from __future__ import annotations

import ast

from codemods.analysis import array_deferral, dataclass_equality
from codemods.analysis.host_objects import Bail
from codemods.analysis.host_exprs import LambdaValue
from codemods.analysis.script_values import Bound, UFunc, UObj

_NAMES = {ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.MatMult: "matmul", ast.Div: "truediv",
          ast.FloorDiv: "floordiv", ast.Mod: "mod", ast.Pow: "pow", ast.LShift: "lshift", ast.RShift: "rshift",
          ast.BitAnd: "and", ast.BitXor: "xor", ast.BitOr: "or"}
# (builtins whose binary slots answer NotImplemented to an object of a class they do not know;
# functions define no operator slots at all)
_DEFERRING = (int, float, bool, str, bytes, tuple, list, dict, set, frozenset, type(None), UFunc, LambdaValue)


def handles(left: object, right: object) -> bool:
    """Whether `left op right` is one this module decides (an instance of a module class on a side)."""
    return type(left) is UObj or type(right) is UObj


def binary(run, op: type, left: object, right: object, augmented: bool) -> object:
    name = _NAMES.get(op)
    if name is None:
        raise Bail
    for side in (left, right):
        if type(side) is UObj and side.data is not None or type(side) not in (UObj, *_DEFERRING):
            raise Bail  # (a subclass of a builtin, or a value whose own slots the run does not know)
    if type(left) in (str, bytes) and op is ast.Mod:
        raise Bail  # (`"%s" % obj` formats: `__rmod__` is not asked)
    if augmented and type(left) is UObj:
        done = _ask(run, left, "__i%s__" % name, right)
        if done is not NotImplemented:
            return done
    reflected = "__r%s__" % name
    if type(left) is UObj and type(right) is UObj and right.cls is not left.cls and right.cls.derives(left.cls):
        own, inherited = right.cls.lookup(reflected), left.cls.lookup(reflected)
        if own is not None and (inherited is None or own[1] is not inherited[1]):
            done = _ask(run, right, reflected, left)
            if done is not NotImplemented:
                return done
            done = _ask(run, left, "__%s__" % name, right)
            if done is not NotImplemented:
                return done
            raise Bail
    if type(left) is UObj:
        done = _ask(run, left, "__%s__" % name, right)
        if done is not NotImplemented:
            return done
    if type(right) is UObj and (type(left) is not UObj or left.cls is not right.cls):
        done = _ask(run, right, reflected, left)
        if done is not NotImplemented:
            return done
    raise Bail  # (a TypeError in Python, or a builtin's sequence fallback)


def _ask(run, obj: UObj, name: str, other: object) -> object:
    """`type(obj).name(obj, other)`, or NotImplemented when the class has no such method."""
    found = obj.cls.lookup(name)
    if found is None:
        return NotImplemented
    if type(found[1]) is not UFunc:
        raise Bail  # (`__radd__ = None`, a staticmethod, a callable object: not modelled)
    return run.call(Bound(found[1], obj), [other], {})


def truth(run, obj: UObj) -> bool:
    found = obj.cls.lookup("__bool__")
    if found is not None:
        if type(found[1]) is not UFunc:
            raise Bail
        value = run.call(Bound(found[1], obj), [], {})
        if type(value) is not bool:
            raise Bail  # (TypeError in Python)
        return value
    found = obj.cls.lookup("__len__")
    if found is not None:
        if type(found[1]) is not UFunc:
            raise Bail
        size = run.call(Bound(found[1], obj), [], {})
        if type(size) not in (int, bool) or size < 0:
            raise Bail  # (TypeError or ValueError in Python)
        return size != 0
    return bool(obj)


def index_key(run, key: object) -> object:
    """A sequence's key as Python reads it: `seq[pos]` and the bounds of `seq[:pos]` go through
    `type(pos).__index__` (which must give an int) when `pos` is an instance of a module class;
    a bound of another kind the run cannot read (a TypeError in Python, or a hook of a value the
    run does not know) stops the run."""
    if type(key) is UObj:
        return _index(run, key)
    if type(key) is not slice:
        return key
    parts = [part if part is None or type(part) in (int, bool) else _index(run, part) if type(part) is UObj else _bail()
             for part in (key.start, key.stop, key.step)]
    return slice(*parts)


def _index(run, obj: UObj) -> int:
    found = obj.cls.lookup("__index__")
    if found is None or type(found[1]) is not UFunc or obj.data is not None:
        raise Bail
    value = run.call(Bound(found[1], obj), [], {})
    if type(value) is not int:
        raise Bail  # (TypeError in Python; a bool is an int subclass there: deprecated, not modelled)
    return value


def _bail():
    raise Bail


def equality(run, equal: bool, left: object, right: object) -> object:
    """`left == right` (`!=` when not `equal`) with an instance of a module class on a side, as
    Python's rich comparison runs it: the right side's `__eq__` first when its class is a proper
    subclass of the left's (then the left's only), otherwise the left's, then the right's (the
    reflection of `==` is `==`, asked even of the same class); the first result other than
    NotImplemented is the value (any object: its truth is read where it is tested). When every
    side answers NotImplemented (or has no `__eq__`: `object`'s), `==` is identity. `!=` asks
    `__ne__` the same way; a class without one inverts the truth of its `__eq__`'s result."""
    for side, other in ((left, right), (right, left)):
        if type(side) is UObj and side.data is not None \
                or type(side) not in (UObj, *_DEFERRING) and not array_deferral.defers(run, side, other):
            raise Bail  # (a generated or builtin `__eq__` of its own, or a value the run does not know)
    order = [(left, right), (right, left)]
    if type(left) is UObj and type(right) is UObj and right.cls is not left.cls and right.cls.derives(left.cls):
        order.reverse()  # (unlike `+`, whether the subclass overrides the method is not asked)
    for this, other in order:
        if type(this) is not UObj:
            continue  # (a builtin answers NotImplemented to an object of a module class)
        done = _compare_hook(run, this, other, equal)
        if done is not NotImplemented:
            return done
    return (left is right) == equal


def _compare_hook(run, obj: UObj, other: object, equal: bool) -> object:
    if not equal and obj.cls.lookup("__ne__") is None:  # (`object.__ne__`: the inverse of `__eq__`)
        done = _compare_hook(run, obj, other, True)
        return done if done is NotImplemented else not run.truth(done)
    if equal and dataclass_equality.generated(obj.cls, "__eq__"):
        return dataclass_equality.equal(obj, other)  # (what `@dataclass` wrote: dataclass_equality.py)
    found = obj.cls.lookup("__eq__" if equal else "__ne__")
    if found is None:
        return True if obj is other else NotImplemented  # (`object.__eq__`)
    if type(found[1]) is not UFunc:
        raise Bail  # (`__eq__ = None`, a staticmethod...: not modelled)
    return run.call(Bound(found[1], obj), [other], {})


def missing(run, obj: UObj, key: object) -> object:
    """`obj[key]` on an instance of a dict subclass of the module whose dict lacks key: dict's
    `__getitem__` calls `type(obj).__missing__(obj, key)` and gives its result (what it stores is
    its own business); NotImplemented when the key is there or the class has no `__missing__`."""
    from codemods.analysis.host_exprs import plain_tree

    found = obj.cls.lookup("__missing__")
    if found is None:
        return NotImplemented
    if not plain_tree(key):
        raise Bail  # (a key whose hash or `==` the run does not know)
    if key in obj.data:
        return NotImplemented
    if type(found[1]) is not UFunc:
        raise Bail
    return run.call(Bound(found[1], obj), [key], {})

