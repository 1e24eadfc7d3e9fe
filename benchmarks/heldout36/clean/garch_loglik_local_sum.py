"""GARCH fit: log-likelihood terms summed per shard, then pooled as a pytree."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

OBS = "obs"


def loglik_terms(eps, h):
    ll = -0.5 * (jnp.log(2 * jnp.pi * h) + eps ** 2 / h)
    return {"ll": ll.sum(axis=0), "n": jnp.float32(eps.shape[0])}


def fit_step(eps, h):
    summed = jax.lax.psum(loglik_terms(eps, h), OBS)
    return summed["ll"] / summed["n"]


def inputs():
    rng = np.random.default_rng(43)
    h = rng.uniform(1e-4, 3e-4, (64, 4)).astype(np.float32)
    return (rng.normal(size=(64, 4)).astype(np.float32) * np.sqrt(h), h)


def main(eps, h):
    mesh = jax.make_mesh((8,), (OBS,))
    eps, h = jax.device_put((eps, h), NamedSharding(mesh, P(OBS, None)))
    return jax.shard_map(fit_step, mesh=mesh, in_specs=(P(OBS, None), P(OBS, None)), out_specs=P())(eps, h)


if __name__ == "__main__":
    print(main(*inputs()))
