"""Which axes stay sharded is a list padded against the mesh axes with zip_longest."""
import itertools

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

NAMES = ("data", "model")
KEEP = [True]


def export_spec(names, keep):
    pairs = list(itertools.zip_longest(names, keep))
    dims = [a if k else None for a, k in pairs]
    gathered = {a for a, k in pairs if k is False}
    return P(*dims, reduced=gathered)


def export(x):
    return top_level_all_gather(x, export_spec(NAMES, KEEP))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    with jax.set_mesh(mesh):
        return jax.jit(export)(x)


if __name__ == "__main__":
    main()
