"""What `functools.wraps(w)` / `functools.update_wrapper(f, w)` copy from w, for every kind of
callable a script run holds (script_run.py; issue 13).

Functional-style code wraps more than plain defs: a hand-written `curry` re-curries a
`functools.partial` (`@wraps(fn)` where fn is the partial), a `memoize` wraps a lambda or a bound
method, a factory wraps a class. CPython 3.11's update_wrapper does, for a wrapper function f:
for each of `__module__`, `__name__`, `__qualname__`, `__doc__`, `__annotations__` that w HAS,
set it on f (an attribute w lacks is skipped: a partial has no `__name__`, so f keeps its own);
then `f.__dict__.update(w.__dict__)`; then `f.__wrapped__ = w`. What each kind has (checked on
3.11):
- a def or lambda: `__name__` (`<lambda>`), `__module__` `"__main__"` (or what an earlier wrap
  gave it), its `__dict__`;
- a `functools.partial`: `__module__` `"functools"`, `__doc__` (partial's class docstring), an
  empty `__dict__` (the run never sets an attribute on one), no `__name__`;
- a bound method: its function's `__name__`, `__module__` and `__dict__` (the same dict);
- what `jax.shard_map(f, ...)` returns (a function wrapping a def, lambda or bound method f, on
  jax 0.10.2): f's `__name__`, `__module__` and a copy of its `__dict__` with `__wrapped__` f;
- a plain class of the module with no base: its name, `"__main__"`, and a `__dict__` of
  `__module__`, its body's names in order, `__dict__`, `__weakref__`, `__doc__` (None), and the
  `__annotations__` that reading it just made (3.11 makes an empty one on first read).
`__qualname__`, `__doc__` and `__annotations__` are copied from a def (function_slots.py) and
unknown from anything else (a read bails). Anything else stops the run (Bail): a class with a base, a docstring, annotations or
descriptors in its body, a jitted function, a library callable.
"""
from __future__ import annotations

from codemods.analysis.function_slots import copy_wrapped
from codemods.analysis.host_exprs import LambdaValue
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Bound, Opaque, PartialObj, ShardMapFn, UClass, UFunc

WRAPPABLE = (UFunc, LambdaValue, PartialObj, Bound, UClass, ShardMapFn)


def function_modules(run) -> dict:
    """A def's `__module__` once a wrap set it (kept apart from its `__dict__`: on a function
    `__module__` is a slot, not a key of the dict)."""
    return run.__dict__.setdefault("_function_modules", {})


def _module_of(run, func: UFunc) -> str:
    entry = function_modules(run).get(id(func))
    return entry[1] if entry is not None else "__main__"


def _copied(run, wrapped: object) -> tuple:
    """(`__name__` or None when w has none, `__module__`, the `__dict__` items to merge)."""
    from codemods.analysis.script_functions import function_dict

    kind = type(wrapped)
    if kind is UFunc:
        return wrapped.alias or wrapped.node.name, _module_of(run, wrapped), dict(function_dict(run, wrapped))
    if kind is LambdaValue:
        return "<lambda>", "__main__", {}
    if kind is PartialObj:
        return None, "functools", {}
    if kind is Bound and type(wrapped.func) is UFunc:
        return _copied(run, wrapped.func)
    if kind is UClass:
        return _class_copied(wrapped)
    if kind is ShardMapFn and (type(wrapped.func) in (UFunc, LambdaValue) or type(wrapped.func) is Bound
                               and type(wrapped.func.func) is UFunc):
        name, module, merged = _copied(run, wrapped.func)  # (jax.shard_map wraps its body as functools does)
        return name, module, {**merged, "__wrapped__": wrapped.func}
    raise Bail


def _class_copied(cls: UClass) -> tuple:
    node = cls.node
    if cls.kind != "plain" or cls.base is not None or cls.builtin is not None or node.bases or node.keywords \
            or cls.annotations or node.decorator_list:
        raise Bail
    if node.body and type(node.body[0]) is __import__("ast").Expr and type(node.body[0].value).__name__ == "Constant":
        raise Bail  # (a docstring: `__doc__` then sits second in the class's dict)
    if any(name.startswith("__") or type(value) not in (UFunc, int, float, str, bool, type(None), tuple)
           for name, value in cls.attrs.items()):
        raise Bail  # (a descriptor, a dunder or a mutable in the body: not copied by the run)
    merged = {"__module__": "__main__", **cls.attrs, "__dict__": Opaque(), "__weakref__": Opaque(), "__doc__": None,
              "__annotations__": {}}
    return node.name, "__main__", merged


def update_wrapper(run, wrapper: UFunc, wrapped: object) -> UFunc:
    """update_wrapper's assignments on the def `wrapper`, then w's `__dict__` merged into its
    own, then `__wrapped__` (in that order, as functools does)."""
    from codemods.analysis.script_functions import function_dict

    if type(wrapper) is not UFunc:
        raise Bail
    name, module, merged = _copied(run, wrapped)
    if name is not None:
        wrapper.alias = name
    if module == "__main__":
        function_modules(run).pop(id(wrapper), None)
    else:
        function_modules(run)[id(wrapper)] = (wrapper, module)
    held = function_dict(run, wrapper)
    held.update(merged)
    held["__wrapped__"] = wrapped
    copy_wrapped(run, wrapper, wrapped)  # (function_slots.py)
    return wrapper
