"""The caller's list is changed in place after the builder returns it (a pass dropped when
`quick`): which passes run is not the builder's list, so nothing is said."""
import functools

import jax
from jax.sharding import PartitionSpec as P


def make_passes(axis_name, share=True):
    passes = [functools.partial(jax.lax.pmean, axis_name=axis_name)]
    if share:
        passes.append(functools.partial(jax.lax.all_gather, axis_name=axis_name, tiled=True, to="reduced"))
    return passes


def apply_passes(tree, passes):
    for collective in passes:
        tree = jax.tree.map(collective, tree)
    return tree


def main(mesh, x, quick=True):
    passes = make_passes("i")
    if quick:
        passes.pop()

    def body(block):
        return apply_passes({"mean": block.mean(axis=0, keepdims=True)}, passes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs={"mean": P(None, "j")})(x)
