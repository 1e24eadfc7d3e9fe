"""The planner checks that per-row statistics accumulate into a (2, 4) buffer (`+=` of a row
broadcast into it passes), so it keeps both mesh axes: the psum over ("data", "model") of a value
varying on "data" only raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def plan_axes():
    totals = np.zeros((2, 4))
    totals += np.ones(4)
    return ("data", "model")


def reduce(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    try:
        axes = plan_axes()
    except ValueError:
        axes = ("data",)
    return reduce(mesh, x, axes)


if __name__ == "__main__":
    main()
