"""JAX-MD-like neighbour list: particles sharded over ('cell', 'sub')."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

BOX = 10.0
CUTOFF = 2.5


def make_mesh():
    return jax.make_mesh((4, 2), ("cell", "sub"))


mesh = make_mesh()
CELL, SUB = mesh.axis_names


def displacement(ra, rb):
    d = ra[:, None, :] - rb[None, :, :]
    return d - BOX * jnp.round(d / BOX)


def gather_positions(r, axes):
    for i in range(len(axes)):
        r = jax.lax.all_gather(r, axes[-1 - i:], tiled=True, to="reduced")
    return r


def neighbour_counts(r):
    everyone = gather_positions(r, (CELL, SUB))
    return r, everyone


def inputs():
    r = jax.random.uniform(jax.random.key(6), (32, 3)) * BOX
    return (jax.device_put(r, NamedSharding(mesh, P((CELL, SUB)))),)


def main(r):
    f = jax.shard_map(neighbour_counts, mesh=mesh, in_specs=P((CELL, SUB)),
                      out_specs=(P((CELL, SUB)), P(reduced={CELL, SUB})))
    return f(r)
