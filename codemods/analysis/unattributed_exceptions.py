"""An exception the run cannot attribute to a statement of the program stops the run (issue 13).

Host and script runs hand an exception to the program's `except` clauses only where the program
itself would raise it at that statement. Two ways an exception can arise where the run cannot say
that, each of which stops the run (Bail: unknown) instead:

- A hook Python's own code asks (`quiet`): a dict or set hashing and comparing an instance's keys
  (object_hashes.py), `str.format` or `%` asking an instance for its text (object_texts.py). The
  hook runs the program's method, but the exception it raises surfaces inside Python's code,
  not at a statement the run can place a handler around.

- A real operation on stand-ins (`program_code_in`). Host and script runs compute builtin
  operations (`d[k]`, `a < b`, `sorted(xs)`, `x in s`, `int(v)`, `NAMES[:stop]`) with Python's own
  operators on the objects they hold, and `guard` (host_exprs.py) hands what the real operation
  raised to the program's `except` clauses. That is what the program does only when every object
  the operation may touch behaves as the program's object does: builtin values and containers of
  them, library objects the run holds for real, functions and generators (which compare and hash
  by identity). A stand-in for an object of a module class may stand for one that defines `__lt__`,
  `__index__`, `__hash__`/`__eq__`, `__add__`, `__getitem__`...: the real operation never calls
  them on the stand-in, so its TypeError or KeyError is the stand-in's, not the program's; an
  unknown value, a model of a library object (a PartitionSpec, a mesh, an imported name) or of a
  dataclass or Enum member has behaviour of its own the real operation does not have. Where such
  an object is among the operands, the exception proves nothing.
"""
from __future__ import annotations

import ast
import operator
import types
from collections import OrderedDict

from codemods.analysis.host_objects import Bail

# Names a class may define that change no operator's behaviour on its instances.
_INERT = frozenset({"__init__", "__doc__", "__module__", "__qualname__", "__annotations__", "__slots__",
                    "__match_args__", "__firstlineno__", "__static_attributes__", "__init_subclass__",
                    "__set_name__", "__dict__", "__weakref__"})
# Operations that look a key up in a mapping (its values are not touched) or take one item of a
# sequence (its other items are not touched).
_KEYED = (operator.getitem, operator.setitem, operator.delitem, operator.contains)
_KEYED_METHODS = frozenset({"get", "pop", "setdefault", "__getitem__", "__contains__", "__setitem__", "__delitem__"})
# Operations that compare their operands (depth 0) or the items of an iterable operand (depth 1)
# by order or combine them, never by equality: there, an object read twice (a function, class or
# object the analysis holds, for which a stand-in is made at each reading) acts as the program's
# one object. Elsewhere (a lookup, `index`, `==`, items of tuples compared in order) it may not.
_DIRECT = {**dict.fromkeys((sorted, min, max, sum, any, all, list, tuple, len, enumerate, zip, reversed), 1),
           **dict.fromkeys((operator.lt, operator.le, operator.gt, operator.ge, operator.add, operator.sub,
                            operator.mul, operator.truediv, operator.floordiv, operator.mod, operator.pow,
                            operator.or_, operator.and_, operator.xor, operator.lshift, operator.rshift, operator.neg,
                            operator.pos, operator.invert, operator.not_, operator.iadd, operator.ior, abs, round,
                            divmod, pow, int, float, str, repr, format, bool, range), 0)}
_WALK_LIMIT = 20_000
_VIEWS = frozenset({"dict_keys", "dict_values", "dict_items", "odict_keys", "odict_values", "odict_items"})


def program_code_in(function, args: tuple, kwargs: dict) -> bool:
    """Whether calling `function` on these operands may do otherwise in the program (see above):
    the receiver of a bound method counts as an operand."""
    receiver = getattr(function, "__self__", None)
    if isinstance(receiver, types.ModuleType):
        receiver = None  # (a module's function: `json.loads`, a builtin)
    name = getattr(function, "__name__", None)
    keyed = any(function is op for op in _KEYED) or receiver is not None and name in _KEYED_METHODS
    walk = _Walk(None if keyed else next((depth for op, depth in _DIRECT.items() if function is op), None))
    if keyed:
        holder, rest = (receiver, list(args)) if receiver is not None else (args[0] if args else None, list(args[1:]))
        key = rest[:1]  # (the value stored, the default given: not touched)
        if type(holder) in (dict, OrderedDict, set, frozenset):  # (a lookup: the keys, hashed and compared)
            return not (all(walk.faithful(item) for item in list(holder)) and all(walk.faithful(value) for value in key)
                        and not kwargs)
        if type(holder) in (list, tuple, str) and function is not operator.contains:  # (one item, by its index)
            return not (all(walk.faithful(value) for value in key) and not kwargs)
    if receiver is not None and not walk.faithful(receiver):
        return True
    return not all(walk.faithful(value) for value in (*args, *kwargs.values()))


