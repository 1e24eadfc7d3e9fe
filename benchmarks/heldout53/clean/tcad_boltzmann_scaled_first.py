"""Equilibrium carrier densities: potential scaled to thermal units before the depth gather."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

THERMAL_VOLTAGE = 0.02585


def boltzmann_factor(phi, *, depth_axis="depth", vt=THERMAL_VOLTAGE):
    scaled = phi / vt
    phi_col = jax.lax.all_gather(scaled, depth_axis, axis=1, tiled=True, to="reduced")
    return jnp.exp(phi_col)


def inputs():
    rng = np.random.default_rng(131)
    return (rng.uniform(-0.2, 0.2, (8, 16)).astype(np.float32),)


def main(phi):
    mesh = jax.make_mesh((2, 4), ("lateral", "depth"))
    phi = jax.device_put(phi, NamedSharding(mesh, P("lateral", "depth")))
    body = functools.partial(boltzmann_factor, depth_axis="depth")
    return jax.shard_map(body, mesh=mesh, in_specs=P("lateral", "depth"),
                         out_specs=P("lateral", None, reduced={"depth"}))(phi)


if __name__ == "__main__":
    main(*inputs())
