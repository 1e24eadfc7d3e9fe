"""Where an assignment expression (`if (axis := table.get(role))`) binds its name, in a host run
and a script run alike (host_exprs.py, script_run.py; issue 13).

PEP 572: in a comprehension or generator expression, `:=` binds in the scope that holds the
comprehension (the def, lambda or module), not in the comprehension's own scope; elsewhere it binds
where it is written. A comprehension's scope binds only its loop targets, which `:=` may not
rebind; a def's or lambda's binds every name it assigns (host_exprs.bound_names counts the names
its comprehensions' `:=` bind) or declares `global`/`nonlocal` (Env.outer: the run's store sends
the value on, so a host run still stops where a module global would be rebound). A scope that is
neither (a class body) stops the run (Bail).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from codemods.analysis.host_objects import Bail

if TYPE_CHECKING:
    from codemods.analysis.host_exprs import Env


def assigned_scope(run, name: str, env: Env) -> Env:
    module_env = getattr(run, "module_env", None)
    current = env
    while current is not None:
        if current is module_env or name in current.bound or current.outer and name in current.outer:
            return current
        if not current.bound:
            raise Bail  # (a class body, or a comprehension over attributes: not modelled)
        current = current.parent  # (a comprehension's scope: past it)
    raise Bail


def named_expr(run, node, env: Env) -> object:
    value = run.eval(node.value, env)
    run.store(node.target, value, assigned_scope(run, node.target.id, env))
    return value
