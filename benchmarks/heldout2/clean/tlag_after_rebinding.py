import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main(x):
    mesh = jax.make_mesh((2, 4), ("a", "b"))
    with jax.set_mesh(mesh):
        y = jax.device_put(x, NamedSharding(mesh, P(("b", "a"))))
        y = y * 2
        # re-laid out before the gather: now a prefix of ('a', 'b') is what is asked
        y = jax.reshard(y, P(("a", "b")))
        return top_level_all_gather(y, P("a", reduced={"b"}))


def inputs():
    return (np.arange(16, dtype=np.float32),)
