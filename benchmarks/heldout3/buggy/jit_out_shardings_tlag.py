import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def init_params(mesh):
    @functools.partial(jax.jit, out_shardings=NamedSharding(mesh, P("x", "y")))
    def init():
        return jnp.arange(64, dtype=jnp.float32).reshape(8, 8)
    return init()


def replicate_rows(w):
    return top_level_all_gather(w, P(None, "y"))


def inputs():
    return ()


def main():
    mesh = jax.make_mesh((2, 4), ("x", "y"))
    with jax.set_mesh(mesh):
        w = init_params(mesh)
        return replicate_rows(w)


if __name__ == "__main__":
    print(main(*inputs()))
