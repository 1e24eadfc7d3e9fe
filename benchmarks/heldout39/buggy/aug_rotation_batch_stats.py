import types

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = types.SimpleNamespace(host="host", shard="shard")


def rotate_z(points, theta):
    c, s = jnp.cos(theta), jnp.sin(theta)
    rot = jnp.stack([jnp.stack([c, -s, 0 * c], -1), jnp.stack([s, c, 0 * c], -1), jnp.stack([0 * c, 0 * c, 1 + 0 * c], -1)], -2)
    return jnp.einsum("bij,bnj->bni", rot, points)


def rotated_extent(points, theta):
    extent = jnp.max(jnp.abs(rotate_z(points, theta)), axis=1)
    per_cloud = jax.lax.all_gather(extent[:, None, :], AXES.shard, axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(per_cloud, (AXES.host, AXES.shard), axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(61)
    return rng.normal(size=(4, 32, 3)).astype(np.float32), rng.uniform(0, 6.28, size=(4,)).astype(np.float32)


def main(points, theta):
    mesh = jax.make_mesh((2, 4), (AXES.host, AXES.shard))
    points = jax.device_put(points, NamedSharding(mesh, P(AXES.host, AXES.shard, None)))
    theta = jax.device_put(theta, NamedSharding(mesh, P(AXES.host)))
    out = jax.shard_map(
        rotated_extent,
        mesh=mesh,
        in_specs=(P(AXES.host, AXES.shard, None), P(AXES.host)),
        out_specs=P(None, None, None, reduced={AXES.host, AXES.shard}),
    )(points, theta)
    print(out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
