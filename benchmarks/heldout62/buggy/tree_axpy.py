"""Tree arithmetic helpers (axpy, scalar mul) used to mix gathered weights into a running copy."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def tree_axpy(a, x, y):
    return jax.tree.map(lambda xi, yi: a * xi + yi, x, y)


def tree_gather(tree, axis_name):
    return jax.tree.map(lambda l: jax.lax.all_gather(l, axis_name, axis=0, to="reduced", tiled=True), tree)


def mix(params, running, *, alpha=0.25, axis_name="rows"):
    full = tree_gather(params, axis_name)
    return tree_axpy(alpha, full, running)


def inputs():
    rng = np.random.default_rng(28)
    return {"w": rng.normal(size=(8, 8)).astype(np.float32)}, {"w": np.zeros((8, 8), np.float32)}


def main(params, running):
    mesh = jax.make_mesh((2, 4), ("rows", "cols"))
    params = jax.device_put(params, NamedSharding(mesh, P("rows", "cols")))
    running = jax.device_put(running, NamedSharding(mesh, P(None, "cols")))
    spec = {"w": P(None, "cols")}
    run = jax.shard_map(mix, mesh=mesh, in_specs=({"w": P("rows", "cols")}, spec), out_specs=spec)
    return run(params, running)


if __name__ == "__main__":
    main(*inputs())
