"""Leakage fraction of the slab: escaped histories over all started, summed on every rank."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = tuple(os.environ.get("NMC_MESH_AXES", "hist,group").split(","))
HISTORY_AXIS = os.environ.get("NMC_HISTORY_AXIS", MESH_AXES[0])
SLAB_WIDTH = 4.0


def escaped(x_final):
    return ((x_final < 0.0) | (x_final > SLAB_WIDTH)).astype(jnp.float32)


def leakage(x_final):
    counts = jnp.stack([escaped(x_final).sum(), jnp.float32(x_final.size)])
    totals = jax.lax.psum(counts, axis_name=MESH_AXES)
    return totals[0] / totals[1]


def main(x_final):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    x_final = jax.device_put(x_final, NamedSharding(mesh, P(HISTORY_AXIS)))
    f = jax.shard_map(leakage, mesh=mesh, in_specs=P(HISTORY_AXIS), out_specs=P())
    return jax.jit(f)(x_final)


def inputs():
    rng = np.random.default_rng(32)
    return (rng.normal(2.0, 2.0, (256,)).astype(np.float32),)
