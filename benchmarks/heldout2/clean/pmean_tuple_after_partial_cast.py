import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def build(mesh, axes):
    @functools.partial(jax.shard_map, mesh=mesh, in_specs=P(axes[0], None), out_specs=P())
    def mean_loss(x):
        local = jnp.mean(x)
        local = jax.lax.pcast(local, axes[1], to="varying")
        return jax.lax.pmean(local, axes)

    return mean_loss


def inputs():
    return (np.arange(8 * 4, dtype=np.float32).reshape(8, 4),)


def main(x):
    axes = ("data", "model")
    mesh = jax.make_mesh((4, 2), axes)
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    return build(mesh, axes)(x)
