"""Data-parallel trainer: the loss is averaged over every device."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    x = np.arange(32, dtype=np.float32).reshape(8, 4) / 32.0
    y = np.ones((8,), np.float32)
    w = np.full((4,), 0.5, np.float32)
    return x, y, w


def loss_step(x, y, w):
    pred = x @ w
    loss = jnp.mean((pred - y) ** 2)
    loss = jax.lax.pmean(loss, ('data', 'model'))
    return loss


def main(x, y, w):
    mesh = jax.make_mesh((4, 2), ('data', 'model'))
    x = jax.device_put(x, NamedSharding(mesh, P('data', None)))
    y = jax.device_put(y, NamedSharding(mesh, P('data')))
    w = jax.device_put(w, NamedSharding(mesh, P()))
    return jax.shard_map(loss_step, mesh=mesh, in_specs=(P('data', None), P('data'), P()),
                         out_specs=P())(x, y, w)


if __name__ == "__main__":
    print(main(*inputs()))
