"""Batched inverse kinematics: column norms of the manipulator Jacobian for step-size scaling."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def planar_jacobian(q, link_lengths):
    angles = jnp.cumsum(q, axis=-1)
    dx = -link_lengths * jnp.sin(angles)
    dy = link_lengths * jnp.cos(angles)
    return jnp.stack([dx, dy], axis=1)


def column_norms(jac, pose_axis):
    sq = jax.lax.psum(jnp.sum(jac * jac, axis=(0, 1)), pose_axis)
    return jax.lax.all_gather(sq[None], pose_axis, axis=0, tiled=True, to="reduced")


def ik_precondition(q, link_lengths, *, pose_axis):
    jac = planar_jacobian(q, link_lengths)
    return column_norms(jac, pose_axis)


def inputs():
    rng = np.random.default_rng(30)
    return (rng.uniform(-1.0, 1.0, size=(16, 8)).astype(np.float32), np.full((16, 8), 0.3, np.float32))


def main(q, link_lengths):
    mesh = jax.make_mesh((2, 4), ("pose", "joint"))
    spec = P("pose", "joint")
    q, link_lengths = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (q, link_lengths))
    body = functools.partial(ik_precondition, pose_axis="pose")
    return jax.shard_map(body, mesh=mesh, in_specs=(spec, spec),
                         out_specs=P(None, "joint", reduced={"pose"}))(q, link_lengths)


if __name__ == "__main__":
    main(*inputs())
