"""The planner's total is a 0-d ndarray (`np.array(0.0)`), not a NumPy scalar: `+=` writes into
it, and a (2, 4) block cannot fit (ValueError, "non-broadcastable output operand"), so the planner
falls back to ("data",) and the psum runs."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def plan_axes():
    total = np.array(0.0)
    total += np.ones((2, 4))
    return ("data", "model")


def reduce(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)

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
