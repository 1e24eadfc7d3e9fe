"""k-means inertia reported from a 2-D mesh; points over 'data', features replicated."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "replica"))


def inertia(points, centroids):
    d = jnp.sum((points[:, None] - centroids[None]) ** 2, axis=-1)
    best = jnp.min(d, axis=1)
    return jax.lax.psum(jnp.sum(best), mesh.axis_names)


def inputs():
    pts = jax.random.normal(jax.random.key(13), (32, 2))
    return (jax.device_put(pts, NamedSharding(mesh, P("data"))),
            jax.device_put(pts[:4], NamedSharding(mesh, P())))


def main(points, centroids):
    return jax.shard_map(inertia, mesh=mesh, in_specs=(P("data"), P()), out_specs=P())(points, centroids)
