"""FRTB-style historical simulation: firm-wide P&L per scenario, handed back to every desk."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class RiskConfig:
    scenario_axis: str = "scen"
    aggregation_axis: str = "desk"
    confidence: float = 0.975

    @classmethod
    def from_dict(cls, raw):
        return cls(**{k: v for k, v in raw.items() if k in {f.name for f in dataclasses.fields(cls)}})


class HistoricalSimEngine:
    def __init__(self, cfg: RiskConfig):
        self.cfg = cfg

    def firm_pnl(self, pnl):
        desk_total = pnl.sum(axis=1)
        return jax.lax.psum(desk_total, self.cfg.aggregation_axis)

    def attribution_vector(self, pnl):
        firm = self.firm_pnl(pnl)
        return jax.lax.all_gather(firm, self.cfg.aggregation_axis, to="reduced")


def inputs():
    rng = np.random.default_rng(2601)
    return (rng.standard_normal((16, 32)).astype(np.float32),)


def main(pnl):
    cfg = RiskConfig.from_dict({"scenario_axis": "scen", "aggregation_axis": "desk", "owner": "mrm"})
    mesh = jax.make_mesh((2, 4), (cfg.scenario_axis, cfg.aggregation_axis))
    pnl = jax.device_put(pnl, NamedSharding(mesh, P(cfg.scenario_axis, cfg.aggregation_axis)))
    engine = HistoricalSimEngine(cfg)
    fn = jax.shard_map(engine.attribution_vector, mesh=mesh,
                       in_specs=P(cfg.scenario_axis, cfg.aggregation_axis),
                       out_specs=P(None, cfg.scenario_axis, reduced={cfg.aggregation_axis}))
    return fn(pnl)


if __name__ == "__main__":
    print(main(*inputs()))
