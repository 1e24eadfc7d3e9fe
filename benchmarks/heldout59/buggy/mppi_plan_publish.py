"""Publish the optimised MPPI plan to the low-level tracking controller."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class PlanLayout(NamedTuple):
    optimiser: P = P("sample", None)
    tracker: P = P("step", None)


LAYOUT = PlanLayout()


class PlanPublisher:
    def __init__(self, mesh, layout=LAYOUT):
        self.mesh = mesh
        self.layout = layout

    def publish(self, plan):
        with jax.set_mesh(self.mesh):
            return top_level_all_gather(plan, self.layout.tracker)


def optimise_plan(mesh, horizon=16):
    u = np.tanh(np.linspace(-1.0, 1.0, 8 * horizon, dtype=np.float32)).reshape(8, horizon)
    return jax.device_put(u, NamedSharding(mesh, LAYOUT.optimiser))


def inputs():
    mesh = jax.make_mesh((2, 4), ("sample", "step"))
    return (mesh, optimise_plan(mesh))


def main(mesh, plan):
    return PlanPublisher(mesh).publish(plan)


if __name__ == "__main__":
    main(*inputs())
