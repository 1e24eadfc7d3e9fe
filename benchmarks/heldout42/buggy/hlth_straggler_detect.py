"""Straggler detection: each slice compares its step time with the slice total."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("slice", "dev"))


@dataclass(frozen=True)
class Thresholds:
    slow_factor: float = 1.5
    window: int = 4


class Watchdog:
    def __init__(self, thresholds=Thresholds(), device_axis="dev", slice_axis="slice"):
        self.thresholds = thresholds
        self.device_axis = device_axis
        self.slice_axis = slice_axis

    def step_time_totals(self, step_times, *, axis):
        recent = step_times[:, -self.thresholds.window:]
        total = jax.lax.psum(jnp.sum(recent, axis=1), axis)
        return jax.lax.all_gather(total, axis, tiled=True, to="reduced")

    def check(self, step_times):
        body = functools.partial(self.step_time_totals, axis=self.device_axis)
        return jax.shard_map(body, mesh=MESH, in_specs=P(self.slice_axis, self.device_axis),
                             out_specs=P(self.slice_axis, reduced={self.device_axis}))(step_times)


def inputs():
    t = jnp.ones((4, 32), jnp.float32) + jnp.arange(32, dtype=jnp.float32) / 100.0
    return (jax.device_put(t, NamedSharding(MESH, P("slice", "dev"))),)


def main(step_times):
    return Watchdog().check(step_times)


if __name__ == "__main__":
    main(*inputs())
