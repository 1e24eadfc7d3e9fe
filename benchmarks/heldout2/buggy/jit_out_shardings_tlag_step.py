import jax
import jax.numpy as jnp
import numpy as np
from jax._src import shard_map as shmap_impl
from jax.sharding import NamedSharding, PartitionSpec as P


def make_update(mesh):
    opt_sharding = NamedSharding(mesh, P(("dp", "mp"), None))

    @jax.jit
    def update(w, g):
        return w - 0.1 * g

    return jax.jit(update, out_shardings=opt_sharding)


def inputs():
    return np.ones((8, 4), np.float32), np.full((8, 4), 0.5, np.float32)


def main(w, g):
    mesh = jax.make_mesh((2, 4), ("dp", "mp"))
    with jax.set_mesh(mesh):
        new_w = make_update(mesh)(w, g)
        # hand the weights to the model-parallel forward pass
        w_mp = shmap_impl.top_level_all_gather(new_w, P("mp", None, reduced={"dp"}))
        return w_mp
