"""tree_map_with_path: how a leaf is gathered depends on its key; the tree was unsharded before."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GATHER_BY_NAME = {"kernel": ("rows", "cols"), "scale": "cols"}


def leaf_name(path):
    return path[-1].key


def unshard_rows(tree):
    return jax.tree.map(lambda x: jax.lax.all_gather(x, "rows", axis=0, to="reduced", tiled=True), tree)


def gather_for_export(path, x):
    axes = GATHER_BY_NAME[leaf_name(path)]
    return jax.lax.all_gather(x, axes, axis=1, to="reduced", tiled=True)


def export_tree(params):
    full_rows = unshard_rows(params)
    return jax.tree_util.tree_map_with_path(gather_for_export, full_rows)


def inputs():
    rng = np.random.default_rng(24)
    return {"dense": {"kernel": rng.normal(size=(8, 8)).astype(np.float32),
                      "scale": rng.normal(size=(8, 8)).astype(np.float32)}},


def main(params):
    mesh = jax.make_mesh((2, 4), ("rows", "cols"))
    spec = P("rows", "cols")
    params = jax.device_put(params, NamedSharding(mesh, spec))
    out = {"dense": {"kernel": P(None, None, reduced={"rows", "cols"}), "scale": P(None, None, reduced={"rows", "cols"})}}
    run = jax.shard_map(export_tree, mesh=mesh, in_specs=({"dense": {"kernel": spec, "scale": spec}},), out_specs=out)
    return run(params)


if __name__ == "__main__":
    main(*inputs())
