"""Geometric topological charge of 2D U(1) configurations, per time slice."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NT, NX = 16, 16
TWO_PI = 2.0 * np.pi

SETTINGS = {"mesh_shape": (2, 4), "axes": ("t", "x"), "charge_axis": "x"}


def plaquette_angle(theta):
    t_link, x_link = theta[0], theta[1]
    return t_link + jnp.roll(x_link, -1, axis=0) - jnp.roll(t_link, -1, axis=1) - x_link


def gather_rows(p, settings=SETTINGS):
    return jax.lax.all_gather(p, settings["charge_axis"], axis=1, tiled=True, to="reduced")


def topological_charge(theta):
    p = plaquette_angle(theta)
    wrapped = gather_rows((jnp.remainder(p + np.pi, TWO_PI) - np.pi) / TWO_PI)
    return wrapped.sum(axis=1)


def inputs():
    rng = np.random.default_rng(53)
    return (rng.uniform(-np.pi, np.pi, size=(2, NT, NX)).astype(np.float32),)


def main(theta):
    mesh = jax.make_mesh(SETTINGS["mesh_shape"], SETTINGS["axes"])
    t_axis, x_axis = SETTINGS["axes"]
    spec = P(None, t_axis, x_axis)
    theta = jax.device_put(theta, NamedSharding(mesh, spec))
    fn = jax.shard_map(topological_charge, mesh=mesh, in_specs=spec, out_specs=P(t_axis, reduced={x_axis}))
    return fn(theta)


if __name__ == "__main__":
    main(*inputs())
