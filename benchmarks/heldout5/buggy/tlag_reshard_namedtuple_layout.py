"""A LoRA merge step: factors resharded to a NamedTuple of layouts, then gathered for merging."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import PartitionSpec as P


class Layouts(NamedTuple):
    train: P = P(("fsdp", "tp"), None)
    merge: P = P("fsdp", None)


LAYOUTS = Layouts()


def merge_factor(a):
    a = jax.reshard(a, LAYOUTS.train)
    return top_level_all_gather(a, LAYOUTS.merge)


def inputs():
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    return mesh, jax.random.normal(jax.random.key(30), (32, 4))


def main(mesh, a):
    with jax.set_mesh(mesh):
        return merge_factor(a)
