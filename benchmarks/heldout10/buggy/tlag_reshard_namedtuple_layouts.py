"""Sequence-parallel activations re-laid out between a training and an evaluation layout held
in a NamedTuple; the evaluation path gathers the sequence dimension."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Layouts(NamedTuple):
    train: P
    eval: P
    export: P


LAYOUTS = Layouts(
    train=P(None, ("sp", "dp"), None),
    eval=P(None, "dp", None, reduced={"sp"}),
    export=P(None, None, None, reduced={"sp", "dp"}),
)


def inputs():
    rng = np.random.default_rng(26)
    return (rng.normal(size=(2, 16, 4)).astype(np.float32),)


def main(acts):
    mesh = jax.make_mesh((4, 2), ("sp", "dp"))
    acts = jax.device_put(acts, NamedSharding(mesh, P()))
    with jax.set_mesh(mesh):
        acts = jax.reshard(acts, LAYOUTS.train)
        full = top_level_all_gather(acts, LAYOUTS.export)
        per_replica = top_level_all_gather(acts, LAYOUTS.eval)
    return full, per_replica
