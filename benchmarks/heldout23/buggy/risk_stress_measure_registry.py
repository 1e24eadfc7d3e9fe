"""Stress measures for the overnight market-risk run.

Every measure is a function of the scenario P&L block (scenarios x desks), registered under the
name the limits system asks for; the engine evaluates the requested ones in one shard_map.
"""
from typing import Callable, NamedTuple

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class RiskAxes(NamedTuple):
    scenario: str = "scenario"
    desk: str = "desk"


AXES = RiskAxes()
MEASURES: dict[str, Callable] = {}
OUT_SPECS = {
    "expected_pnl": P(AXES.desk),
    "worst_case": P(None, AXES.desk, reduced={AXES.scenario}),
}


def measure(name):
    def register(fn):
        MEASURES[name] = fn
        return fn
    return register


@measure("expected_pnl")
def expected_pnl(pnl, axes):
    return jax.lax.pmean(pnl.mean(axis=0), axes.scenario)


@measure("worst_case")
def worst_case(pnl, axes):
    worst = jax.lax.pmin(pnl.min(axis=0), axes.scenario)
    return jax.lax.all_gather(worst, axes.scenario, to="reduced")


def run_measures(mesh, names):
    def body(shocks, sens):
        pnl = shocks @ sens
        return {name: MEASURES[name](pnl, AXES) for name in names}

    return jax.shard_map(body, mesh=mesh,
                         in_specs=(P(AXES.scenario, None), P(None, AXES.desk)),
                         out_specs={name: OUT_SPECS[name] for name in names})


def inputs():
    rng = np.random.default_rng(7)
    return (rng.normal(size=(64, 8)).astype(np.float32),
            rng.normal(size=(8, 8)).astype(np.float32))


def main(shocks, sens):
    mesh = jax.make_mesh((4, 2), tuple(AXES))
    shocks = jax.device_put(shocks, NamedSharding(mesh, P(AXES.scenario, None)))
    sens = jax.device_put(sens, NamedSharding(mesh, P(None, AXES.desk)))
    return run_measures(mesh, tuple(MEASURES))(shocks, sens)


if __name__ == "__main__":
    for name, value in main(*inputs()).items():
        print(name, value.shape)
