"""Monte-Carlo pricing with antithetic variates: every device holds a block of shocks; the
sampler pairs each block with the mirrored block of another device with all_to_all."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class AntitheticSampler:
    axis = "paths"

    def __init__(self, n_devices):
        self.n = n_devices

    def all_shocks(self, z):
        return jax.lax.all_gather(z, self.axis, axis=0, tiled=True, to="reduced")

    def pair(self, z):
        return jax.lax.all_to_all(z, self.axis, split_axis=0, concat_axis=0, tiled=True)

    def __call__(self, z):
        shocks = self.all_shocks(z)
        return self.pair(-shocks)


def payoff(z, spot=100.0, strike=105.0, vol=0.25):
    s_t = spot * jnp.exp(-0.5 * vol ** 2 + vol * z)
    return jnp.maximum(s_t - strike, 0.0)


def inputs():
    rng = np.random.default_rng(16)
    return (rng.standard_normal(size=(64,)).astype(np.float32),)


def main(z):
    mesh = jax.make_mesh((8,), (AntitheticSampler.axis,))
    z = jax.device_put(z, NamedSharding(mesh, P("paths")))
    sampler = AntitheticSampler(8)

    def price(z):
        mirrored = sampler(z)
        est = 0.5 * (payoff(z).mean() + payoff(mirrored).mean())
        return jax.lax.pmean(est, "paths")

    return jax.shard_map(price, mesh=mesh, in_specs=P("paths"), out_specs=P())(z)
