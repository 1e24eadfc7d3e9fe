"""Population-based training: how many members are ready for exploit/explore this round."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ScheduleConfig:
    ready_steps: int = 100
    member_axis: str = "member"
    data_axis: str = "data"

    @property
    def population_axes(self):
        return (self.member_axis, self.data_axis)


def build_ready_counter(cfg, mesh):
    def count(steps):
        ready = (steps >= cfg.ready_steps).astype(jnp.float32)
        return jax.lax.psum(ready.sum(), cfg.population_axes)

    counter = jax.shard_map(count, mesh=mesh, in_specs=P(cfg.member_axis), out_specs=P())
    return jax.jit(counter)


def inputs():
    return (np.array([120, 80, 100, 40, 130, 99, 101, 7], np.int32),)


def main(steps):
    cfg = ScheduleConfig()
    mesh = jax.make_mesh((4, 2), cfg.population_axes)
    steps = jax.device_put(steps, NamedSharding(mesh, P(cfg.member_axis)))
    counter = build_ready_counter(cfg, mesh)
    counts = []
    for _ in range(2):
        counts.append(counter(steps))
        steps = steps + 10
    return counts


if __name__ == "__main__":
    main(*inputs())
