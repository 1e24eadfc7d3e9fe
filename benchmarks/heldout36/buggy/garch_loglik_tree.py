"""GARCH fit: Gaussian log-likelihood terms pooled as a pytree across observation shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

OBS = "obs"


def loglik_terms(eps, h):
    ll = -0.5 * (jnp.log(2 * jnp.pi * h) + eps ** 2 / h)
    pooled = jax.lax.all_gather(ll, OBS, axis=0, tiled=True, to="reduced")
    return {"ll": pooled.sum(axis=0), "n": jnp.float32(eps.shape[0])}


def total(terms, axis=OBS):
    return jax.lax.psum(terms, axis)


def fit_step(eps, h):
    terms = loglik_terms(eps, h)
    summed = total(terms)
    return summed["ll"] / summed["n"]


def inputs():
    rng = np.random.default_rng(43)
    h = rng.uniform(1e-4, 3e-4, (64, 4)).astype(np.float32)
    return (rng.normal(size=(64, 4)).astype(np.float32) * np.sqrt(h), h)


def main(eps, h):
    mesh = jax.make_mesh((8,), (OBS,))
    eps, h = jax.device_put((eps, h), NamedSharding(mesh, P(OBS, None)))
    fn = jax.shard_map(fit_step, mesh=mesh, in_specs=(P(OBS, None), P(OBS, None)), out_specs=P())
    return fn(eps, h)


if __name__ == "__main__":
    print(main(*inputs()))
