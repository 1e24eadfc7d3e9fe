"""A probe indexes a drawn step size as if it were a sequence: `lr[0]` of a Python float raises
TypeError, so the planner keeps ("data",) and the psum runs (the item is not the number itself)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def plan_axes():
    lr = np.random.default_rng().uniform(0.1, 0.5)
    try:
        first = lr[0]
        return ("data", "model") if first < 1 else ("data",)
    except TypeError:
        return ("data",)


def reduce(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    axes = plan_axes()
    return reduce(mesh, x, axes)


if __name__ == "__main__":
    main()
