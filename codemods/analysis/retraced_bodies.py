"""A jitted step called again (script_run.py, state_runs.py; issue 13).

A training loop calls its `jax.jit(jax.shard_map(step, ...))` once per batch. The first call
traces the body; a later one either reuses that trace (JAX's cache: same shapes, dtypes and
layouts, nothing runs) or traces the body again on what it reads now. The run does not know
which, so it runs the body again and keeps going only where both outcomes are the same program
state afterwards:
- the body raises nothing this time (a failure only a new trace would meet is not certain: the
  run stops, Bail);
- the body changed nothing it could reach before the call (its arguments, its closure, the
  module's globals): a trace counter or a list a body appends to differs between the outcomes;
- its results have the structure, ranks and dtypes of the first call's, as a reused trace gives.
"""
from __future__ import annotations

import random
import types

from codemods.analysis.host_objects import Bail
from codemods.analysis.retraced_counters import keep_numbers

_LEAVES = (str, int, float, bool, complex, bytes, type(None), type(Ellipsis), type, types.FunctionType,
           types.BuiltinFunctionType, types.ModuleType, slice, range,
           types.GenericAlias, types.UnionType)  # (`tuple[int, ...]`: immutable; its __dict__ is made anew on each read)
_LIMIT = 60_000  # objects walked: a larger heap is not compared (the run stops)


def _slots(kind: type) -> list[str]:
    names = []
    for klass in kind.__mro__:
        for name in getattr(klass, "__slots__", ()):
            if name not in ("__dict__", "__weakref__"):
                names.append(name)
    return names


def snapshot(roots: list, leaves: tuple = ()) -> dict:
    """Every object reachable from `roots` (by id, kept alive) with what it holds now; objects of
    `leaves` are not walked (their holder says why nothing reads them)."""
    seen: dict[int, tuple] = {}
    pending = list(roots)
    leaves = _LEAVES + leaves
    while pending:
        obj = pending.pop()
        if isinstance(obj, leaves) or id(obj) in seen:
            keep_numbers(seen, obj)  # (read back where a cached call may have left them: retraced_counters.py)
            continue
        if len(seen) > _LIMIT:
            raise Bail
        kind = type(obj)
        if kind.__module__.startswith(("threading", "_thread", "ast")) or kind.__name__ in ("GenRun", "_Thread"):
            seen[id(obj)] = (obj, ())  # (a generator's thread, the program's syntax: not program state)
            continue
        if isinstance(obj, random.Random):
            seen[id(obj)] = (obj, obj.getstate())
            continue
        if isinstance(obj, dict):
            held = tuple((id(key), id(value)) for key, value in obj.items())
            pending.extend(obj.keys())
            pending.extend(obj.values())
        elif isinstance(obj, (list, tuple, set, frozenset)):
            items = list(obj)
            held = tuple(sorted(map(id, items))) if isinstance(obj, (set, frozenset)) else tuple(map(id, items))
            pending.extend(items)
        else:
            parts = []
            if hasattr(obj, "__dict__"):
                parts.append(("__dict__", id(vars(obj))))
                pending.append(vars(obj))
            for name in _slots(kind):
                value = getattr(obj, name, _MISSING)
                parts.append((name, id(value)))
                pending.append(value)
            held = tuple(parts)
        seen[id(obj)] = (obj, held)
    return seen


_MISSING = object()


def unchanged(before: dict) -> bool:
    """Whether every object of `before` holds what it held then."""
    for obj, held in before.values():
        if isinstance(obj, random.Random):
            now = obj.getstate()
        elif held == () and (type(obj).__module__.startswith(("threading", "_thread", "ast"))
                             or type(obj).__name__ in ("GenRun", "_Thread")):
            continue
        elif isinstance(obj, dict):
            now = tuple((id(key), id(value)) for key, value in obj.items())
        elif isinstance(obj, (set, frozenset)):
            now = tuple(sorted(map(id, obj)))
        elif isinstance(obj, (list, tuple)):
            now = tuple(map(id, obj))
        else:
            parts = []
            if hasattr(obj, "__dict__"):
                parts.append(("__dict__", id(vars(obj))))
            for name in _slots(type(obj)):
                parts.append((name, id(getattr(obj, name, _MISSING))))
            now = tuple(parts)
        if now != held:
            return False
    return True


def outline(tree: object, depth: int = 0) -> object:
    """What a reused trace fixes of a call's results: the tree's structure and each array's rank
    and dtype."""
    from codemods.analysis.script_values import Arr, NTup

    if depth > 12:
        raise Bail
    if type(tree) is Arr:
        dtype = tree.dtype
        return ("array", tree.ndim, None if dtype is None else (dtype.name, dtype.kind))
    if type(tree) in (dict,):
        return ("dict", tuple((key, outline(tree[key], depth + 1)) for key in tree))
    if type(tree) in (tuple, list):
        return (type(tree).__name__, tuple(outline(item, depth + 1) for item in tree))
    if type(tree) is NTup:
        return ("ntup", id(tree.cls), tuple(outline(item, depth + 1) for item in tree))
    if tree is None or type(tree) in (int, float, bool):
        return ("number", type(tree).__name__)
    from codemods.analysis import script_pytree_nodes as pytree

    if pytree.registration(tree) is not None:
        return pytree.shape(tree, lambda item: outline(item, depth + 1))
    raise Bail


def again(run, key: tuple, roots: list, trace):
    """The results of a second trace of the body known by `key` (`trace()` runs it), where
    reusing the first trace would leave the same program state; Bail elsewhere."""
    first = run.__dict__.get("_first_outlines", {}).get(key)
    if first is None:
        raise Bail  # (the first call did not finish a trace the run followed)
    before = snapshot(roots)
    try:
        result = trace()
    except Bail:
        raise
    except BaseException:  # noqa: BLE001  (a stop or an exception only a new trace would meet)
        raise Bail from None
    if not unchanged(before) or not _agree(outline(result), first):
        raise Bail
    return result


def _agree(second: object, first: object) -> bool:
    """The outlines of two traces, where a rank or dtype one of them does not know agrees with any
    (the second trace's result then says less than the reused first one, never something else)."""
    if type(second) is tuple and type(first) is tuple and second[:1] == first[:1] == ("array",):
        return all(a == b or a is None or b is None for a, b in zip(second[1:], first[1:]))
    if type(second) is tuple and type(first) is tuple and len(second) == len(first):
        return all(_agree(a, b) for a, b in zip(second, first))
    return second == first


def first(run, key: tuple, result: object) -> None:
    """Keep what the first trace of `key` gave (for a later call's comparison)."""
    try:
        made = outline(result)
    except Bail:
        return
    run.__dict__.setdefault("_first_outlines", {})[key] = made
