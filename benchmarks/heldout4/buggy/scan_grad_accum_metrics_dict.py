"""Gradient accumulation with lax.scan over micro-batches; the metrics dict is reduced over the
data axis and exported for the logger as reduced arrays."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA = "data"
MICRO = 4


def loss_fn(w, x, y):
    pred = x @ w
    return jnp.mean((pred - y) ** 2), {"mse": jnp.mean((pred - y) ** 2), "mae": jnp.mean(jnp.abs(pred - y))}


def train_step(w, xs, ys):
    xs = xs.reshape(MICRO, -1, xs.shape[-1])
    ys = ys.reshape(MICRO, -1, ys.shape[-1])

    def micro(carry, batch):
        g_acc, m_acc = carry
        (_, metrics), g = jax.value_and_grad(loss_fn, has_aux=True)(w, *batch)
        m_acc = jax.tree.map(jnp.add, m_acc, metrics)
        return (g_acc + g, m_acc), None

    zeros = {"mse": jnp.float32(0), "mae": jnp.float32(0)}
    zeros = jax.tree.map(lambda z: jax.lax.pcast(z, DATA, to="varying"), zeros)
    g0 = jax.lax.pcast(jnp.zeros_like(w), DATA, to="varying")
    (g, metrics), _ = jax.lax.scan(micro, (g0, zeros), (xs, ys))
    g = jax.lax.pmean(g, DATA) / MICRO
    metrics = jax.tree.map(functools.partial(jax.lax.pmean, axis_name=DATA), metrics)
    logged = jax.tree.map(lambda m: jax.lax.all_gather(m[None], DATA, tiled=True, to="reduced"), metrics)
    return w - 0.1 * g, logged


def inputs():
    x = np.arange(64 * 4, dtype=np.float32).reshape(64, 4) / 256.0
    y = np.ones((64, 2), np.float32)
    w = np.zeros((4, 2), np.float32)
    return w, x, y


def main(w, x, y):
    mesh = jax.make_mesh((8,), (DATA,))
    w = jax.device_put(w, NamedSharding(mesh, P()))
    x = jax.device_put(x, NamedSharding(mesh, P(DATA)))
    y = jax.device_put(y, NamedSharding(mesh, P(DATA)))
    step = jax.jit(jax.shard_map(train_step, mesh=mesh, in_specs=(P(), P(DATA), P(DATA)),
                                 out_specs=(P(), {"mse": P(reduced={DATA}), "mae": P(reduced={DATA})})))
    return step(w, x, y)


if __name__ == "__main__":
    print(main(*inputs()))
