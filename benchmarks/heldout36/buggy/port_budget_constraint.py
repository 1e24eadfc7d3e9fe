"""cvxpy-like portfolio problem: fully-invested budget constraint residual per scenario."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Constraint:
    def __init__(self, name, fn):
        self.name, self.fn = name, fn


class Problem:
    def __init__(self, asset_axis, scenario_axis, constraints=()):
        self.asset_axis = asset_axis
        self.scenario_axis = scenario_axis
        self.constraints = list(constraints)

    def residuals(self, w):
        return {c.name: c.fn(self, w) for c in self.constraints}


def budget(problem, w):
    invested = jax.lax.psum(w.sum(axis=0), problem.asset_axis)
    slack = invested - 1.0
    return jax.lax.all_gather(slack, problem.asset_axis, to="reduced")


def inputs():
    rng = np.random.default_rng(61)
    return (rng.dirichlet(np.ones(16), size=8).T.astype(np.float32),)


def main(w):
    prob = Problem("assets", "scenarios", [Constraint("budget", budget)])
    mesh = jax.make_mesh((4, 2), (prob.asset_axis, prob.scenario_axis))
    spec = P(prob.asset_axis, prob.scenario_axis)
    w = jax.device_put(w, NamedSharding(mesh, spec))
    fn = jax.shard_map(prob.residuals, mesh=mesh, in_specs=spec,
                       out_specs={"budget": P(None, prob.scenario_axis, reduced={prob.asset_axis})})
    return fn(w)


if __name__ == "__main__":
    print(main(*inputs()))
