"""Entry point: a schedule's next_axis property (annotated -> str) hands out axes round robin."""
import itertools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Schedule:
    def __init__(self, axes: tuple):
        self._cycle = itertools.cycle(axes)

    @property
    def next_axis(self) -> str:
        return next(self._cycle)


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    return mesh, P(("data", "model")), Schedule(("data", "model")), np.arange(32, dtype=np.float32).reshape(8, 4)


def main(mesh, spec, sched: Schedule, x):
    x = jax.device_put(x, NamedSharding(mesh, spec))

    def step(x):
        partial = jax.lax.psum(x, sched.next_axis)
        return jax.lax.all_gather(partial, sched.next_axis, to="reduced", tiled=True)

    out = jax.shard_map(step, mesh=mesh, in_specs=spec, out_specs=P(None, reduced={"model"}))(x)
    return float(np.asarray(out).sum())
