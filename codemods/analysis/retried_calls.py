"""Steps of unknown outcome inside a retry loop, followed both ways (unchecked_calls.py; issue 13).

A retry helper (`@retry(RuntimeError, attempts=2)` around a whole `main`) calls its function in a
loop whose `try` catches what a JAX or NumPy check may raise:

    for i in range(attempts):
        try:
            return fn(*args, **kwargs)
        except exc_types as e:
            if i == attempts - 1:
                raise
            ...  # (count, log, sleep: the loop calls again)

A step the run does not model (a `jax.make_mesh` of an unknown device count, a `device_put`) met
while that `try` runs may raise into the handler, and the loop then calls the function again,
perhaps with state the first attempt changed: read as a probe, it stopped the run. Two readings
make it exact:

- On the last attempt the handler's first statement re-raises: where its test (`i == attempts
  - 1`, of ints held by the helper's own frame or its closure, which nothing between the step and
  the handler can rebind: no `global`/`nonlocal` of them in the module) is true now, the step's
  error is handed on, as a bare re-raise is (unchecked_calls._hands_on).
- On an earlier one the step is taken to pass, and the stop the run then finds is kept only when
  the run made again with that step raising (handed_errors.py: a stand-in of a class the
  handler catches; its text is unknown) meets the same stop or ends by that error escaping,
  whether or not the retried `try` is still running at the stop (the next attempt runs the same
  lines again, and may meet them another way). A second such step met after the raised one in
  the run made again (a third attempt) stops it: those runs are not made.
"""
from __future__ import annotations

import ast

from codemods.analysis.host_objects import Bail
from codemods.analysis.node_indexes import module_parents

LAST, AGAIN = "last", "again"
_GUARD_NODES = (ast.Compare, ast.BinOp, ast.UnaryOp, ast.Name, ast.Constant, ast.Load, ast.cmpop, ast.operator,
                ast.unaryop)


def retrying(run, handler: ast.ExceptHandler, env) -> str | None:
    """LAST when `handler` is a retry loop's and re-raises now; AGAIN when it is one and its test
    is false now (the loop calls again); None when it is no such handler."""
    parents = module_parents(run.tree)
    try_node = parents.get(id(handler))
    loop = parents.get(id(try_node)) if type(try_node) is ast.Try else None
    if type(loop) is not ast.For or try_node not in loop.body or not handler.body:
        return None
    first = handler.body[0]
    if type(first) is not ast.If or first.orelse or len(first.body) != 1 or type(first.body[0]) is not ast.Raise:
        return None
    raised = first.body[0]
    if raised.cause is not None or raised.exc is not None and not (
            type(raised.exc) is ast.Name and handler.name is not None and raised.exc.id == handler.name):
        return None  # (a bare re-raise, or of the caught exception)
    guard = first.test
    if not all(isinstance(node, _GUARD_NODES) for node in ast.walk(guard)):
        return None
    names = {node.id for node in ast.walk(guard) if type(node) is ast.Name}
    if any(type(node) is ast.Name and type(node.ctx) is not ast.Load and node.id in names
           for stmt in try_node.body for node in ast.walk(stmt)):
        return None  # (rebound in the `try` itself, by a `with` exit or `finally` run on the way out)
    if handler.name in names or any(type(node) in (ast.Global, ast.Nonlocal) and names.intersection(node.names)
                                    for node in ast.walk(run.tree)):
        return None
    for name in names:
        holder = env
        while holder is not None and name not in holder.vars:
            holder = holder.parent
        if holder is None or holder.parent is None or type(holder.vars[name]) is not int:
            return None  # (a module global, or no plain int)
    try:
        found = run.eval(guard, env)
    except (Bail, Exception):  # noqa: BLE001 - a test the run cannot read: no such handler
        return None
    if type(found) is not bool:
        return None
    return LAST if found else AGAIN
