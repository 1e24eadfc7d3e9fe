"""Binary operators on objects of the program's own classes in a script run (issue 13).

Pipeline and graph libraries are written in operators: `p | "Read" >> Create(rows) | ParDo(fn)`
(Beam's `__or__`, `__ror__`, `__rrshift__`), `(src + other) >> f` for a lazy graph. Python's
order is kept exactly (the data model's "emulating numeric types"):
- `a OP b` calls `type(a).__op__(a, b)`; when that is missing or returns `NotImplemented`, and the
  operands' types differ, `type(b).__rop__(b, a)`; when both decline, TypeError;
- except that when `type(b)` is a proper subclass of `type(a)` whose `__rop__` is another function
  than `type(a)`'s (or `type(a)` has none), that reflected method is tried first;
- `a OP= b` first tries `__iop__`, then the above (a list, dict or set on the left changes itself
  in place instead: not followed).
The hooks are looked up on the class, never on the instance.

Certainty: an operand the run cannot answer for stops it (Bail): a value of JAX or numpy (whose own
operators may accept the object), a builtin `str % obj` (formats any object), a subclass of a
builtin type, a hook that is not a plain method of the module. Builtin numbers, strings,
containers, None and functions decline every operator with an object of a module class, so the
object's reflected method is what Python calls next. When every side declines, the program raises
TypeError, which the run does not follow either (Bail).
"""
from __future__ import annotations

import ast
from codemods.analysis.host_exprs import LambdaValue
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Bound, UClass, UFunc, UObj

_NAMES = {ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.MatMult: "matmul", ast.Div: "truediv",
          ast.FloorDiv: "floordiv", ast.Mod: "mod", ast.Pow: "pow", ast.LShift: "lshift", ast.RShift: "rshift",
          ast.BitOr: "or", ast.BitXor: "xor", ast.BitAnd: "and"}
# Values whose own operators decline (return NotImplemented for) an object of a module class.
_DECLINING = (str, int, float, bool, type(None), tuple, list, dict, set, frozenset, range, UFunc, LambdaValue)


def has_user_operand(left: object, right: object) -> bool:
    return type(left) is UObj or type(right) is UObj


def user_binary(run, op: type, left: object, right: object, augmented: bool = False) -> object:
    """`left OP right` where one side is an object of a module class."""
    name = _NAMES.get(op)
    if name is None:
        raise Bail
    for side in (left, right):
        if type(side) is UObj and (side.data is not None or side.cls.kind not in ("plain", "dataclass")):
            raise Bail  # (a subclass of dict or list: the builtin's own operators also answer)
    if augmented and type(left) in (list, dict, set):
        raise Bail  # (`rows += obj` extends by iterating it, `d |= obj` updates: no reflected method)
    if augmented and type(left) is UObj and (hook := _hook(left.cls, f"__i{name}__")) is not None:
        result = run.call(Bound(hook, left), [right], {})
        if result is not NotImplemented:
            return result
    for hook, receiver, argument in _order(name, left, right):
        result = run.call(Bound(hook, receiver), [argument], {})
        if result is not NotImplemented:
            return result
    raise Bail  # (TypeError: unsupported operand types)


def _order(name: str, left: object, right: object) -> list:
    """The methods Python tries, in its order: (method, receiver, argument)."""
    if type(left) is not UObj:  # (right is one: left's own operator must decline it)
        if type(left) not in _DECLINING or type(left) is str and name == "mod":
            raise Bail  # (an array, a library object, `"%s" % obj`: its own operator may take the object)
        hook = _hook(right.cls, f"__r{name}__")
        return [(hook, right, left)] if hook is not None else []
    tried = []
    left_hook = _hook(left.cls, f"__{name}__")
    right_hook = _hook(right.cls, f"__r{name}__") if type(right) is UObj and right.cls is not left.cls else None
    if right_hook is not None and right.cls.derives(left.cls) and right_hook is not _hook(left.cls, f"__r{name}__"):
        tried.append((right_hook, right, left))  # (a subclass's own reflected method comes first)
        right_hook = None
    if left_hook is not None:
        tried.append((left_hook, left, right))
    if right_hook is not None:
        tried.append((right_hook, right, left))
    return tried


def _side_hook(value: object, name: str) -> UFunc | None:
    return _hook(value.cls, name) if type(value) is UObj else None


def _hook(cls: UClass, name: str) -> UFunc | None:
    found = cls.lookup(name)
    if found is None:
        return None
    if type(found[1]) is not UFunc or type(found[1].node) is not ast.FunctionDef:
        raise Bail  # (a lambda, a staticmethod, `__or__ = None`: not followed)
    return found[1]
