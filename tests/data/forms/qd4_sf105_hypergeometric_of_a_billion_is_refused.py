"""A Generator's hypergeometric refuses ngood or nbad of 10**9 or more (ValueError, "both ngood
and nbad must be less than 1000000000") before it draws: the handler keeps both mesh axes, and
the psum of a value varying on "data" only raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def plan_axes():
    rng = np.random.default_rng(0)
    try:
        rng.hypergeometric(10 ** 9, 5, 3)
        return ("data",)
    except ValueError:
        return ("data", "model")


def reduce(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    axes = plan_axes()
    return reduce(mesh, x, axes)


if __name__ == "__main__":
    main()
