"""Pick the IK seed with the lowest end-effector error across the pose shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def fk_error(q, target):
    angles = jnp.cumsum(q, axis=-1)
    ee = jnp.stack([jnp.cos(angles).sum(-1), jnp.sin(angles).sum(-1)], axis=-1)
    return jnp.linalg.norm(ee - target, axis=-1)


def best_error(q, target, seed_axis="pose"):
    err = fk_error(q, target)
    pooled = jax.lax.all_gather(err, seed_axis, axis=0, tiled=True, to="reduced")
    return jax.lax.pmin(pooled, seed_axis)


def inputs():
    rng = np.random.default_rng(31)
    return (rng.uniform(-1, 1, size=(16, 8)).astype(np.float32),
            np.tile(np.array([[2.0, 1.0]], np.float32), (16, 1)))


def main(q, target):
    mesh = jax.make_mesh((2, 4), ("pose", "joint"))
    q = jax.device_put(q, NamedSharding(mesh, P("pose", None)))
    target = jax.device_put(target, NamedSharding(mesh, P("pose", None)))
    return jax.shard_map(best_error, mesh=mesh, in_specs=(P("pose", None), P("pose", None)),
                         out_specs=P())(q, target)


if __name__ == "__main__":
    main(*inputs())
