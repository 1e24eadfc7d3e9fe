"""The mesh a builder is handed (issue 13): `def make_table_fn(mesh, axes=POP_AXES):
jax.shard_map(table, mesh=mesh, ...)` called as `make_table_fn(jax.make_mesh((4, 2), POP_AXES))`.

The shard_map's `mesh=` names a parameter of a module function around it; the mesh is what every
call of that function passes for it (callers.py: every reference to the function is such a call),
read where each call is written, when all of them build the same mesh (same axes, sizes and the
tuples of names it was built from). A parameter the function rebinds, a decorated function (its
decorator may call it with other arguments), a call that passes it by a starred argument, or two
calls that disagree leave the mesh unknown.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import ast

from codemods.analysis.callers import _argument
from codemods.analysis.meshspec import MeshInfo, parse_mesh
from codemods.analysis.nodes import all_param_names

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Interpreter

MAX_CALLERS = 3  # functions the mesh is followed out through


def caller_mesh(interp: Interpreter, node: ast.expr | None, scopes: tuple, depth: int = 0) -> MeshInfo | None:
    """The mesh every caller hands the parameter `node` names (None: not one known mesh)."""
    if type(node) is not ast.Name or depth >= MAX_CALLERS:
        return None
    index = next((i for i in range(len(scopes) - 1, -1, -1) if interp.scope.locals_of(scopes[i]).binds(node.id)), None)
    if index is None:
        return None
    function = scopes[index]
    if function.decorator_list or node.id not in all_param_names(function.args) or node.id in interp._locals_of(function) \
            or node.id in (arg.arg for arg in (function.args.vararg, function.args.kwarg) if arg is not None):
        return None
    calls, skip = interp._callers(function)
    found = None
    for call, call_scopes in calls:
        given = _argument(call, function, node.id, skip)
        if given is None:
            return None
        defaults = function.args.defaults + [d for d in function.args.kw_defaults if d is not None]
        where = scopes[:index] if any(given is default for default in defaults) else call_scopes
        mesh = parse_mesh(interp.scope, given, where) or caller_mesh(interp, given, where, depth + 1)
        if mesh is None or found is not None and mesh != found:
            return None
        found = mesh
    return found
