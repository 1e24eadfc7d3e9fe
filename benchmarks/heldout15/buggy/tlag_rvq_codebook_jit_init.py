"""RVQ codec checkpointing: codebooks created by a jitted initialiser, gathered for saving."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

N_Q, K, D = 4, 8, 8


def inputs():
    return (np.arange(2, dtype=np.uint32),)


def init_codebooks(seed):
    key = jax.random.key(seed[0])
    return jax.random.normal(key, (N_Q * K, D)) * 0.02


def save_codebooks(cb):
    host = top_level_all_gather(cb, P(None, None))
    return host


def main(seed):
    mesh = jax.make_mesh((8,), ("quantizer",))
    with jax.set_mesh(mesh):
        init = jax.jit(init_codebooks, out_shardings=NamedSharding(mesh, P("quantizer", None)))
        cb = init(seed)
        return save_codebooks(cb)


if __name__ == "__main__":
    print(main(*inputs()))
