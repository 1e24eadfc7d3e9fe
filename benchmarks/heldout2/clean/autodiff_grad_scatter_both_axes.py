import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

OPT_AXES = ("replica", "zero")


def sharded_grad_step(params, batch):
    def loss(p):
        return jnp.mean((batch @ p) ** 2)

    g = jax.grad(loss)(params)
    # one optimizer shard per device across both axes
    return jax.lax.psum_scatter(g, OPT_AXES, scatter_dimension=0, tiled=True)


def inputs():
    return np.ones((8, 2), np.float32), np.arange(8 * 8, dtype=np.float32).reshape(8, 8) / 64


def main(params, batch):
    mesh = jax.make_mesh((2, 4), OPT_AXES)
    params = jax.device_put(params, NamedSharding(mesh, P()))
    batch = jax.device_put(batch, NamedSharding(mesh, P("replica", None)))
    f = jax.shard_map(sharded_grad_step, mesh=mesh, in_specs=(P(), P("replica", None)), out_specs=P(OPT_AXES))
    return f(params, batch)
