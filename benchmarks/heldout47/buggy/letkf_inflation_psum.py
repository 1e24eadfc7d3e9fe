"""Adaptive multiplicative inflation estimated from innovation statistics."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def ensemble_spread(xb, member_axis):
    anomalies = xb - jax.lax.pmean(xb.mean(axis=0), member_axis)
    return jax.lax.all_gather(anomalies, member_axis, axis=0, tiled=True, to="reduced")


def adaptive_inflation(xb, innovations, *, member_axis, region_axis, members, prior=1.05):
    spread = ensemble_spread(xb, member_axis)
    var_b = jax.lax.psum(jnp.sum(spread * spread, axis=0), member_axis) / (members - 1)
    d2 = jax.lax.pmean(jnp.mean(innovations ** 2, axis=0), member_axis)
    return jnp.maximum(d2 / var_b, prior)


def inputs():
    rng = np.random.default_rng(12)
    xb = rng.standard_normal((8, 16)).astype(np.float32)
    innovations = 1.3 * rng.standard_normal((8, 16)).astype(np.float32)
    return xb, innovations


def main(xb, innovations):
    mesh = jax.make_mesh((2, 4), ("member", "region"))
    spec = P("member", "region")
    xb = jax.device_put(xb, NamedSharding(mesh, spec))
    innovations = jax.device_put(innovations, NamedSharding(mesh, spec))
    estimate = functools.partial(adaptive_inflation, member_axis="member", region_axis="region", members=8)
    return jax.shard_map(estimate, mesh=mesh, in_specs=(spec, spec), out_specs=P("region"))(xb, innovations)


if __name__ == "__main__":
    main(*inputs())
