"""negative_binomial(10**4, 1e-12) of a Generator: a Poisson rate of about 1e16, within int64's
range, so it draws; the probe returns ("data",) and the psum runs."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def plan_axes():
    rng = np.random.default_rng(0)
    try:
        rng.negative_binomial(10 ** 4, 1e-12)
        return ("data",)
    except ValueError:
        return ("data", "model")


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
