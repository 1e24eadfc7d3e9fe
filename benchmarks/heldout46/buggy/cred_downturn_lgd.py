"""Downturn LGD: loss given default raised with the pooled scenario default rate."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_OBLIGORS, N_SIMS = 16, 32


class DownturnLGD:
    def __init__(self, base=0.4, sensitivity=0.8, rho=0.2):
        self.base, self.sensitivity, self.rho = base, sensitivity, rho

    def default_rates(self, z, eps, sim_axis):
        latent = jnp.sqrt(self.rho) * z[None, :] + jnp.sqrt(1.0 - self.rho) * eps
        rate = (latent < -1.5).mean(axis=0)
        return jax.lax.all_gather(rate, sim_axis, tiled=True, to="reduced")

    def __call__(self, z, eps, *, sim_axis):
        rates = self.default_rates(z, eps, sim_axis)
        return self.base + self.sensitivity * rates


def inputs():
    rng = np.random.default_rng(15)
    return (rng.standard_normal(N_SIMS).astype(np.float32),
            rng.standard_normal((N_OBLIGORS, N_SIMS)).astype(np.float32))


def main(z, eps):
    mesh = jax.make_mesh((2, 4), ("sector", "sim"))
    z = jax.device_put(z, NamedSharding(mesh, P("sim")))
    eps = jax.device_put(eps, NamedSharding(mesh, P("sector", "sim")))
    body = functools.partial(DownturnLGD(), sim_axis="sim")
    lgd = jax.shard_map(body, mesh=mesh, in_specs=(P("sim"), P("sector", "sim")),
                        out_specs=P("sector"))(z, eps)
    return lgd


if __name__ == "__main__":
    main(*inputs())
