"""Population-based training: member fitness and population statistics published to every member."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class PBTConfig:
    member_axis: str = "member"
    data_axis: str = "data"
    truncation: float = 0.25


class Population:
    def __init__(self, cfg, mesh):
        self.cfg = cfg
        self.report = jax.jit(jax.shard_map(self._report, mesh=mesh, in_specs=P(cfg.member_axis, cfg.data_axis),
                                            out_specs={"fitness": P(None, reduced={cfg.member_axis}),
                                                       "population_mean": P(None, reduced={cfg.member_axis})}))

    def _gather(self, value):
        return jax.lax.all_gather(value, self.cfg.member_axis, tiled=True, to="reduced")

    def _report(self, episode_returns):
        cfg = self.cfg
        fitness = jax.lax.pmean(episode_returns.mean(axis=-1), cfg.data_axis)
        stats = {
            "fitness": fitness,
            "population_mean": jax.lax.pmean(fitness, cfg.member_axis),
        }
        table = {}
        for name, value in stats.items():
            table[name] = self._gather(value)
        return table


def inputs():
    rng = np.random.default_rng(32)
    return (rng.normal(size=(4, 16)).astype(np.float32),)


def main(episode_returns):
    cfg = PBTConfig()
    mesh = jax.make_mesh((4, 2), (cfg.member_axis, cfg.data_axis))
    episode_returns = jax.device_put(episode_returns, NamedSharding(mesh, P(cfg.member_axis, cfg.data_axis)))
    population = Population(cfg, mesh)
    return population.report(episode_returns)


if __name__ == "__main__":
    main(*inputs())
