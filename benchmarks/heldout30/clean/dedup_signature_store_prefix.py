"""Persist the signature matrix to the LSH index store, gathered to a prefix of its layout."""
import os

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

DOC_AXIS = os.environ.get("DEDUP_DOC_AXIS", "docs")
PERM_AXIS = os.environ.get("DEDUP_PERM_AXIS", "perms")


def store_layout():
    return P(os.environ.get("DEDUP_STORE_AXIS", DOC_AXIS), None, reduced={PERM_AXIS})


def persist(signatures, mesh):
    placed = jax.device_put(signatures, NamedSharding(mesh, P((DOC_AXIS, PERM_AXIS), None)))
    with jax.set_mesh(mesh):
        stored = jax.reshard(top_level_all_gather(placed, store_layout()), P(DOC_AXIS, None))
    return stored


def inputs():
    return (np.arange(16 * 4, dtype=np.float32).reshape(16, 4),)


def main(signatures):
    mesh = jax.make_mesh((2, 4), (DOC_AXIS, PERM_AXIS))
    return persist(signatures, mesh)


if __name__ == "__main__":
    print(main(*inputs()))
