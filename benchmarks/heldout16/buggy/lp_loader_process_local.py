"""Supply-chain demand scenarios streamed by a per-host loader into an LP batch."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SCENARIO_AXES = ("region", "week", "sku")


class ScenarioLoader:
    def __init__(self, mesh, demand, batch=16, spec=P(SCENARIO_AXES, None)):
        self.sharding = NamedSharding(mesh, spec)
        self.demand = demand
        self.batch = batch

    def __iter__(self):
        for start in range(0, self.demand.shape[0], self.batch):
            local = self.demand[start:start + self.batch]
            yield jax.make_array_from_process_local_data(self.sharding, local)


def inputs():
    demand = np.linspace(0, 10, 32 * 4, dtype=np.float32).reshape(32, 4)
    return (demand,)


def main(demand):
    mesh = jax.make_mesh((2, 2, 2), SCENARIO_AXES)
    totals = []
    with jax.set_mesh(mesh):
        for scenario in ScenarioLoader(mesh, demand):
            by_region = top_level_all_gather(scenario, P("region", None, reduced={"week", "sku"}))
            totals.append(jax.reshard(by_region, P()).sum())
    return jnp.stack(totals)
