"""Spread-skill ratio of an ensemble, averaged over the verification period."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REDUCE_AXES = tuple(os.environ.get("WB_REDUCE_AXES", "time,lat").split(","))


def spread_skill(ens_mean, ens_var, truth, lat_axis="lat"):
    skill = jax.lax.psum(jnp.sum((ens_mean - truth) ** 2, axis=-1), lat_axis)
    spread = jax.lax.psum(jnp.sum(ens_var, axis=-1), lat_axis)
    ratio = jnp.sqrt(spread / skill)
    return jax.lax.pmean(ratio, REDUCE_AXES)


def inputs():
    rng = np.random.default_rng(23)
    truth = rng.standard_normal((4, 16)).astype(np.float32)
    ens_mean = truth + 0.3 * rng.standard_normal((4, 16)).astype(np.float32)
    ens_var = np.full((4, 16), 0.09, np.float32)
    return ens_mean, ens_var, truth


def main(ens_mean, ens_var, truth):
    mesh = jax.make_mesh((2, 4), ("time", "lat"))
    spec = P("time", "lat")
    args = [jax.device_put(a, NamedSharding(mesh, spec)) for a in (ens_mean, ens_var, truth)]
    return jax.shard_map(spread_skill, mesh=mesh, in_specs=(spec,) * 3, out_specs=P())(*args)


if __name__ == "__main__":
    main(*inputs())
