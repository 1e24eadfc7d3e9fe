"""Metropolis acceptance rate of every chain, pooled over the dimension shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TARGET_RATE = 0.234


def log_density(x):
    return -0.5 * x * x


class Diagnostics:
    def __init__(self, dim_axis="dim"):
        self.dim_axis = dim_axis

    def acceptance(self, x, proposal):
        log_ratio = log_density(proposal) - log_density(x)
        ratios = jax.lax.all_gather(log_ratio, self.dim_axis, axis=1, tiled=True, to="reduced")
        rate = jnp.mean(jnp.exp(jnp.minimum(ratios.sum(axis=1), 0.0)), keepdims=True)
        return rate - TARGET_RATE


def inputs():
    rng = np.random.default_rng(35)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    return x, (x + 0.5 * rng.normal(size=x.shape)).astype(np.float32)


def main(x, proposal):
    mesh = jax.make_mesh((2, 4), ("chain", "dim"))
    s = NamedSharding(mesh, P("chain", "dim"))
    diag = Diagnostics()
    f = jax.shard_map(diag.acceptance, mesh=mesh, in_specs=(P("chain", "dim"),) * 2, out_specs=P("chain"))
    return f(jax.device_put(x, s), jax.device_put(proposal, s))


if __name__ == "__main__":
    main(*inputs())
