"""k-means diagnostics: the largest centroid norm of a reduced gather compared with a threshold."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("k",))


def diagnose(c):
    every = jax.lax.all_gather(c, "k", tiled=True, to="reduced")
    norms = jnp.sum(every * every, axis=-1)
    biggest = jnp.max(norms)
    return every, biggest > 4.0


def inputs():
    c = jax.random.normal(jax.random.key(3), (16, 3))
    return (jax.device_put(c, NamedSharding(mesh, P("k"))),)


def main(c):
    f = jax.shard_map(diagnose, mesh=mesh, in_specs=P("k"), out_specs=(P(reduced={"k"}), P()))
    return f(c)
