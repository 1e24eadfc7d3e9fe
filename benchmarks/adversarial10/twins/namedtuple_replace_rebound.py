"""The module name is rebound to a `_replace` copy inside main, before the run."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

from typing import NamedTuple


class Plan(NamedTuple):
    count_axis: str = "j"
    sync_axes: tuple = ("i", "j")


PLAN = Plan()


def body(block):
    counts = jax.lax.psum(block, PLAN.count_axis)
    return jax.lax.psum(counts, PLAN.sync_axes)


def main(mesh, x):
    global PLAN
    PLAN = PLAN._replace(count_axis="j")
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
