"""The mesh a shard_map is given, as the interpreter evaluates its expression (issue 13).

Libraries paste a helper around `jax.make_mesh`: `def create_mesh(shape, axis_names): return
jax.make_mesh(tuple(shape), tuple(axis_names))`, called as `create_mesh((2, 4), ("batch",
"channels"))`; pipelines keep the mesh in a field (`mesh=self.mesh`). meshspec.parse_mesh reads
the text of `make_mesh` calls only. Where it finds nothing, the `mesh=` expression is evaluated
in the frame of the code around the shard_map (names bound there by their one binding, a helper
run on the values it is given, a field every construction stores alike): a mesh value there is the
mesh of every run that reaches the call, so its axis names are the body's manual axes.
The names met while evaluating it (the meshes of a builder's several callers) are none of the
use's own: they are kept out of its axis notes, which the symbol proofs read (symbols.py).
"""
from __future__ import annotations

import ast

from codemods.analysis import axis_notes
from codemods.analysis.meshspec import MeshInfo


def evaluated_mesh(interp, node: ast.expr | None, scopes: tuple) -> MeshInfo | None:
    from codemods.analysis.pyvalues import MeshValue

    if node is None:
        return None
    interp.silent += 1  # read for the mesh only: nothing in it is judged here
    aside = axis_notes.start()
    try:
        value = interp.eval(node, interp._static_frame(scopes))
    finally:
        axis_notes.stop(aside)
        interp.silent -= 1
    if type(value) is not MeshValue or not value.axes or len(set(value.axes)) != len(value.axes) \
            or not all(type(axis) is str for axis in value.axes):
        return None
    return MeshInfo(tuple(value.axes), tuple(value.sizes) if value.sizes is not None else None)
