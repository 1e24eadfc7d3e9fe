"""Trainer with gradient accumulation over micro-batches."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MICRO = 4


def inputs():
    w = np.arange(16, dtype=np.float32).reshape(8, 2) / 16.0
    xs = np.arange(MICRO * 16, dtype=np.float32).reshape(MICRO, 8, 2) / 64.0
    return w, xs


def micro_grad(w, x):
    return jnp.square(w) * jnp.abs(w)


def train_step(w, xs):
    w_full = jax.lax.all_gather(w, 'data', axis=0, tiled=True, to='reduced')
    acc = micro_grad(w_full, xs[0])
    for i in range(1, MICRO):
        acc = acc + micro_grad(w_full, xs[i])
    grads = jax.lax.pmean(acc, 'data')
    return grads


def main(w, xs):
    mesh = jax.make_mesh((8,), ('data',))
    w = jax.device_put(w, NamedSharding(mesh, P('data', None)))
    xs = jax.device_put(xs, NamedSharding(mesh, P(None, None, None)))
    return jax.shard_map(train_step, mesh=mesh, in_specs=(P('data', None), P()),
                         out_specs=P())(w, xs)


if __name__ == "__main__":
    print(main(*inputs()))
