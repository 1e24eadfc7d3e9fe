"""Where an assignment expression (`if (axis := table.get(role))`) binds its name in a script run
(script_run.py; issue 13).

PEP 572: in a comprehension or generator expression, `:=` binds in the scope that holds the
comprehension (the def, lambda or module), not in the comprehension's own scope; elsewhere it binds
where it is written. A comprehension's scope binds only its loop targets, which `:=` may not
rebind; a def's or lambda's binds every name it assigns (host_exprs.bound_names counts the names
its comprehensions' `:=` bind). A scope that is neither (a class body) stops the run (Bail).
"""
from __future__ import annotations

from codemods.analysis.host_exprs import Env
from codemods.analysis.host_objects import Bail


def assigned_scope(run, name: str, env: Env) -> Env:
    current = env
    while current is not None:
        if current is run.module_env or name in current.bound:
            return current
        if not current.bound:
            raise Bail  # (a class body, or a comprehension over attributes: not modelled)
        current = current.parent  # (a comprehension's scope: past it)
    raise Bail


def named_expr(run, node, env: Env) -> object:
    value = run.eval(node.value, env)
    run.store(node.target, value, assigned_scope(run, node.target.id, env))
    return value
