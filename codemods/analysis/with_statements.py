"""A `with` statement in a script run (script_run.py; issue 13).

Its items are entered left to right. An object with its own `__enter__`/`__exit__` (a module
class, a contextmanager generator, a temporary file, a modelled library context) runs the rest
of the statement inside entered_objects.enter, so its exit runs however the block ends. A mesh
context (`jax.set_mesh(m)`) sets the context mesh for the block; `with mesh:` sets none since
jax 0.8.1. A `subTest` is unittest_cases.py's. Anything else, an `as` target of a mesh context,
or a mesh context inside jit (where `set_mesh` raises) stops the run. A contextmanager generator
entered inside a jitted function or shard_map body (a `profile(section)` timer that logs) runs
there as Python runs it, at trace time, like any other host code of the body: whatever its code
does that could change what the body traces (a mesh context, a library context) stops the run
inside it, as anywhere else, and one made outside the trace stops at its first resume
(script_generators.py).
"""
from __future__ import annotations

import ast

from codemods.analysis import entered_objects
from codemods.analysis.host_exprs import Env
from codemods.analysis.host_objects import Bail
from codemods.analysis.library_contexts import held_meshes_left
from codemods.analysis.script_generators import Managed
from codemods.analysis.script_values import MeshCtx, MeshObj
from codemods.analysis.set_meshes import taken
from codemods.analysis.temp_files import FileHandle
from codemods.analysis.unittest_cases import PlainContext, plain_enter


def with_statement(run, node: ast.With, env: Env) -> None:
    entered = 0
    try:
        for index, item in enumerate(node.items):
            value = run.eval(item.context_expr, env)
            if type(value) is Managed or type(value) is FileHandle and not run.jitted or entered_objects.enters(value):
                rest = ast.With(node.items[index + 1:], node.body) if index + 1 < len(node.items) else None
                return entered_objects.enter(run, value, item.optional_vars,
                                             lambda: with_statement(run, rest, env) if rest else run.block(node.body, env), env)
            if type(value) is PlainContext and plain_enter(run, item, env):
                continue
            if item.optional_vars is not None or run.jitted:
                raise Bail
            if type(value) is MeshCtx and value.lasting:
                taken(run, value)  # (in force since the call: the block takes it over, set_meshes.py)
            elif type(value) is MeshCtx:
                run.contexts.append(value.mesh)
            elif type(value) is MeshObj:
                run.contexts.append(None)
            else:
                raise Bail
            entered += 1
        run.block(node.body, env)
    finally:
        if entered and held_meshes_left(run, entered):
            raise Bail  # (an ExitStack's mesh entered inside the block and still held: library_contexts.py)
        del run.contexts[len(run.contexts) - entered:]
