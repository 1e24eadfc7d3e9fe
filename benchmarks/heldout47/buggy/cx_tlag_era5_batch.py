"""Pulls one variable of a sharded ERA5 training batch into the plotting layout."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PLOT_SPEC = P(("token", "batch"), None)


class ERA5Loader:
    def __init__(self, mesh, variables, spec=P(("batch", "token"), None), steps=2):
        self.sharding = NamedSharding(mesh, spec)
        self.variables = variables
        self.steps = steps

    def __iter__(self):
        rng = np.random.default_rng(52)
        for _ in range(self.steps):
            yield {v: jax.device_put(rng.standard_normal((16, 8)).astype(np.float32), self.sharding)
                   for v in self.variables}


def gather_for_plot(batch, name):
    return top_level_all_gather(batch[name], PLOT_SPEC)


def inputs():
    return (("t2m", "z500"),)


def main(variables):
    mesh = jax.make_mesh((2, 4), ("batch", "token"))
    plots = []
    with jax.set_mesh(mesh):
        for batch in ERA5Loader(mesh, variables):
            plots.append(gather_for_plot(batch, "z500"))
    return plots


if __name__ == "__main__":
    main(*inputs())
