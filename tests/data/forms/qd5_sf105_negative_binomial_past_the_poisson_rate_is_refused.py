"""A Generator's negative_binomial(n, p) draws through a Poisson of rate about n (1 - p) / p, and
refuses one past int64's range (ValueError, "n too large or p too small"): with n = 10**12 and
p = 1e-8 the handler keeps both mesh axes, and the psum of a value varying on "data" only raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def plan_axes():
    rng = np.random.default_rng(0)
    try:
        rng.negative_binomial(10 ** 12, 1e-8)
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
