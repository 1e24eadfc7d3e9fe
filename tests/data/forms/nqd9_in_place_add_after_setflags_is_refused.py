"""A buffer frozen with `setflags(write=False)` (and a view taken of it later) refuses `+=`
(ValueError, "output array is read-only"), so the probe keeps ("data",) and the psum runs."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def plan_axes():
    frozen = np.ones(4)
    frozen.setflags(write=False)
    head = frozen[:2]
    try:
        head += np.ones(2)
        return ("data", "model")
    except ValueError:
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
