import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS = "model"


def rms(w_shard):
    w = jax.lax.all_gather(w_shard, AXIS, to="reduced", tiled=True)
    return jnp.sqrt(jnp.mean(w**2))


def inputs():
    return (np.arange(16, dtype=np.float32),)


def main(w):
    mesh = jax.make_mesh((8,), (AXIS,))
    w = jax.device_put(w, NamedSharding(mesh, P(AXIS)))
    return jax.shard_map(rms, mesh=mesh, in_specs=P(AXIS), out_specs=P())(w)
