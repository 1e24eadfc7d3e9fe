"""The caller's frame in a script run (script_run.py; issue 13).

Lightning-style hyperparameter capture reads the arguments of the constructor that called it:
`frame = inspect.currentframe().f_back` (or `sys._getframe(1)`), then
`inspect.getargvalues(frame)` for the parameter names and `frame.f_locals` for their values. The
run answers that only where it knows CPython 3.11's frame chain exactly:
- `currentframe()` is the innermost module function's frame only when the call is written
  directly in that function's body (a lambda, comprehension or generator expression there is a
  frame of its own in 3.11, which the run does not keep);
- `frame.f_back` is the frame below it only when that frame was entered by a call written
  directly in the lower function's body and made by Python itself (a plain function, a bound
  method, a plain class's `__init__`, an object's `__call__`, a `functools.partial`): a
  library that calls back (a jitted or shard_mapped function, a dataclass's generated
  `__init__` running `__post_init__`, a lambda) has frames of its own in between, and a
  generator's frame hangs below whichever frame resumes it;
- anything else (the module's own frame, a frame that has returned) stops the run (Bail).
`getargvalues` is inspect's own on the code object CPython compiles for the def.
"""
from __future__ import annotations

import ast
import inspect

from codemods.analysis.host_objects import Bail, Special
from codemods.analysis.script_values import Bound, PartialObj, UClass, UFunc, UObj

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp, ast.SetComp,
           ast.DictComp, ast.GeneratorExp)
_DIRECT = (UFunc, Bound, UObj, PartialObj)


def direct_call(run, func: object) -> bool:
    """Whether a call to `func` enters its frame straight from the caller's (no library frames)."""
    kind = type(func)
    return run.__dict__.get("site_fresh", False) and (kind in _DIRECT or kind is UClass and func.kind == "plain"
                                                      or _straight(func))


def _straight(func: object) -> bool:
    """`gen.send`, `gen.throw`, `gen.close`, builtin `next`: called from the caller's code with no
    frame between (what they raise reaches it unchanged: caught_iteration_ends.py)."""
    from codemods.analysis.generator_methods import GenMethod

    return type(func) is GenMethod or type(func) is Special and func.name == "builtins.next"


def push_frame(run, func: UFunc, env) -> None:
    """Enter a module function's frame, noting the call site it was entered from (or None)."""
    sites = run.__dict__.setdefault("_frame_sites", {})
    sites[id(env)] = (env, run.node if run.__dict__.get("site_fresh") else None)
    run.site_fresh = False
    run.frames.append((func, env))


def own_call(run, scope: ast.AST, call: ast.AST | None) -> bool:
    """Whether `call` is evaluated in the frame of `scope` itself (a def or the module), not in a
    scope nested in it."""
    return call is not None and id(call) in _calls_in(run, scope)


def _calls_in(run, node: ast.AST) -> frozenset:
    """The call nodes evaluated in `node`'s own frame (not in a scope nested in it)."""
    cache = run.__dict__.setdefault("_own_calls", {})
    found = cache.get(id(node))
    if found is None:
        calls, todo = set(), list(node.body)
        while todo:
            item = todo.pop()
            if type(item) is ast.Call:
                calls.add(id(item))
            if type(item) not in _SCOPES:
                todo.extend(ast.iter_child_nodes(item))
        found = cache[id(node)] = (node, frozenset(calls))
    return found[1]


def _is_generator(node: ast.AST) -> bool:
    todo = list(node.body)
    while todo:
        item = todo.pop()
        if type(item) in (ast.Yield, ast.YieldFrom, ast.Await):
            return True
        if type(item) not in _SCOPES:
            todo.extend(ast.iter_child_nodes(item))
    return False


def _frame(run, index: int):
    from codemods.analysis.script_functions import FrameObj

    func, env = run.frames[index]
    made = run.__dict__.setdefault("_frame_objs", {})
    if id(env) not in made:
        made[id(env)] = (env, FrameObj(func, env))  # (one frame object per activation)
    return made[id(env)][1]


def _index(run, frame) -> int:
    for index in range(len(run.frames) - 1, -1, -1):
        if run.frames[index][1] is frame.env:
            return index
    raise Bail  # (a frame that has returned)


def frame_back(run, frame) -> object:
    index = _index(run, frame)
    if index == 0 or _is_generator(frame.func.node):
        raise Bail  # (the module's frame; a generator's resumer)
    entry = run.__dict__.get("_frame_sites", {}).get(id(frame.env))
    site = entry[1] if entry is not None and entry[0] is frame.env else None
    caller = run.frames[index - 1][0].node
    if site is None or id(site) not in _calls_in(run, caller):
        raise Bail
    return _frame(run, index - 1)


def _current(run) -> object:
    if not run.frames or run.node is None or id(run.node) not in _calls_in(run, run.frames[-1][0].node):
        raise Bail
    return _frame(run, len(run.frames) - 1)


def _currentframe(run, args: list, kwargs: dict) -> object:
    if args or kwargs:
        raise Bail
    return _current(run)


def _getframe(run, args: list, kwargs: dict) -> object:
    if kwargs or len(args) > 1 or args and (type(args[0]) is not int or args[0] < 0):
        raise Bail
    frame = _current(run)
    for _ in range(args[0] if args else 0):
        frame = frame_back(run, frame)
    return frame


def _getargvalues(run, args: list, kwargs: dict) -> inspect.ArgInfo:
    from codemods.analysis.script_functions import (
        FrameObj,
        compiled_code,
        frame_attribute,
    )

    if len(args) != 1 or kwargs or type(args[0]) is not FrameObj:
        raise Bail
    names, varargs, varkw = inspect.getargs(compiled_code(run, args[0].func.node))
    return inspect.ArgInfo(names, varargs, varkw, frame_attribute(run, args[0], "f_locals"))


LIBRARY = {"inspect.currentframe": _currentframe, "sys._getframe": _getframe, "inspect.getargvalues": _getargvalues}
