"""Wald z-statistics of a Cox fit with many covariates (covariates split over 'feature')."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.special import ndtr
from jax.sharding import NamedSharding, PartitionSpec as P

SITE, FEATURE = "site", "feature"


def wald_body(X, w, beta):
    info_diag = jax.lax.psum(jnp.sum(w[:, None] * X * X, axis=0), SITE)
    se = 1.0 / jnp.sqrt(info_diag)
    z = beta / se
    p = 2.0 * (1.0 - ndtr(jnp.abs(z)))
    return jax.lax.all_gather(p, FEATURE, to="reduced", tiled=True)


def inputs():
    rng = np.random.default_rng(55)
    X = rng.normal(size=(64, 16)).astype(np.float32)
    w = rng.uniform(0.1, 0.3, size=(64,)).astype(np.float32)
    beta = (rng.normal(size=(16,)) * 0.1).astype(np.float32)
    return X, w, beta


def main(X, w, beta):
    mesh = jax.make_mesh((2, 4), (SITE, FEATURE))
    X = jax.device_put(X, NamedSharding(mesh, P(SITE, FEATURE)))
    w = jax.device_put(w, NamedSharding(mesh, P(SITE)))
    beta = jax.device_put(beta, NamedSharding(mesh, P(FEATURE)))
    return jax.shard_map(wald_body, mesh=mesh, in_specs=(P(SITE, FEATURE), P(SITE), P(FEATURE)),
                         out_specs=P(reduced={FEATURE}))(X, w, beta)


if __name__ == "__main__":
    print(main(*inputs()))
