"""Behaviour-cloning MSE summed over demonstrations and joints (loss shards all-reduced)."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def bc_loss(pred, target, *, demo_axis, joint_axis):
    per_joint = jnp.mean((pred - target) ** 2, axis=0)
    per_demo_shard = jax.lax.psum(per_joint.sum(), joint_axis)
    return jax.lax.psum(per_demo_shard, axis_name=(demo_axis, joint_axis))


def inputs():
    rng = np.random.default_rng(22)
    t = rng.normal(size=(128, 8)).astype(np.float32)
    return (t + 0.05, t)


def main(pred, target):
    mesh = jax.make_mesh((2, 4), ("demo", "joint"))
    spec = P("demo", "joint")
    pred, target = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (pred, target))
    loss = functools.partial(bc_loss, demo_axis="demo", joint_axis="joint")
    return jax.shard_map(loss, mesh=mesh, in_specs=(spec, spec), out_specs=P())(pred, target)


if __name__ == "__main__":
    main(*inputs())
