"""ZeRO-2 with tensor parallelism: gradients that vary on every mesh axis are reduce-scattered
over all of them with one jax.tree.map."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DP, TP = "dp", "tp"
ALL_AXES = (DP, TP)


def local_grads(x, w, y):
    err = x @ w - y
    return {"w": x.T @ err, "b": jnp.sum(err, axis=0)}


def zero2_step(x, w, y):
    return jax.tree.map(lambda g: jax.lax.psum_scatter(g, ALL_AXES, scatter_dimension=0, tiled=True),
                        local_grads(x, w, y))


def inputs():
    rng = np.random.default_rng(109)
    return (rng.normal(size=(16, 8)).astype(np.float32), (rng.normal(size=(8, 32)) * 0.1).astype(np.float32),
            rng.normal(size=(16, 32)).astype(np.float32))


def main(x, w, y):
    mesh = jax.make_mesh((2, 4), ALL_AXES)
    x = jax.device_put(x, NamedSharding(mesh, P(DP, None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, TP)))
    y = jax.device_put(y, NamedSharding(mesh, P(DP, TP)))
    fn = jax.shard_map(zero2_step, mesh=mesh, in_specs=(P(DP, None), P(None, TP), P(DP, TP)),
                       out_specs={"w": P(ALL_AXES, None), "b": P(ALL_AXES)})
    return fn(x, w, y)
