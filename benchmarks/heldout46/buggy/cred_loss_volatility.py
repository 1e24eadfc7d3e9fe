"""Portfolio loss volatility: obligor losses summed per scenario, moments over all shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_OBLIGORS, N_SIMS = 16, 64
SETTINGS = {"axes": {"book": "sector", "scenarios": "sim"}, "rho": 0.2, "pd_cut": -1.8}


def portfolio_losses(z, eps, ead, settings=SETTINGS):
    rho = settings["rho"]
    latent = jnp.sqrt(rho) * z[None, :] + jnp.sqrt(1.0 - rho) * eps
    local = jnp.sum(ead[:, None] * (latent < settings["pd_cut"]), axis=0)
    return jax.lax.psum(local, settings["axes"]["book"])


def loss_moments(z, eps, ead, settings=SETTINGS):
    axes = tuple(settings["axes"].values())
    loss = portfolio_losses(z, eps, ead, settings)
    first = jax.lax.pmean(loss.mean(), axes)
    second = jax.lax.pmean((loss * loss).mean(), axes)
    return jnp.sqrt(second - first * first)


def inputs():
    rng = np.random.default_rng(14)
    return (rng.standard_normal(N_SIMS).astype(np.float32),
            rng.standard_normal((N_OBLIGORS, N_SIMS)).astype(np.float32),
            rng.uniform(1.0, 4.0, N_OBLIGORS).astype(np.float32))


def main(z, eps, ead):
    book, scen = SETTINGS["axes"]["book"], SETTINGS["axes"]["scenarios"]
    mesh = jax.make_mesh((2, 4), (book, scen))
    z = jax.device_put(z, NamedSharding(mesh, P(scen)))
    eps = jax.device_put(eps, NamedSharding(mesh, P(book, scen)))
    ead = jax.device_put(ead, NamedSharding(mesh, P(book)))
    vol = jax.shard_map(loss_moments, mesh=mesh, in_specs=(P(scen), P(book, scen), P(book)),
                        out_specs=P())(z, eps, ead)
    return vol


if __name__ == "__main__":
    main(*inputs())
