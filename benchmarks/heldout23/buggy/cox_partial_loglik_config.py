import json

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = json.loads('{"mesh": {"shape": [2, 4], "axes": ["site", "patients"]}, "l2": 0.01}')
AXES = tuple(CONFIG["mesh"]["axes"])
SITE, PATIENTS = AXES


def site_partial_loglik(eta, event, risk_rank):
    """Breslow partial log-likelihood of one site; rows sorted by decreasing time within the site."""
    log_risk = jax.lax.cumlogsumexp(eta[risk_rank])
    local = jnp.sum(event * (eta - log_risk))
    return jax.lax.psum(local, PATIENTS)


def objective(X, event, risk_rank, beta):
    eta = X @ beta
    ll = site_partial_loglik(eta, event, risk_rank)
    total = jax.lax.psum(ll, AXES)
    return -total + CONFIG["l2"] * jnp.sum(beta ** 2)


def inputs():
    rng = np.random.default_rng(54)
    X = rng.normal(size=(64, 3)).astype(np.float32)
    event = (rng.uniform(size=(64,)) < 0.5).astype(np.float32)
    rank = np.tile(np.arange(8, dtype=np.int32), 8)
    beta = np.array([0.2, -0.1, 0.05], np.float32)
    return X, event, rank, beta


def main(X, event, rank, beta):
    mesh = jax.make_mesh(tuple(CONFIG["mesh"]["shape"]), AXES)
    rows = P(AXES)
    X = jax.device_put(X, NamedSharding(mesh, P(AXES, None)))
    event, rank = (jax.device_put(a, NamedSharding(mesh, rows)) for a in (event, rank))
    beta = jax.device_put(beta, NamedSharding(mesh, P()))
    return jax.shard_map(objective, mesh=mesh, in_specs=(P(AXES, None), rows, rows, P()),
                         out_specs=P())(X, event, rank, beta)


if __name__ == "__main__":
    print(main(*inputs()))
