"""Supply-chain demand scenarios from a per-host loader, laid out by region with jax.reshard."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SCENARIO_AXES = ("region", "week", "sku")


class ScenarioLoader:
    def __init__(self, mesh, demand, batch=16, spec=P(SCENARIO_AXES, None)):
        self.sharding = NamedSharding(mesh, spec)
        self.demand, self.batch = demand, batch

    def __iter__(self):
        for start in range(0, self.demand.shape[0], self.batch):
            yield jax.make_array_from_process_local_data(
                self.sharding, self.demand[start:start + self.batch])


def inputs():
    return (np.linspace(0, 10, 32 * 4, dtype=np.float32).reshape(32, 4),)


def main(demand):
    mesh = jax.make_mesh((2, 2, 2), SCENARIO_AXES)
    totals = []
    with jax.set_mesh(mesh):
        for scenario in ScenarioLoader(mesh, demand):
            by_region = jax.reshard(scenario, P("region", None))
            totals.append(by_region.sum())
    return jnp.stack(totals)
