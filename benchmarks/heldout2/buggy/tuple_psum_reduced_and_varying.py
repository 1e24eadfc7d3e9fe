import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("data", "model")


def weight_decay_term(w_shard):
    data_axis, model_axis = AXES
    w = jax.lax.all_gather(w_shard, data_axis, to="reduced", tiled=True)
    penalty = jnp.sum(w * w, axis=0)
    return jax.lax.psum(penalty, AXES)


def inputs():
    return (np.ones((8, 8), np.float32),)


def main(w):
    mesh = jax.make_mesh((2, 4), AXES)
    w = jax.device_put(w, NamedSharding(mesh, P(*AXES)))
    return jax.shard_map(weight_decay_term, mesh=mesh, in_specs=P(*AXES), out_specs=P())(w)
