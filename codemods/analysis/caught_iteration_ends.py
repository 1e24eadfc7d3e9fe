"""An iterator's end met by `gen.send(v)`, `gen.throw(e)` or `next(it)` and caught around the call
(script_run.py; issue 13).

Pipeline code drives a microbatch feeder by hand: `item = next(feeder, None)`, then in a loop
`try: item = feeder.send("next") except StopIteration: item = None`. When the generator returns,
Python raises StopIteration in the caller (its value the generator's return value: no args for
None), as `next(it)` without a default does at an exhausted iterator.

StopIteration is special wherever Python code runs inside an iterator: a C iterator that calls a
callback (`map`, `filter`, itertools) ends quietly when the callback raises it, a generator turns
it into RuntimeError (PEP 479), `contextlib.contextmanager` has its own handling of it. The run
models those as ordinary calls, so it hands the exception to the program only where none of them
can stand between the call and the handler that catches it:
- the call is written directly in the running function's own body (or the module's), not in a
  lambda, comprehension or generator expression (script_frames.own_call), and is made by Python
  itself straight from that code: the call expression's own callee, not a callback a library runs
  (script_frames.direct_call, read as the call starts);
- the innermost `try`, `try*` or `with` around it in that body is a `try` that holds it in its
  body (not in a handler, `else` or `finally`), so the exception meets no code between;
- one of that `try`'s handlers catches StopIteration, those before it being builtin or module
  exception classes named by plain names that do not (Python compares them in order), or a bare
  `except` catches it. The names are read now, after the call: nothing runs between the call's end
  and the handlers' test, so they hold what Python reads then.
Anything else stops the run (Bail), as before, and so does raising that StopIteration again
(a bare `raise` in the handler, `raise err` of the name it bound): it would leave the frame.
"""
from __future__ import annotations

import ast

from codemods.analysis.generator_methods import statement_path
from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail

_BLOCKS = (ast.Try, ast.With, ast.AsyncWith, getattr(ast, "TryStar", ast.Try))


def consume_fresh(run) -> bool:
    """Whether the call being started is the call expression's own callee (script_frames.direct_call
    kept it so); reset, so that nothing the call runs reads it as its own."""
    fresh = bool(run.__dict__.get("site_fresh", False))
    run.site_fresh = False
    return fresh


def iteration_end(run, fresh: bool, value: object = None) -> Raised:
    """The StopIteration Python raises in the caller, to be raised by the run (module docstring);
    Bail where a handler around the call may not be the one that catches it."""
    from codemods.analysis.script_frames import own_call

    call = run.node
    if not fresh or type(call) is not ast.Call:
        raise Bail
    scope, env = (run.frames[-1][0].node, run.frames[-1][1]) if run.frames else (run.tree, run.module_env)
    if type(scope) not in (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module) or not own_call(run, scope, call):
        raise Bail  # (in a nested scope, or not the running frame's own code)
    path = statement_path(scope, call)
    if path is None:
        raise Bail
    for outer, inner in zip(reversed(path[:-1]), reversed(path[1:])):
        if isinstance(outer, _BLOCKS):
            if type(outer) is not ast.Try or not any(inner is stmt for stmt in outer.body):
                raise Bail
            if not _catches(run, outer.handlers, env):
                raise Bail
            error = StopIteration() if value is None else StopIteration(value)
            run.__dict__.setdefault("_iteration_ends", {})[id(error)] = error  # (kept: its id stays its own)
            return Raised(error)
    raise Bail  # (no `try` around it in this frame: it would leave the frame)


def reraised(run, error: object) -> None:
    """`raise` (bare, or of the name a handler bound) of a StopIteration handed over here: raised
    again it may leave the frame into a C iterator that would end quietly (not followed)."""
    if id(error) in run.__dict__.get("_iteration_ends", {}):
        raise Bail


def _catches(run, handlers: list, env) -> bool:
    for handler in handlers:
        if handler.type is None:
            return True
        kinds = handler.type.elts if type(handler.type) is ast.Tuple else [handler.type]
        if not all(type(kind) is ast.Name for kind in kinds):
            return False  # (an expression Python evaluates at the test: not read ahead of it)
        found = [run.eval(kind, env) for kind in kinds]
        if not all(isinstance(kind, type) and issubclass(kind, Exception) for kind in found):
            return False  # (the `try` statement stops the run there too: try_blocks.py)
        if any(issubclass(StopIteration, kind) for kind in found):
            return True
    return False
