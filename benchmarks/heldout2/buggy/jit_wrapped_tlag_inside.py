import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@functools.partial(jax.jit, static_argnames=("keep", "drop"))
def gather_logits(logits, keep, drop):
    return top_level_all_gather(logits, P(None, keep, reduced={drop}))


def inputs():
    return (np.arange(4 * 8, dtype=np.float32).reshape(4, 8),)


def main(logits):
    mesh = jax.make_mesh((2, 4), ("data", "vocab"))
    with jax.set_mesh(mesh):
        logits = jax.device_put(logits, NamedSharding(mesh, P(None, ("vocab", "data"))))
        return gather_logits(logits, keep="data", drop="vocab")
