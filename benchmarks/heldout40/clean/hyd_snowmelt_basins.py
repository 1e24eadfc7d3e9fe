"""Degree-day snowmelt with the coldest ensemble temperature as the melt trigger."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DDF = 3.5
T_MELT = 0.0


def ensemble_floor(temps, axis):
    return jax.lax.pmin(temps, axis)


def snowmelt(temp, swe, *, ens_axis):
    members = jax.lax.all_gather(temp, ens_axis, axis=1, tiled=True, to="reduced")
    coldest = ensemble_floor(members, "basin")
    melt = jnp.minimum(swe, DDF * jnp.maximum(jnp.min(coldest, axis=1, keepdims=True) - T_MELT, 0.0))
    return swe - melt


def inputs():
    rng = np.random.default_rng(62)
    return (rng.normal(1.0, 3.0, size=(16, 8)).astype(np.float32),
            rng.uniform(0.0, 50.0, size=(16, 8)).astype(np.float32))


def main(temp, swe):
    mesh = jax.make_mesh((4, 2), ("basin", "ens"))
    spec = P("basin", "ens")
    temp, swe = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (temp, swe))
    body = functools.partial(snowmelt, ens_axis="ens")
    return jax.shard_map(body, mesh=mesh, in_specs=(spec, spec), out_specs=spec)(temp, swe)


if __name__ == "__main__":
    main(*inputs())
