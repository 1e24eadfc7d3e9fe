import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def double_gather(x):
    full = jax.lax.all_gather(x, "i", tiled=True)
    return jax.lax.all_gather(full, "i", to="reduced", tiled=True)


def inputs():
    return (np.arange(16, dtype=np.float32),)


def main(x):
    mesh = jax.make_mesh((8,), ("i",))
    x = jax.device_put(x, NamedSharding(mesh, P("i")))
    return jax.shard_map(double_gather, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))(x)
