"""Checkpointing MPS tensors: the store layout keeps sites split and bonds whole."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Layouts(NamedTuple):
    train: P = P("site", "bond")
    store: P = P("site", None, reduced={"bond"})


LAYOUTS = Layouts()


def load_tensors(mesh, raw):
    return jax.device_put(raw, NamedSharding(mesh, LAYOUTS.train))


def to_store(tensors):
    return top_level_all_gather(tensors, LAYOUTS.store)


def inputs():
    mesh = jax.make_mesh((4, 2), ("site", "bond"))
    raw = np.random.default_rng(3).normal(size=(8, 16)).astype(np.float32)
    return mesh, load_tensors(mesh, raw)


def main(mesh, tensors):
    with jax.set_mesh(mesh):
        stored = to_store(tensors)
    return stored


if __name__ == "__main__":
    main(*inputs())