class _Walk:
    __slots__ = ("depth", "direct", "seen", "steps")

    def __init__(self, direct: int | None) -> None:
        self.direct, self.steps, self.depth = direct, 0, 0
        self.seen: set[int] = set()

    def faithful(self, value: object) -> bool:
        self.steps += 1
        if self.steps > _WALK_LIMIT:
            return False
        kind = type(value)
        if kind in (int, float, complex, bool, str, bytes, type(None), type(Ellipsis), type(NotImplemented)):
            return True
        if id(value) in self.seen:
            return True
        if isinstance(value, (BaseException, types.ModuleType)):
            return True
        if kind in (list, tuple, set, frozenset) or kind.__name__ in _VIEWS and kind.__module__ == "builtins":
            return self.items(value, list(value))
        if kind in (dict, OrderedDict):
            return self.items(value, [part for pair in list(value.items()) for part in pair])
        if kind is slice:
            return self.items(value, [value.start, value.stop, value.step])
        if kind is range:
            return True
        if kind is types.SimpleNamespace or kind.__name__ == "Namespace" and kind.__module__ == "argparse":
            return self.items(value, list(vars(value).values()))
        if not kind.__module__.startswith("codemods."):
            return not isinstance(value, (dict, list, tuple, set, frozenset))  # (a library object, run for real)
        verdict = _stand_in(value, self.direct is None or self.depth > self.direct)
        if verdict == "walk":
            return self.items(value, list(value))
        return verdict == "faithful"

    def items(self, holder: object, items: list) -> bool:
        self.seen.add(id(holder))
        self.depth += 1
        try:
            return all(self.faithful(item) for item in items)
        finally:
            self.depth -= 1


def _stand_in(value: object, equality: bool) -> str:
    """"faithful", "walk" (a tuple-like stand-in whose items decide) or "unknown" for an object
    of a type of the analysis."""
    from codemods.analysis.host_classes import HostObj
    from codemods.analysis.host_classes import PartialObj as HeldPartial
    from codemods.analysis.host_exprs import Iter, LambdaValue
    from codemods.analysis.host_objects import ClassRef, FuncRef, Seq
    from codemods.analysis.host_views import ObjectView
    from codemods.analysis.script_generators import GenRun
    from codemods.analysis.script_values import (
        Bound,
        Lazy,
        Member,
        NTup,
        PartialObj,
        StrMember,
        UClass,
        UFunc,
        UObj,
    )

    kind = type(value)
    if kind in (UFunc, LambdaValue, GenRun, Lazy, Iter, PartialObj, HeldPartial):
        return "faithful"  # (compared, hashed and printed by identity, one per program object; no operator of their own)
    if kind in (FuncRef, ClassRef, ObjectView, Bound):  # (made anew at each reading of one program object)
        return "unknown" if equality or kind is ObjectView and not _inert_node(value.instance.cls) else "faithful"
    if kind is Seq:
        return "walk"  # (a list or a tuple: the operations that tell them apart stop before, host_exprs.py)
    if kind is NTup:
        return "walk" if _inert(value.cls) else "unknown"
    if kind is UObj:
        return "faithful" if value.cls.kind == "plain" and value.cls.builtin is None and _inert(value.cls) else "unknown"
    if kind in (Member, StrMember):
        return "faithful" if _inert(value.cls) else "unknown"  # (Enum's own hooks are those of a plain member)
    if kind is UClass:
        return "faithful" if value.meta is None and value.kind != "enum" and _inert(value, classwide=True) else "unknown"
    if kind is HostObj:
        return "faithful" if _inert_node(value.cls) else "unknown"
    return "unknown"


def _inert(cls, classwide: bool = False) -> bool:
    """Whether a module class (and its bases) defines no special method but inert ones (a class
    object itself: none that `type` would call on it, `__class_getitem__`)."""
    if classwide:
        return cls.lookup("__class_getitem__") is None
    return not any(_special(name) and name not in _INERT for klass in cls.order for name in klass.attrs)


def _inert_node(node: ast.ClassDef) -> bool:
    for member in node.body:
        names = [member.name] if type(member) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef) else [
            target.id for target in (member.targets if type(member) is ast.Assign else [getattr(member, "target", None)])
            if type(target) is ast.Name]
        if any(_special(name) and name not in _INERT for name in names):
            return False
    return True


def _special(name: str) -> bool:
    return len(name) > 4 and name.startswith("__") and name.endswith("__")


def quiet(ask):
    """A hook Python's own code (or the analysis's) asked: an exception it raises is not one the
    program could be seen to catch at the right place, so the run stops instead."""
    from codemods.analysis.host_exprs import Raised  # (host_exprs imports this module)

    try:
        return ask()
    except Raised:
        raise Bail from None
