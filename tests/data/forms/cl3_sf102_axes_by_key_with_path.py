"""`jax.tree_util.tree_map_with_path`: the helper picks the gather axes by the leaf's key
(`path[-1].key`) from a module table; the tree was gathered over 'i' before."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

AXES_BY_NAME = {"bias": "j", "kernel": ("i", "j")}


def gather_rows(tree):
    return jax.tree.map(lambda v: jax.lax.all_gather(v, "i", axis=0, to="reduced", tiled=True), tree)


def gather_named(path, v):
    return jax.lax.all_gather(v, AXES_BY_NAME[path[-1].key], axis=1, to="reduced", tiled=True)  # SF102


def body(params):
    return jax.tree_util.tree_map_with_path(gather_named, gather_rows(params))


def main(mesh, x):
    spec = {"bias": P("i", "j"), "kernel": P("i", "j")}
    params = {k: jax.device_put(x, NamedSharding(mesh, s)) for k, s in spec.items()}
    out = {"bias": P(None, None, reduced={"i", "j"}), "kernel": P(None, None, reduced={"i", "j"})}
    return jax.shard_map(body, mesh=mesh, in_specs=(spec,), out_specs=out)(params)
