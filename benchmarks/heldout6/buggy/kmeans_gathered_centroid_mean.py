"""k-means++ style seeding diagnostics: centroids sharded over 'k', their global centre."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("k",))
K_AXIS = mesh.axis_names[0]


def centre(centroids):
    every = jax.lax.all_gather(centroids, K_AXIS, tiled=True, to="reduced")
    spread = jnp.sum(every ** 2)
    middle = jnp.mean(every, axis=0)
    return spread, middle


def inputs():
    c = jax.random.normal(jax.random.key(25), (16, 3))
    return (jax.device_put(c, NamedSharding(mesh, P(K_AXIS))),)


def main(c):
    f = jax.shard_map(centre, mesh=mesh, in_specs=P(K_AXIS), out_specs=(P(), P(reduced={K_AXIS})))
    return f(c)
