"""Mini-batch k-means where each device owns a slice of the centroids (over 'k')."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "k"))
AXIS_OF = {"points": "data", "centroids": "k"}


def all_centroids(c):
    return jax.lax.all_gather(c, AXIS_OF["centroids"], tiled=True, to="reduced")


def inertia(points, centroids):
    c = jax.lax.all_gather(centroids, AXIS_OF["centroids"], tiled=True, to="invarying")
    d = jnp.min(jnp.sum((points[:, None] - c[None]) ** 2, -1), axis=1)
    logged = all_centroids(centroids)
    spread = jax.lax.psum(jnp.sum(logged, axis=0), AXIS_OF["centroids"])
    return jax.lax.psum(jnp.sum(d), AXIS_OF["points"]), spread


def inputs():
    pts = jax.random.normal(jax.random.key(9), (32, 2))
    return (jax.device_put(pts, NamedSharding(mesh, P("data"))),
            jax.device_put(pts[:8], NamedSharding(mesh, P("k"))))


def main(points, centroids):
    f = jax.shard_map(inertia, mesh=mesh, in_specs=(P("data"), P("k")),
                      out_specs=(P(), P()))
    return f(points, centroids)
