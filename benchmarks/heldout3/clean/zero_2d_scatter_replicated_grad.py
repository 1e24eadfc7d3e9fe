"""ZeRO over a 2D mesh: gradients of a replicated weight (already summed by grad) scattered."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

SHARD_AXES = ("replica", "fsdp")


def grads_and_scatter(w, x):
    def loss(w):
        return jnp.sum(jnp.tanh(x @ w))
    g = jax.grad(loss)(w)
    flat = g.reshape(-1)
    return lax.psum_scatter(flat, SHARD_AXES, scatter_dimension=0, tiled=True)


def inputs():
    return np.ones((4, 8), np.float32) / 4, np.arange(32, dtype=np.float32).reshape(8, 4) / 32


def main(w, x):
    mesh = jax.make_mesh((2, 4), SHARD_AXES)
    w = jax.device_put(w, NamedSharding(mesh, P()))
    x = jax.device_put(x, NamedSharding(mesh, P("replica")))
    f = jax.shard_map(grads_and_scatter, mesh=mesh, in_specs=(P(), P("replica")),
                      out_specs=P(SHARD_AXES))
    return f(w, x)


if __name__ == "__main__":
    print(main(*inputs()))
