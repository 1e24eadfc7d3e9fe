"""Sequence-parallel activations on a (sp, dp) layout: the evaluation path keeps the leading
axis of the sequence dimension and gathers the other one."""
from typing import NamedTuple

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Layouts(NamedTuple):
    train: P
    eval: P


LAYOUTS = Layouts(train=P(None, ("sp", "dp"), None), eval=P(None, "sp", None, reduced={"dp"}))


def inputs():
    return (np.random.default_rng(107).normal(size=(2, 16, 4)).astype(np.float32),)


def main(acts):
    mesh = jax.make_mesh((4, 2), ("sp", "dp"))
    acts = jax.device_put(acts, NamedSharding(mesh, P()))
    with jax.set_mesh(mesh):
        acts = jax.reshard(acts, LAYOUTS.train)
        per_replica = top_level_all_gather(acts, LAYOUTS.eval)
    return np.asarray(per_replica)
