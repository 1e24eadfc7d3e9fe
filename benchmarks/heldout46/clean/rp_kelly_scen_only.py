"""Fractional-Kelly growth rate of a portfolio over sharded return scenarios."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_ASSETS, N_SCEN = 8, 64


def growth_rate(w, r, *, axes, fraction=0.5):
    asset_axis, scen_axis = axes
    port = jax.lax.psum(jnp.sum(fraction * w[:, None] * r, axis=0), asset_axis)
    log_growth = jnp.log1p(port)
    return jax.lax.pmean(log_growth.mean(), scen_axis)


def make_objective(mesh, fraction):
    return functools.partial(growth_rate, axes=tuple(mesh.axis_names), fraction=fraction)


def inputs():
    rng = np.random.default_rng(24)
    r = rng.normal(0.01, 0.05, (N_ASSETS, N_SCEN)).astype(np.float32)
    return r, np.full(N_ASSETS, 1.0 / N_ASSETS, np.float32)


def main(r, w):
    mesh = jax.make_mesh((4, 2), ("asset", "scen"))
    r = jax.device_put(r, NamedSharding(mesh, P("asset", "scen")))
    w = jax.device_put(w, NamedSharding(mesh, P("asset")))
    g = jax.shard_map(make_objective(mesh, 0.5), mesh=mesh, in_specs=(P("asset"), P("asset", "scen")),
                      out_specs=P())(w, r)
    return g


if __name__ == "__main__":
    main(*inputs())
