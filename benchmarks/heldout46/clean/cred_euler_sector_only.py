"""Euler allocation of portfolio loss to obligors: contributions pooled over scenarios and book."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_OBLIGORS, N_SIMS = 16, 32
AXES = ("sector", "sim")


class Allocator:
    def __init__(self, axes=AXES, rho=0.2, threshold=-2.0):
        self.axes = axes
        self.rho, self.threshold = rho, threshold

    def _contributions(self, z, eps, ead):
        latent = jnp.sqrt(self.rho) * z[None, :] + jnp.sqrt(1.0 - self.rho) * eps
        return ead[:, None] * (latent < self.threshold)

    def gather_scenarios(self, contrib):
        return jax.lax.all_gather(contrib, self.axes[1], axis=1, tiled=True, to="reduced")

    def gather_book(self, contrib):
        return jax.lax.all_gather(contrib, self.axes[0], axis=0, tiled=True, to="reduced")

    def allocate(self, z, eps, ead):
        contrib = self._contributions(z, eps, ead)
        per_scenario = self.gather_scenarios(contrib)
        return self.gather_book(per_scenario)


def inputs():
    rng = np.random.default_rng(11)
    return (rng.standard_normal(N_SIMS).astype(np.float32),
            rng.standard_normal((N_OBLIGORS, N_SIMS)).astype(np.float32),
            rng.uniform(1.0, 3.0, N_OBLIGORS).astype(np.float32))


def main(z, eps, ead):
    alloc = Allocator()
    sector, sim = alloc.axes
    mesh = jax.make_mesh((2, 4), alloc.axes)
    z = jax.device_put(z, NamedSharding(mesh, P(sim)))
    eps = jax.device_put(eps, NamedSharding(mesh, P(sector, sim)))
    ead = jax.device_put(ead, NamedSharding(mesh, P(sector)))
    table = jax.shard_map(alloc.allocate, mesh=mesh, in_specs=(P(sim), P(sector, sim), P(sector)),
                          out_specs=P(None, None, reduced={sector, sim}))(z, eps, ead)
    return table


if __name__ == "__main__":
    main(*inputs())
