"""DC power flow: line flows from PTDF blocks, and the flow table for contingency screening."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class DCPowerFlow:
    def __init__(self, scenario_axis="scen", line_axis="lines"):
        self.scenario_axis = scenario_axis
        self.line_axis = line_axis

    def flows(self, ptdf, injections):
        local = injections @ ptdf.T
        return jax.lax.all_gather(local, self.line_axis, axis=1, tiled=True, to="reduced")

    def screening_table(self, ptdf, injections):
        f = self.flows(ptdf, injections)
        return jax.lax.all_gather(f, (self.scenario_axis, self.line_axis), axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(137)
    ptdf = (rng.standard_normal((16, 12)) * 0.2).astype(np.float32)
    inj = rng.standard_normal((8, 12)).astype(np.float32)
    return ptdf, inj


def main(ptdf, injections):
    pf = DCPowerFlow()
    mesh = jax.make_mesh((2, 4), (pf.scenario_axis, pf.line_axis))
    ptdf = jax.device_put(ptdf, NamedSharding(mesh, P(pf.line_axis, None)))
    injections = jax.device_put(injections, NamedSharding(mesh, P(pf.scenario_axis, None)))
    fn = jax.shard_map(pf.screening_table, mesh=mesh,
                       in_specs=(P(pf.line_axis, None), P(pf.scenario_axis, None)),
                       out_specs=P(None, None, reduced={pf.scenario_axis, pf.line_axis}))
    return fn(ptdf, injections)


if __name__ == "__main__":
    print(main(*inputs()))
