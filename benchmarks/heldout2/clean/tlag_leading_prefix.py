import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def make_update(mesh):
    return jax.jit(lambda w, g: w - 0.1 * g, out_shardings=NamedSharding(mesh, P(("dp", "mp"), None)))


def inputs():
    return np.ones((8, 4), np.float32), np.ones((8, 4), np.float32)


def main(w, g):
    mesh = jax.make_mesh((2, 4), ("dp", "mp"))
    with jax.set_mesh(mesh):
        w = make_update(mesh)(w, g)
        return top_level_all_gather(w, P("dp", None, reduced={"mp"}))
