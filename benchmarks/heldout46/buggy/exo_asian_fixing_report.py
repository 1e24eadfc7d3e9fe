"""Arithmetic Asian option: averaged fixings simulated under jit, then gathered for a report."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

N_SCENARIOS, N_PATHS, N_FIXINGS = 8, 32, 6


@dataclasses.dataclass(frozen=True)
class ReportLayout:
    scenario_axis: str = "scenario"
    path_axis: str = "path"

    def simulation(self):
        return P(self.scenario_axis, self.path_axis)

    def fixings_table(self):
        return P(None, self.path_axis)


class AsianEngine:
    def __init__(self, mesh, layout, vol=0.2, rate=0.01):
        self.layout = layout
        self.vol, self.rate = vol, rate
        self.simulate = jax.jit(self._average_fixings,
                                out_shardings=NamedSharding(mesh, layout.simulation()))

    def _average_fixings(self, shocks):
        dt = 1.0 / N_FIXINGS
        increments = (self.rate - 0.5 * self.vol ** 2) * dt + self.vol * jnp.sqrt(dt) * shocks
        fixings = 100.0 * jnp.exp(jnp.cumsum(increments, axis=-1))
        return fixings.mean(axis=-1)


def inputs():
    rng = np.random.default_rng(3)
    return (rng.standard_normal((N_SCENARIOS, N_PATHS, N_FIXINGS)).astype(np.float32),)


def main(shocks):
    layout = ReportLayout()
    mesh = jax.make_mesh((2, 4), (layout.scenario_axis, layout.path_axis))
    engine = AsianEngine(mesh, layout)
    with jax.set_mesh(mesh):
        averages = engine.simulate(jnp.asarray(shocks))
        table = top_level_all_gather(averages, layout.fixings_table())
        payoff = jnp.maximum(table - 100.0, 0.0).mean()
    return payoff


if __name__ == "__main__":
    main(*inputs())
