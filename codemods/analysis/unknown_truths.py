"""Python bools a script run (script_run.py; issue 13) does not know, and the branches they pick.

An autograder checks each part against a reference: `if np.allclose(out, ref, atol=atol):
points = full elif np.allclose(out, ref, atol=100 * atol): points = half else: 0`, or a test
returns `np.allclose(got, want)` and the runner adds `POINTS[name] if ok else 0`. The run does
not know the arrays' values, but it knows what such a check is: a call that either raises (the
program stops there: passed_steps.py) or returns a Python bool, True or False. So the bool is
noted as unknown, and where the program needs it (`if`, `while`, `not`, `and`, `bool(ok)`,
`int(ok)`) the run takes one of its two values as a choice (unknown_choices.py): it is run again
taking the other, and a stop is reported only when every run meets it. The value is taken once:
each later use of the same bool sees the same answer.

Only checks whose result is a Python bool whatever the numbers are: `numpy.allclose`,
`numpy.array_equal`, `numpy.array_equiv` of arrays and plain numbers, outside any trace (on a
tracer NumPy raises), with keyword arguments of plain numbers, and outside any `try` whose
handlers may catch what the check raises (a ValueError for shapes that do not broadcast, a
TypeError: a handler may have taken the program elsewhere). Any other such call gives an unknown
host value, as before, whose truth stops the run.
"""
from __future__ import annotations

import ast

from codemods.analysis.narrow_handlers import narrow
from codemods.analysis.task_errors import faith
from codemods.analysis.script_values import Arr, Opaque
from codemods.analysis.concrete_scalars import concrete_scalar
from codemods.analysis.draw_ranges import decided
from codemods.analysis.unknown_choices import choose, failed
from codemods.analysis.unknown_numbers import is_number, of_numbers

_KWARGS = {"numpy.allclose": frozenset({"rtol", "atol", "equal_nan"}), "numpy.array_equal": frozenset({"equal_nan"}),
           "numpy.array_equiv": frozenset()}


def unknown_bool(run) -> Opaque:
    """A new Python bool the run does not know (kept alive by the run: its id stays its own)."""
    made = Opaque()
    run.__dict__.setdefault("_bools", {})[id(made)] = [made, None]
    return made


def _entry(run, value: object, scalars: bool = False) -> list | None:
    """The choice kept for an unknown bool; with `scalars`, also for a NumPy scalar whose truth is
    asked (`if np.all(ok):`: its truth, not its value, is the choice)."""
    if scalars and type(value) is Arr and (value.host or concrete_scalar(run, value)) and value.ndim == 0 and value.known is None:
        entries = run.__dict__.setdefault("_bools", {})
        if id(value) not in entries or entries[id(value)][0] is not value:
            entries[id(value)] = [value, None]
    if type(value) not in (Opaque, Arr):
        return None
    entry = run.__dict__.get("_bools", {}).get(id(value))
    return None if entry is None or entry[0] is not value else entry


def truth(run, value: object) -> bool | None:
    """The bool `value` stands for (or a NumPy scalar's truth), chosen the first time it is needed;
    None for any other value."""
    entry = _entry(run, value, scalars=True)
    if entry is None:
        return None
    if entry[1] is None:
        entry[1] = choose(run, 2) == 0  # (True first; the run is made again taking False)
        _bound(run, entry)
    return entry[1]


def chosen(run, value: object) -> bool | None:
    """The truth already chosen for `value` in this run (None: none chosen yet, or not such a bool)."""
    entry = _entry(run, value)
    return None if entry is None else entry[1]


def converted(run, name: str, args: list, kwargs: dict) -> object:
    """`bool(ok)`, `int(ok)` of an unknown bool: its chosen value converted; `float(ok)`: an unknown
    number unless its truth was chosen already;
    `round(frac, 2)` of a NumPy scalar (`np.mean(np.isclose(got, want))`) or an unknown number:
    an unknown number, unless it raised (TypeError for a bool or complex scalar: passed_steps.py);
    NotImplemented for anything else."""
    if name == "round" and len(args) == 2 and not kwargs and type(args[1]) is int \
            and (type(args[0]) is Arr and args[0].host and args[0].ndim == 0 or _number(run, args[0])):
        from codemods.analysis.passed_steps import passed
        from codemods.analysis.unknown_numbers import number

        passed(run)
        return number(run)
    if name not in ("bool", "int", "float") or len(args) != 1 or kwargs:
        return NotImplemented
    if _entry(run, args[0]) is None or type(args[0]) is not Opaque:
        return NotImplemented  # (`float(np.log(v))`: a NumPy scalar's value is not its truth)
    if name == "bool":
        return args[0]  # (`bool(ok)` is `ok` itself: its value is chosen where its truth is needed)
    if name == "float" and _entry(run, args[0])[1] is None:
        from codemods.analysis.unknown_numbers import number

        return number(run)  # (`reward = float(pos == goal)`: 0.0 or 1.0, a number; its truth is not asked here)
    found = truth(run, args[0])
    return {"bool": bool, "int": int, "float": float}[name](found)


def _sizes(run, value: object) -> bool:
    """A tuple of Python ints the run may not know: `x.shape` (of unknown rank, or of unknown sizes)."""
    if type(value) is tuple:
        return all(type(item) is int or type(item) is Opaque and is_number(run, item) for item in value)
    return type(value) is Opaque and of_numbers(run, value) and not is_number(run, value)


def _number(run, value: object) -> bool:
    return type(value) in (int, float) or type(value) is Opaque and is_number(run, value)


