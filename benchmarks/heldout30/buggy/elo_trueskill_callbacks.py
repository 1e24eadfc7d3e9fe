"""TrueSkill-like rating round; the pooled skill uncertainties go to a list of callbacks."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS = "players"


class MinSigmaCallback:
    key = "min_sigma"

    def __call__(self, pooled):
        return jax.lax.pmin(pooled["sigma"], AXIS)


class MeanMuCallback:
    key = "mean_mu"

    def __call__(self, pooled):
        return jnp.zeros(()) + pooled["mu_total"]


def rating_round(mu, sigma, callbacks):
    pooled = {
        "sigma": jax.lax.all_gather(sigma, AXIS, tiled=True, to="reduced"),
        "mu_total": jax.lax.psum(mu.sum(), AXIS),
    }
    logs = {cb.key: cb(pooled) for cb in callbacks}
    return jnp.min(logs["min_sigma"]) + logs["mean_mu"]


def inputs():
    rng = np.random.default_rng(97)
    return (rng.normal(25, 3, (16,)).astype(np.float32),
            rng.uniform(2, 8, (16,)).astype(np.float32))


def main(mu, sigma):
    mesh = jax.make_mesh((8,), (AXIS,))
    mu = jax.device_put(mu, NamedSharding(mesh, P(AXIS)))
    sigma = jax.device_put(sigma, NamedSharding(mesh, P(AXIS)))
    callbacks = [MeanMuCallback(), MinSigmaCallback()]
    fn = jax.shard_map(lambda m, s: rating_round(m, s, callbacks), mesh=mesh,
                       in_specs=(P(AXIS), P(AXIS)), out_specs=P())
    return fn(mu, sigma)


if __name__ == "__main__":
    print(main(*inputs()))
