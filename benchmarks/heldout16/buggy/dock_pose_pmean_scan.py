"""Docking pose refinement: a scan over rigid-body steps with poses shared by every replica."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

POSE_AXIS, ATOM_AXIS = "poses", "atoms"


def inputs():
    poses = np.linspace(-1, 1, 16 * 8, dtype=np.float32).reshape(16, 8)
    return (poses,)


def main(poses, n_steps=3):
    mesh = jax.make_mesh((4, 2), (POSE_AXIS, ATOM_AXIS))
    spec = P(POSE_AXIS, ATOM_AXIS)
    poses = jax.device_put(poses, NamedSharding(mesh, spec))

    def refine(p):
        consensus = jax.lax.all_gather(p, POSE_AXIS, axis=0, tiled=True, to="reduced")

        def step(carry, _):
            centre = jax.lax.pmean(carry, POSE_AXIS)
            return carry, centre.sum()

        _, trace = jax.lax.scan(step, consensus, None, length=n_steps)
        return trace

    fn = jax.shard_map(refine, mesh=mesh, in_specs=spec, out_specs=P(ATOM_AXIS))
    return fn(poses)
