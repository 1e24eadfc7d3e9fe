"""A state record with __slots__ refuses an attribute it does not declare; the fallback reduces
over both axes."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Plan:
    __slots__ = ("axes",)

    def __init__(self):
        self.axes = ("i",)


def main():
    plan = Plan()
    try:
        plan.sync = ("i",)
        axes = plan.sync
    except AttributeError:
        axes = ("i", "j")
    return reduce_over(axes)


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
