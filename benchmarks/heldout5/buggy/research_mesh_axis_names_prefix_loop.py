"""Plain research code: gather an embedding table one mesh axis at a time (growing prefix)."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def progressive_gather(table, axes):
    out = []
    for i in range(len(axes)):
        prefix = tuple(axes[: i + 1])
        table = jax.lax.all_gather(table, prefix, axis=0, tiled=True, to="reduced")
        out.append(table.shape[0])
    return table


def inputs():
    mesh = jax.make_mesh((2, 2, 2), ("x", "y", "z"))
    table = jax.random.normal(jax.random.key(14), (16, 4))
    return mesh, jax.device_put(table, NamedSharding(mesh, P(("x", "y", "z"))))


def main(mesh, table):
    axes = mesh.axis_names
    f = jax.shard_map(lambda t: progressive_gather(t, axes), mesh=mesh,
                      in_specs=P(tuple(axes)), out_specs=P(reduced=set(axes)))
    return f(table)
