"""Whether a file sets a context mesh, and how the module reaches a call (SF104's mesh findings).

`top_level_all_gather` needs a context mesh with Explicit axes. A file that never calls (or reads)
a setter such as `jax.set_mesh` sets none itself; mesh_reach.py and mesh_owner.py say when the
module reaches a call only outside one. Both read Python's `ast` of the whole file: the engine may
hand rules a sparse text without the statements that do not name the rule's APIs.
"""
from __future__ import annotations

import ast

from codemods import jaxapi
from codemods.analysis.bindings import ast_dotted, resolve_dotted
from codemods.analysis.foreign_code import imports_unread_code
from codemods.analysis.nodes import runs_as_script
from codemods.analysis.mesh_reach import unmeshed_path
from codemods.context import FileContext


def module_sets_mesh(ctx: FileContext) -> bool:
    """Whether any call in the file sets a context mesh. Read on Python's `ast` of the whole file:
    the engine may hand rules a sparse text without the statements that do not name the rule's APIs
    (`main` holding `with jax.set_mesh(mesh):` and calling a helper)."""
    setters = set(jaxapi.CONTEXT_MESH_SETTERS)
    # A setter read but not called here (`partial(jax.set_mesh, m)`, `f = jax.set_mesh`) or looked
    # up by name (`getattr(jax, "set_mesh", None)`) may be called anywhere: the module may set one.
    setter_names = {setter.rsplit(".", 1)[1] for setter in setters}

    def compute() -> bool:
        bindings = ctx.imports.bindings
        for node in ast.walk(ctx.tree):
            if isinstance(node, (ast.Name, ast.Attribute)):
                name = ast_dotted(node)
                if name and resolve_dotted(bindings, name) in setters:
                    return True
            elif isinstance(node, ast.Constant) and node.value in setter_names:
                return True
        return False

    return ctx.cached("sf104.sets-mesh", compute)


def runs_meshless(ctx: FileContext) -> bool:
    """Whether the file, run as a program, certainly runs all its code without a context mesh: it
    sets none, it is a script (a library's importer may set one), and it imports nothing that
    could set one for it (foreign_code.py)."""
    return not module_sets_mesh(ctx) and runs_as_script(ctx.tree) and not imports_unread_code(ctx.tree)


def reach_path(ctx: FileContext, call, reach=unmeshed_path):
    """The functions from module code down to `call` when the module reaches it only without a
    context mesh (or `reach`: only under one with Auto axes; mesh_reach.py), read on the `ast`
    node at the same offsets."""
    if "_shardfix_context_choices" not in ctx.tree.__dict__:
        from codemods.analysis.chosen_contexts import ContextChoices

        ctx.tree._shardfix_context_choices = ContextChoices(ctx)  # contexts picked by an object's option
    offsets = ctx.offsets(call)
    node = next((node for node in ast.walk(ctx.tree)
                 if isinstance(node, ast.Call) and ctx.offsets(node) == offsets), None)
    return reach(ctx.tree, ctx.imports.bindings, node) if node is not None else None
