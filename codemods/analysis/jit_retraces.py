"""A jitted function called again (script_jax.run_jit; issue 13).

`@jax.jit def step(x): TRACES.append(1); ...` called in a loop: JAX runs the function's Python
once per distinct call signature (the tree structure of the traced arguments, each leaf's rank,
shape, dtype and weak type, and the static arguments by equality) and answers a later call of a
signature already traced from its cache, running no Python; a trace counter, a list the body
appends to, a logger it calls then change once per trace, not once per call. The run does not
know every shape, nor whether the user disabled jit (`JAX_DISABLE_JIT`, outside the program: then
every call runs the Python), so it tells two cases apart:
- a certain new trace: against every earlier call that finished its trace, the static arguments
  differ (plain values, by type and value) or a traced leaf certainly differs: the ranks or leading
  sizes known on both sides differ, the dtype kinds differ, Python numbers of different types
  (`2` then `3.0`: weak int32, weak float32), a number beside an array of rank above 0, a
  different tree (`None`, tuple against list, lengths, dict keys): the Python runs, as on a first
  call;
- any other later call may be answered from the cache: the run runs the Python again and goes on
  only where both outcomes leave the program in one state (retraced_bodies.snapshot: nothing
  reachable from the function, its arguments, the module's globals or the environment changed,
  nothing was raised, and the results have the structure, ranks and dtypes of every earlier
  call's that the cache could answer); anywhere else it stops (Bail).
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail

_UNKNOWN = object()  # (a leaf or tree the run cannot compare: never certainly different)
_NUMBERS = (bool, int, float, complex)


class JitCall:
    """One call that finished its trace: its static arguments, the traced arguments' trees, and
    what its results looked like."""

    __slots__ = ("fixed", "outline", "plain", "tree")

    def __init__(self, fixed: tuple, plain: bool, tree: object) -> None:
        self.fixed, self.plain, self.tree, self.outline = fixed, plain, tree, None


def traced_tree(args: list, kwargs: dict, static: tuple, names: tuple) -> object:
    """The traced arguments of a call as the cache compares them (arrays kept as they are)."""
    return (tuple(_tree(arg, 0) for index, arg in enumerate(args) if index not in static),
            tuple(sorted((key, _tree(value, 0)) for key, value in kwargs.items() if key not in names)))


def _tree(value: object, depth: int) -> object:
    from codemods.analysis.script_values import Arr, NTup

    kind = type(value)
    if depth > 12:
        return _UNKNOWN
    if kind is Arr or value is None:
        return value
    if kind in _NUMBERS:
        return kind
    if kind in (tuple, list):
        return (kind, tuple(_tree(item, depth + 1) for item in value))
    if kind is dict:
        return (dict, tuple(sorted((key, _tree(item, depth + 1)) for key, item in value.items()
                                   if type(key) is str)) if all(type(key) is str for key in value) else _UNKNOWN)
    if kind is NTup:
        return (value.cls, tuple(_tree(item, depth + 1) for item in value))
    return _UNKNOWN


def _differs(first: object, second: object) -> bool:
    """Whether two traced trees certainly give different cache keys."""
    from codemods.analysis.script_values import Arr

    if first is _UNKNOWN or second is _UNKNOWN:
        return False
    if (first is None) != (second is None):
        return True
    if first is None:
        return False
    arrays = (type(first) is Arr, type(second) is Arr)
    numbers = (type(first) is type and first in _NUMBERS, type(second) is type and second in _NUMBERS)
    if all(arrays):
        return _known_apart(first.ndim, second.ndim) or _known_apart(first.count, second.count) \
            or first.dtype is not None and second.dtype is not None and first.dtype.kind != second.dtype.kind
    if all(numbers):
        return first is not second
    if any(arrays) and any(numbers):
        array = first if arrays[0] else second
        return array.ndim is not None and array.ndim != 0
    if any(arrays) or any(numbers):
        return True  # (a leaf against a tree)
    if first[0] is not second[0] or len(first[1]) != len(second[1]):
        return True
    if first[0] is dict:
        if [key for key, _ in first[1]] != [key for key, _ in second[1]]:
            return True
        return any(_differs(one, other) for (_, one), (_, other) in zip(first[1], second[1]))
    return any(_differs(one, other) for one, other in zip(first[1], second[1]))


def _known_apart(first: int | None, second: int | None) -> bool:
    return first is not None and second is not None and first != second


def retraces(earlier: list, now: JitCall) -> bool:
    """Whether JAX certainly traces this call anew (no earlier trace could answer it)."""
    return all(now.plain and call.plain and now.fixed != call.fixed or _same_layout(call.tree, now.tree)
               and any(_differs(one, other) for one, other in _leaves_of(call.tree, now.tree))
               for call in earlier)


def _same_layout(first: tuple, second: tuple) -> bool:
    """The same positions and keyword names (otherwise the trees are not compared)."""
    return len(first[0]) == len(second[0]) and [key for key, _ in first[1]] == [key for key, _ in second[1]]


def _leaves_of(first: tuple, second: tuple):
    yield from zip(first[0], second[0])
    yield from ((one, other) for (_, one), (_, other) in zip(first[1], second[1]))


def before(run, roots: list) -> dict:
    """What a rerun must leave as it is (a cache hit runs nothing)."""
    from codemods.analysis.retraced_bodies import snapshot
    from codemods.analysis.script_environment import variables

    return snapshot([*roots, run.module_env, variables(run)])


def settle(run, earlier: list, now: JitCall, kept: dict | None, result: object) -> None:
    """After the call: a rerun that may have been a cache hit must have changed nothing and give
    results like every earlier call the cache could answer it from (else Bail); the call is then
    one the cache holds."""
    from codemods.analysis.retraced_bodies import outline, unchanged
    from codemods.analysis.retraced_counters import merged

    try:
        now.outline = outline(result)
    except Bail:
        now.outline = None
    if kept is not None:
        if now.outline is None or not unchanged(kept) and not merged(run, kept):
            raise Bail  # (numbers alone may differ: retraced_counters.py)
        for call in earlier:
            if not retraces([call], now) and call.outline != now.outline:
                raise Bail
    earlier.append(now)
