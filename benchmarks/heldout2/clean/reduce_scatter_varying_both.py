import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

OPT_AXES = ("replica", "zero")


def grad_shards(batch):
    g = batch * batch
    return jax.lax.psum_scatter(g, OPT_AXES, scatter_dimension=0, tiled=True)


def inputs():
    return (np.arange(16 * 8, dtype=np.float32).reshape(16, 8) / 100,)


def main(batch):
    mesh = jax.make_mesh((2, 4), OPT_AXES)
    batch = jax.device_put(batch, NamedSharding(mesh, P(*OPT_AXES)))
    f = jax.shard_map(grad_shards, mesh=mesh, in_specs=P(*OPT_AXES), out_specs=P(OPT_AXES, None))
    return f(batch)
