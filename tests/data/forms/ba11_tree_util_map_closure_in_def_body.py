"""`jax.tree_util.tree_map` of a closure a factory returns, inside a def body: the first leaf
(sorted keys) is gathered over 'j' to reduced and then summed over it again."""
import jax
from jax.sharding import PartitionSpec as P


def make_sync(axis):
    def sync(leaf):
        full = jax.lax.all_gather(leaf, axis, axis=1, tiled=True, to="reduced")
        return jax.lax.psum(full, axis)  # SF103
    return sync


def run(mesh, x):
    sync = make_sync("j")

    def body(tree):
        return jax.tree_util.tree_map(sync, tree)

    specs = {"w": P(None, "j"), "z": P(None, "j")}
    return jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs={"w": P(), "z": P()})({"w": x, "z": x})
