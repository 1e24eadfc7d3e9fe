"""Collocation points from a process-local sampler gathered over the inner axis: a valid prefix."""
import numpy as np

import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

mesh = jax.make_mesh((2, 4), ("host", "chip"))


def sample(n, sharding=NamedSharding(mesh, P(("host", "chip"), None))):
    local = np.random.default_rng(1).uniform(size=(n, 2)).astype(np.float32)
    return jax.make_array_from_process_local_data(sharding, local)


def inputs():
    return (64,)


def main(n):
    pts = sample(n)
    with jax.set_mesh(mesh):
        return top_level_all_gather(pts, P("host", None, reduced={"chip"}))
