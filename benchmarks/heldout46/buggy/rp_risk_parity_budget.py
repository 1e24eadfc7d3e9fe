"""Equal-risk-contribution weights by multiplicative fixed-point updates over return scenarios."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_ASSETS, N_SCEN, N_ITERS = 8, 64, 6


def portfolio_returns(w, r, asset_axis):
    return jax.lax.psum(jnp.sum(w[:, None] * r, axis=0), asset_axis)


def risk_contributions(w, r, axes):
    asset_axis, scen_axis = axes
    port = portfolio_returns(w, r, asset_axis)
    cov_with_port = jax.lax.psum(jnp.sum(r * port[None, :], axis=1), scen_axis) / N_SCEN
    return w * cov_with_port


def parity_step(w, r, axes, budget):
    rc = risk_contributions(w, r, axes)
    w = w * jnp.sqrt(budget / jnp.maximum(rc, 1e-8))
    return w / jax.lax.psum(w.sum(), axes[0])


def solve(r, w0, *, axes, iters=N_ITERS):
    step = functools.partial(parity_step, axes=axes, budget=1.0 / N_ASSETS)
    w = w0
    for _ in range(iters):
        w = step(w, r)
    rc = risk_contributions(w, r, axes)
    return w, jax.lax.all_gather(rc, axes[1], to="reduced")


def inputs():
    rng = np.random.default_rng(20)
    vols = np.linspace(0.1, 0.4, N_ASSETS, dtype=np.float32)
    r = rng.standard_normal((N_ASSETS, N_SCEN)).astype(np.float32) * vols[:, None]
    return r, np.full(N_ASSETS, 1.0 / N_ASSETS, np.float32)


def main(r, w0):
    axes = ("asset", "scen")
    mesh = jax.make_mesh((4, 2), axes)
    r = jax.device_put(r, NamedSharding(mesh, P("asset", "scen")))
    w0 = jax.device_put(w0, NamedSharding(mesh, P("asset")))
    body = functools.partial(solve, axes=axes)
    w, rc = jax.shard_map(body, mesh=mesh, in_specs=(P("asset", "scen"), P("asset")),
                          out_specs=(P("asset"), P(None, "asset", reduced={"scen"})))(r, w0)
    return w, rc


if __name__ == "__main__":
    main(*inputs())
