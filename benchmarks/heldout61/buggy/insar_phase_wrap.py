"""Rewraps the modelled deformation phase to compare it with the wrapped interferograms."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

RANGE = "range"
WAVELENGTH = 0.0555


def los_phase(displacement):
    return -4.0 * jnp.pi / WAVELENGTH * displacement


def rewrap(displacement):
    swath = jax.lax.all_gather(los_phase(displacement), RANGE, axis=1, tiled=True, to="reduced")
    wrapped = jnp.mod(swath + jnp.pi, 2.0 * jnp.pi) - jnp.pi
    return jnp.abs(wrapped).max(axis=1)


def inputs():
    rng = np.random.default_rng(65)
    return (rng.normal(scale=0.01, size=(16, 32)).astype(np.float32),)


def main(displacement):
    mesh = jax.make_mesh((4, 2), ("azimuth", RANGE))
    displacement = jax.device_put(displacement, NamedSharding(mesh, P("azimuth", RANGE)))
    fn = jax.shard_map(rewrap, mesh=mesh, in_specs=P("azimuth", RANGE), out_specs=P("azimuth"))
    return fn(displacement)


if __name__ == "__main__":
    main(*inputs())
