"""Gradient accumulation over micro-batches, averaged across data replicas."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MICRO = 4


def loss_fn(w, x):
    return jnp.mean((x @ w['a'] @ w['b']) ** 2)


def train_step(w, xs):
    acc = jax.tree.map(jnp.zeros_like, w)
    for i in range(MICRO):
        g = jax.grad(loss_fn)(w, xs[i])
        acc = jax.tree.map(lambda a, b: a + b, acc, g)
    grads = jax.tree.map(lambda g: jax.lax.pmean(g / MICRO, 'data'), acc)
    return jax.tree.map(lambda p, g: p - 0.1 * g, w, grads)


def inputs():
    w = {'a': np.eye(4, dtype=np.float32), 'b': np.ones((4, 4), np.float32) / 4}
    xs = np.arange(MICRO * 16 * 4, dtype=np.float32).reshape(MICRO, 16, 4) / 256.0
    return w, xs


def main(w, xs):
    mesh = jax.make_mesh((8,), ('data',))
    w = jax.device_put(w, NamedSharding(mesh, P()))
    xs = jax.device_put(xs, NamedSharding(mesh, P(None, 'data', None)))

    def step(w, xs):
        return train_step(w, xs)

    out = jax.shard_map(step, mesh=mesh, in_specs=(P(), P(None, 'data', None)),
                        out_specs=P())(w, xs)
    return out['a'], out['b']


if __name__ == "__main__":
    print(main(*inputs()))
