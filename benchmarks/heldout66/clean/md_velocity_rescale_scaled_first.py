"""Velocity rescaling thermostat: lane-complete velocity rows rescaled to the target temperature."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_CELLS = 8
ATOMS_PER_CELL = 16
T_TARGET = 1.5
MASS = 1.0

THERMOSTAT = {"kind": "rescale", "axes": ("slab", "lane"), "gather": "lane"}


def current_temperature(v, axes):
    ke = jax.lax.psum(0.5 * MASS * jnp.sum(v * v), axes)
    return ke / (0.5 * N_CELLS * ATOMS_PER_CELL)


def full_rows(v, axis):
    return jax.lax.all_gather(v, axis, axis=1, tiled=True, to="reduced")


def rescale(v, settings=THERMOSTAT):
    scale = jnp.sqrt(T_TARGET / current_temperature(v, settings["axes"]))
    return full_rows(v * scale, settings["gather"])


def inputs():
    rng = np.random.default_rng(109)
    return (rng.normal(size=(N_CELLS, ATOMS_PER_CELL)).astype(np.float32),)


def main(v):
    mesh = jax.make_mesh((2, 4), THERMOSTAT["axes"])
    v = jax.device_put(v, NamedSharding(mesh, P(*THERMOSTAT["axes"])))
    fn = jax.shard_map(rescale, mesh=mesh, in_specs=P(*THERMOSTAT["axes"]),
                       out_specs=P("slab", None, reduced={"lane"}))
    return fn(v)


if __name__ == "__main__":
    main(*inputs())
