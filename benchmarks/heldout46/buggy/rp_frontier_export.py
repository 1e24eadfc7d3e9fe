"""Mean-variance efficient frontier: weights for a grid of risk aversions, exported afterwards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

N_ASSETS, N_LAMBDAS = 8, 8
FRONTIER_SPEC = P(None, ("scen", "asset"))
EXPORT_SPEC = P(None, None, reduced={"scen", "asset"})


def frontier_weights(mu, cov_diag, lambdas):
    raw = mu[None, :] / (lambdas[:, None] * cov_diag[None, :])
    raw = jnp.maximum(raw, 0.0)
    return raw / raw.sum(axis=1, keepdims=True)


def export_frontier(weights):
    return top_level_all_gather(weights, EXPORT_SPEC)


def inputs():
    rng = np.random.default_rng(23)
    mu = rng.uniform(0.02, 0.1, N_ASSETS).astype(np.float32)
    var = rng.uniform(0.01, 0.09, N_ASSETS).astype(np.float32)
    lambdas = np.geomspace(1.0, 20.0, N_LAMBDAS).astype(np.float32)
    return mu, var, lambdas


def main(mu, var, lambdas):
    mesh = jax.make_mesh((2, 4), ("scen", "asset"))
    solve = jax.jit(frontier_weights, out_shardings=NamedSharding(mesh, FRONTIER_SPEC))
    with jax.set_mesh(mesh):
        weights = solve(jnp.asarray(mu), jnp.asarray(var), jnp.asarray(lambdas))
        jax.block_until_ready(weights)
    exported = export_frontier(weights)
    return exported


if __name__ == "__main__":
    main(*inputs())
