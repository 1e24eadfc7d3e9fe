"""Collision filter for grasp candidates: the scene's occupancy shared, best free grasp per scene."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

SCENE, GRASP = "scene", "grasp"


def occupancy(voxels):
    return jax.lax.all_gather(voxels, GRASP, tiled=True, to="reduced")


def free_score(voxels, finger_w):
    occ = occupancy(voxels)
    column_peak = jnp.max(occ, axis=0)
    clutter = jax.lax.pmax(occ.sum(), GRASP)
    return (finger_w * column_peak).sum(axis=-1) - clutter


def inputs():
    mesh = jax.make_mesh((2, 4), (SCENE, GRASP))
    vox = (jnp.arange(16 * 8).reshape(16, 8) % 3 == 0).astype(jnp.float32)
    finger_w = jnp.linspace(0.0, 1.0, 8 * 8, dtype=jnp.float32).reshape(8, 8)
    return (mesh, jax.device_put(vox, NamedSharding(mesh, P(GRASP, None))),
            jax.device_put(finger_w, NamedSharding(mesh, P((SCENE, GRASP), None))))


def main(mesh, vox, finger_w):
    return jax.shard_map(free_score, mesh=mesh, in_specs=(P(GRASP, None), P((SCENE, GRASP), None)),
                         out_specs=P((SCENE, GRASP)))(vox, finger_w)
