"""Latin-hypercube collocation sampler for a PINN; the points are gathered for a plot."""
import numpy as np

import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

mesh = jax.make_mesh((2, 4), ("host", "chip"))
POINTS = NamedSharding(mesh, P(("host", "chip"), None))


class CollocationSampler:
    def __init__(self, n_points, sharding=POINTS, seed=0):
        self.n_points = n_points
        self.sharding = sharding
        self.rng = np.random.default_rng(seed)

    def __iter__(self):
        while True:
            local = self.rng.uniform(size=(self.n_points, 2)).astype(np.float32)
            yield jax.make_array_from_process_local_data(self.sharding, local)


def inputs():
    return (64,)


def main(n_points):
    sampler = CollocationSampler(n_points)
    batch = next(iter(sampler))
    with jax.set_mesh(mesh):
        per_chip = top_level_all_gather(batch, P("chip", None, reduced={"host"}))
    return per_chip
