"""Health-state snapshot for the controller, laid out by a dataclass snapshot plan."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("slice", "dev"))


@dataclass
class SnapshotPlan:
    device_layout: P = field(default_factory=lambda: P(("slice", "dev"), None))
    controller_layout: P = field(default_factory=lambda: P("dev", None, reduced={"slice"}))


class HealthState:
    def __init__(self, plan):
        self.plan = plan

    def counters(self):
        c = jnp.zeros((16, 3), jnp.float32).at[:, 0].set(1.0)
        return jax.device_put(c, NamedSharding(MESH, self.plan.device_layout))

    def snapshot(self, counters):
        with jax.set_mesh(MESH):
            return top_level_all_gather(counters, self.plan.controller_layout)


def inputs():
    return (HealthState(SnapshotPlan()).counters(),)


def main(counters):
    return HealthState(SnapshotPlan()).snapshot(counters)


if __name__ == "__main__":
    main(*inputs())
