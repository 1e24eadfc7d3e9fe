"""Gradient accumulation with lax.scan over micro-batches."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def accumulate(w, xs):
    def micro_step(acc, x):
        g = jnp.mean(x * (x @ w), axis=0)
        g = jax.lax.pmean(g, ('data', 'model'))
        return acc + g, None

    acc, _ = jax.lax.scan(micro_step, jnp.zeros((w.shape[1],), w.dtype), xs)
    return acc


def inputs():
    return (np.eye(4, dtype=np.float32), np.arange(4 * 16 * 4, dtype=np.float32).reshape(4, 16, 4) / 256.0)


def main(w, xs):
    mesh = jax.make_mesh((4, 2), ('data', 'model'))
    w = jax.device_put(w, NamedSharding(mesh, P()))
    xs = jax.device_put(xs, NamedSharding(mesh, P(None, 'data', None)))
    return jax.shard_map(accumulate, mesh=mesh, in_specs=(P(), P(None, 'data', None)),
                         out_specs=P())(w, xs)


if __name__ == "__main__":
    print(main(*inputs()))
