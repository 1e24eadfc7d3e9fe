"""Stacked cross layers with an activation monitor (max |x_l| per layer, per feature)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NUM_LAYERS = 3


def cross_layer(x0, xl, w, b):
    return x0 * (xl @ w + b) + xl


def forward(x0, ws, bs):
    stats = {}
    xl = x0
    for i in range(NUM_LAYERS):
        xl = cross_layer(x0, xl, ws[i], bs[i])
        stats[f"layer_{i}"] = jnp.max(jnp.abs(xl), axis=0)
    return xl, stats


def monitored(x0, ws, bs):
    out, stats = forward(x0, ws, bs)
    peaks = jax.lax.all_gather(jnp.stack(list(stats.values())), "batch", to="reduced")
    worst = jax.lax.pmax(peaks, "batch")
    return out, worst


def inputs():
    rng = np.random.default_rng(2)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    ws = rng.normal(size=(NUM_LAYERS, 8, 8)).astype(np.float32) * 0.2
    bs = np.zeros((NUM_LAYERS, 8), np.float32)
    return x, ws, bs


def main(x, ws, bs):
    mesh = jax.make_mesh((8,), ("batch",))
    x = jax.device_put(x, NamedSharding(mesh, P("batch", None)))
    ws = jax.device_put(ws, NamedSharding(mesh, P()))
    bs = jax.device_put(bs, NamedSharding(mesh, P()))
    fn = jax.shard_map(monitored, mesh=mesh, in_specs=(P("batch", None), P(), P()),
                       out_specs=(P("batch", None), P()))
    return fn(x, ws, bs)


if __name__ == "__main__":
    print(main(*inputs()))
