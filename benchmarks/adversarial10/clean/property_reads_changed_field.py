"""A property reads a field main changes before the run."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class Plan:
    def __init__(self):
        self._sync = "i,j"

    @property
    def sync_axes(self):
        return tuple(self._sync.split(","))


PLAN = Plan()


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, PLAN.sync_axes)


def main(mesh, x):
    PLAN._sync = "i"
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
