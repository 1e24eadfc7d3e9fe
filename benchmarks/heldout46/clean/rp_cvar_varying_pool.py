"""Rockafellar-Uryasev CVaR of a long-only book: scenario losses pooled for the VaR level."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_ASSETS, N_SCEN = 8, 64


@dataclasses.dataclass(frozen=True)
class CVaRProblem:
    alpha: float = 0.95
    asset_axis: str = "asset"
    scen_axis: str = "scen"


class Objective:
    def __init__(self, problem):
        self.problem = problem

    def losses(self, w, r):
        return -jax.lax.psum(jnp.sum(w[:, None] * r, axis=0), self.problem.asset_axis)


class CVaRObjective(Objective):
    def pooled_losses(self, w, r):
        return jax.lax.all_gather(self.losses(w, r), self.problem.scen_axis, tiled=True)

    def worst_case(self, w, r):
        pooled = self.pooled_losses(w, r)
        return jax.lax.pmax(pooled, self.problem.scen_axis)


def inputs():
    rng = np.random.default_rng(22)
    r = rng.standard_t(4, (N_ASSETS, N_SCEN)).astype(np.float32) * 0.02
    return r, np.full(N_ASSETS, 1.0 / N_ASSETS, np.float32)


def main(r, w):
    prob = CVaRProblem()
    mesh = jax.make_mesh((4, 2), (prob.asset_axis, prob.scen_axis))
    r = jax.device_put(r, NamedSharding(mesh, P(prob.asset_axis, prob.scen_axis)))
    w = jax.device_put(w, NamedSharding(mesh, P(prob.asset_axis)))
    obj = CVaRObjective(prob)
    worst = jax.shard_map(obj.worst_case, mesh=mesh,
                          in_specs=(P(prob.asset_axis), P(prob.asset_axis, prob.scen_axis)),
                          out_specs=P())(w, r)
    return worst


if __name__ == "__main__":
    main(*inputs())
