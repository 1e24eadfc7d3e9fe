"""ZeRO-2 with tensor parallelism: the gradients of a dense layer and of its layer-norm scale
are reduce-scattered over every mesh axis so each device keeps one slice of each."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DP, TP = "dp", "tp"
ALL_AXES = (DP, TP)


def inputs():
    rng = np.random.default_rng(27)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    w = (rng.normal(size=(8, 16)) * 0.1).astype(np.float32)
    y = rng.normal(size=(16, 16)).astype(np.float32)
    return x, w, y


def local_grads(x, w, y):
    scale = jax.lax.rsqrt(jax.lax.psum((x ** 2).sum(-1, keepdims=True), TP) / 8 + 1e-6)
    xn = x * scale
    err = xn @ w - y
    g_w = xn.T @ err
    g_scale = jax.lax.psum(jnp.sum(err @ w.T * x, axis=0), TP)
    return {"w": g_w, "scale": g_scale}


def zero2_step(x, w, y):
    grads = local_grads(x, w, y)
    shards = jax.tree.map(lambda g: jax.lax.psum_scatter(g, ALL_AXES, scatter_dimension=0, tiled=True), grads)
    return shards


def main(x, w, y):
    mesh = jax.make_mesh((2, 4), ALL_AXES)
    x = jax.device_put(x, NamedSharding(mesh, P(DP, None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, TP)))
    y = jax.device_put(y, NamedSharding(mesh, P(DP, TP)))
    fn = jax.shard_map(zero2_step, mesh=mesh, in_specs=(P(DP, None), P(None, TP), P(DP, TP)),
                       out_specs={"w": P(ALL_AXES, None), "scale": P(ALL_AXES)})
    return fn(x, w, y)
