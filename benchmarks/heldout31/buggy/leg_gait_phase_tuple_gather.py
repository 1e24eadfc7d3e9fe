"""Gait phase estimation for a quadruped fleet: phase tables shared across robots and legs."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxes(NamedTuple):
    robots: str
    legs: str


AXES = MeshAxes("robot", "leg")


class GaitEstimator:
    def __init__(self, axes: MeshAxes, period: float = 0.5):
        self.axes = axes
        self.period = period

    def phase(self, t_touchdown):
        return jnp.mod(t_touchdown, self.period) / self.period

    def per_robot_table(self, t_touchdown):
        return jax.lax.all_gather(self.phase(t_touchdown), self.axes.robots, to="reduced", tiled=True)

    def fleet_table(self, t_touchdown):
        table = self.per_robot_table(t_touchdown)
        return jax.lax.all_gather(table, tuple(self.axes), to="reduced", tiled=True)


def inputs():
    mesh = jax.make_mesh((4, 2), tuple(AXES))
    t = jnp.arange(8 * 6, dtype=jnp.float32).reshape(8, 6) * 0.037
    return mesh, jax.device_put(t, NamedSharding(mesh, P(*AXES)))


def main(mesh, t_touchdown):
    est = GaitEstimator(AXES)
    fn = jax.shard_map(est.fleet_table, mesh=mesh, in_specs=P(*AXES),
                       out_specs=P(None, None, reduced=set(AXES)))
    return fn(t_touchdown)
