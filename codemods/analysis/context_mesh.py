"""Whether a file sets a context mesh, and how the module reaches a call (SF104's mesh findings).

`top_level_all_gather` needs a context mesh with Explicit axes. A file that never calls (or reads)
a setter such as `jax.set_mesh` sets none itself; mesh_reach.py and mesh_owner.py say when the
module reaches a call only outside one. Both read Python's `ast` of the whole file: the engine may
hand rules a sparse text without the statements that do not name the rule's APIs.
"""
from __future__ import annotations

import ast

from codemods.analysis.entered_meshes import names_mesh_setter
from codemods.analysis.foreign_code import imports_unread_code
from codemods.analysis.mesh_reach import unmeshed_path
from codemods.analysis.nodes import nodes_of_type, runs_as_script
from codemods.context import FileContext


def module_sets_mesh(ctx: FileContext) -> bool:
    """Whether any call in the file sets a context mesh. Read on Python's `ast` of the whole file:
    the engine may hand rules a sparse text without the statements that do not name the rule's APIs
    (`main` holding `with jax.set_mesh(mesh):` and calling a helper)."""
    return ctx.cached("sf104.sets-mesh", lambda: names_mesh_setter(ctx.tree, ctx.imports.bindings))


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
    node = _ast_call(ctx, call)
    return reach(ctx.tree, ctx.imports.bindings, node) if node is not None else None


def _ast_call(ctx: FileContext, call) -> ast.Call | None:
    """The `ast` call at the offsets of a LibCST one."""
    # One walk a file, not one per call asked about (that was quadratic in the file's calls); the
    # first call of the walk at the offsets, as before.
    def index() -> dict[tuple[int, int], ast.Call]:
        found: dict[tuple[int, int], ast.Call] = {}
        for node in nodes_of_type(ctx.tree, ast.Call):  # (no two calls share their offsets)
            found.setdefault(ctx.offsets(node), node)
        return found

    return ctx.cached("context_mesh.ast_calls", index).get(ctx.offsets(call))


def under_false_flag(ctx: FileContext, call) -> bool:
    """Whether the call stands in a branch that never runs (module_reads.in_false_branch,
    untaken_branches.py)."""
    from codemods.analysis.module_reads import in_false_branch
    from codemods.analysis.nodes import module_parents

    from codemods.analysis.untaken_branches import in_untaken_branch

    node = _ast_call(ctx, call)
    if node is None:
        return False
    parents = module_parents(ctx.tree)
    return in_false_branch(ctx.tree, node, parents) or in_untaken_branch(ctx, node, parents)
