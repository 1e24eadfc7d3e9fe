"""Docking scorer run from a batch job: mesh axes come from the scheduler's environment."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

POSE_AXIS = os.environ.get("DOCK_POSE_AXIS", "poses")
ATOM_AXIS = os.environ.get("DOCK_ATOM_AXIS", "atoms")
MESH_AXES = (POSE_AXIS, ATOM_AXIS)


def inputs():
    coords = np.linspace(-4, 4, 16 * 8, dtype=np.float32).reshape(16, 8)
    return (coords,)


def vina_like_score(d):
    gauss = jnp.exp(-(d / 0.5) ** 2)
    repulsion = jnp.where(d < 0, d * d, 0.0)
    return gauss - repulsion


def main(coords):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    coords = jax.device_put(coords, NamedSharding(mesh, P(*MESH_AXES)))

    def batch_score(c):
        per_atom = vina_like_score(c)
        per_pose = jax.lax.pmean(per_atom.mean(axis=1), ATOM_AXIS)
        return jax.lax.pmean(per_pose.mean(), MESH_AXES)

    fn = jax.shard_map(batch_score, mesh=mesh, in_specs=P(*MESH_AXES), out_specs=P())
    return fn(coords)