def compared(run, op: type, left: object, right: object) -> object:
    """`out.shape == expected`, `n_seen >= limit`: a comparison of shapes or of numbers, one of
    them unknown, which Python answers with a bool and never raises; NotImplemented otherwise."""
    import ast

    unknown = type(left) is Opaque or type(right) is Opaque or any(type(side) is tuple and any(
        type(item) is Opaque for item in side) for side in (left, right))
    if not unknown:
        return NotImplemented
    if op in (ast.Eq, ast.NotEq) and _sizes(run, left) and _sizes(run, right):
        if type(left) is tuple and type(right) is tuple and len(left) != len(right):
            return op is ast.NotEq  # (tuples of other lengths are never equal)
        return unknown_bool(run)
    if op in (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE) and _number(run, left) and _number(run, right):
        found = decided(run, op, left, right)  # (`scale > 0` of `rng.uniform(10, 100)`: draw_ranges.py)
        if found is not None:
            return found
        made = unknown_bool(run)
        if type(left) is Opaque and type(right) in (int, float) and op in _ABOVE:
            run._bools[id(made)].append((left, op, right))  # (its answer bounds `left`: positive_numbers)
        return made
    return NotImplemented


# (comparisons `n OP c`, and whether n > 0 follows from their answer True, from their answer False)
_ABOVE = {ast.Gt: (lambda c: c >= 0, lambda c: False), ast.GtE: (lambda c: c > 0, lambda c: False),
          ast.Lt: (lambda c: False, lambda c: c > 0), ast.LtE: (lambda c: False, lambda c: c >= 0)}


def _bound(run, entry: list) -> None:
    """A comparison of an unknown number with a constant answered: note the number not at most
    0 where the answer says so (`if left <= 0: break` taken False: `left <= 0` is False after
    it; a NaN answers so too, and is no more at most 0)."""
    if len(entry) < 3 or entry[1] is None:
        return
    number, op, constant = entry[2]
    if _ABOVE[op][0 if entry[1] else 1](constant):
        run.__dict__.setdefault("_positive_numbers", {})[id(number)] = number


def positive(run, value: object) -> bool:
    """An unknown number an answered comparison showed not at most 0 (`value <= 0` is False)."""
    return run.__dict__.get("_positive_numbers", {}).get(id(value)) is value


def asserted(run, node, env, value: object) -> bool:
    """`assert check, msg` of a check the run does not know (an unknown bool, or a NumPy scalar
    such as `np.all(psd >= 0)`, whose truth Python asks), inside a `try` whose handler may
    catch AssertionError (a grader's `except AssertionError: points = 0`): it passes in one run
    and raises into the handler in another (`value`'s choice); False where it is not such a check.
    Outside such a `try`, the program ends where it fails: a run goes on only as one that passed it,
    and a run that chose the bool False before ends there (unknown_choices.failed)."""
    import ast

    from codemods.analysis.host_exprs import Raised

    if (entry := _entry(run, value, scalars=True)) is None:
        return False
    if not getattr(run, "guarded", 0) or narrow(run, (AssertionError,)) and (
            node.msg is None or type(node.msg) is ast.Constant or narrow(run)):
        faith(run)  # (in an asyncio task: task_errors.py)
        if entry[1] is None:
            entry[1] = True  # (later reads of the same bool, in a run that went on, see it True)
        if entry[1] is False:  # (chosen False before, `if not ok: print(...)`: the program ends here)
            failed(run)
            raise Raised(AssertionError() if node.msg is None else AssertionError(run.eval(node.msg, env)))
        return True  # (its failure is caught by no handler: a run that goes on has passed it)
    if not truth(run, value):
        raise Raised(AssertionError() if node.msg is None else AssertionError(run.eval(node.msg, env)))
    return True


def plain_text(run, value: object, spec: object) -> bool:
    """`f"{x.shape}"`, `f"{n}"` of sizes or numbers the run does not know, with no format spec: a
    text Python makes without running any code that could raise (str of an int, a float, a tuple)."""
    return type(spec) is str and spec == "" and (_sizes(run, value) or _number(run, value))


def _operand(run, value: object) -> bool:
    if type(value) in (int, float, bool):
        return True
    if type(value) is Arr:
        return value.host or not (run.in_body or run.jitted)
    return type(value) is Opaque and is_number(run, value)


def _close_check(name: str):
    return lambda run, args, kwargs: _checked(run, name, args, kwargs)


def _checked(run, name: str, args: list, kwargs: dict) -> Opaque:
    if len(args) != 2 or not set(kwargs) <= _KWARGS[name] or run.in_body or run.jitted \
            or not all(_operand(run, value) for value in args) \
            or not all(type(value) in (int, float, bool) for value in kwargs.values()) \
            or getattr(run, "guarded", 0) and not narrow(run, (ValueError, TypeError)):
        return Arr(None, True)  # (an unknown host value, as any NumPy call's: its truth stops the run)
    return unknown_bool(run)


def _shape(run, args: list, kwargs: dict) -> object:
    """`np.shape(x)` of an array: its `x.shape`."""
    from codemods.analysis.array_reads import array_attribute

    if len(args) != 1 or kwargs or type(args[0]) is not Arr:
        return Arr(None, True)  # (of anything else: an unknown host value, as any NumPy call's)
    return array_attribute(run, args[0], "shape")


LIBRARY = {**{name: _close_check(name) for name in _KWARGS}, "numpy.shape": _shape}
