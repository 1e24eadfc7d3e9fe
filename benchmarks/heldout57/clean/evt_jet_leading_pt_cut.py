"""Jet selection: transverse momenta of all calorimeter layers, then a pT threshold."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CUTS = {"pt_min": 25.0, "eta_max": 2.5}
MESH_SHAPE = {"events": 2, "layer": 4}


def transverse_momentum(px, py):
    return jnp.sqrt(px * px + py * py)


def select(px, py, cuts=CUTS):
    pt = jax.lax.all_gather(transverse_momentum(px, py), "layer", axis=1, tiled=True, to="reduced")
    passed = pt.max(axis=1) > cuts["pt_min"]
    return passed


def inputs():
    rng = np.random.default_rng(25)
    return tuple(rng.normal(0.0, 30.0, (32, 16)).astype(np.float32) for _ in range(2))


def main(px, py):
    mesh = jax.make_mesh(tuple(MESH_SHAPE.values()), tuple(MESH_SHAPE))
    s = NamedSharding(mesh, P("events", "layer"))
    f = jax.shard_map(select, mesh=mesh, in_specs=(P("events", "layer"),) * 2, out_specs=P("events"))
    return f(jax.device_put(px, s), jax.device_put(py, s))


if __name__ == "__main__":
    main(*inputs())
