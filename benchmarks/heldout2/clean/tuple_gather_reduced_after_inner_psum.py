import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("outer", "inner")


def two_level(x):
    outer, inner = AXES
    partial = jax.lax.psum(x, inner)
    # varies only on 'outer' now; a reduced gather over both is legal
    return jax.lax.all_gather(partial, AXES, to="reduced", tiled=True)


def inputs():
    return (np.arange(8 * 8, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), AXES)
    x = jax.device_put(x, NamedSharding(mesh, P(*AXES)))
    return jax.shard_map(two_level, mesh=mesh, in_specs=P(*AXES), out_specs=P(None, None, reduced=set(AXES)))(x)
