"""Gauss quadrature: component values at the quadrature points assembled for the error norm."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GAUSS_POINTS = np.array([-0.5773502692, 0.5773502692], dtype=np.float32)
GAUSS_WEIGHTS = np.array([1.0, 1.0], dtype=np.float32)
MESH_AXES = {"elements": "elem", "components": "comp"}


def at_quadrature(u):
    left, right = u[:, :1], u[:, 1:2]
    return [0.5 * (1 - xi) * left + 0.5 * (1 + xi) * right for xi in GAUSS_POINTS]


def quadrature_table(u):
    vals = sum(w * q for w, q in zip(GAUSS_WEIGHTS, at_quadrature(u)))
    comps = jax.lax.all_gather(vals, MESH_AXES["components"], axis=1, to="reduced", tiled=True)
    axes = (MESH_AXES["elements"], MESH_AXES["components"])
    return jax.lax.all_gather(comps, axes, to="reduced", tiled=True)


def main(u):
    mesh = jax.make_mesh((4, 2), tuple(MESH_AXES.values()))
    u = jax.device_put(u, NamedSharding(mesh, P("elem", "comp")))
    f = jax.shard_map(quadrature_table, mesh=mesh, in_specs=P("elem", "comp"),
                      out_specs=P(None, None, reduced={"elem", "comp"}))
    return jax.jit(f)(u)


def inputs():
    rng = np.random.default_rng(44)
    return (rng.standard_normal((32, 4)).astype(np.float32),)
