"""A builder fills its own list `passes` (`passes.append(...)`) and returns it; the caller's
variable of the same name holds the finished list, which nothing changes after: the pmean then
the gather to 'reduced', applied over the tree one pass after the other."""
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
        tree = jax.tree.map(collective, tree)  # SF101
    return tree


def main(mesh, x):
    passes = make_passes("i")

    def body(block):
        return apply_passes({"mean": block.mean(axis=0, keepdims=True)}, passes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs={"mean": P(None, "j", reduced={"i"})})(x)
