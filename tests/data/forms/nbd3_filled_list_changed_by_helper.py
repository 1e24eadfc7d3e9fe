import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def drop_outer(axes):
    del axes[0]


def totals(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    axes = []
    for name in mesh.axis_names:
        axes.append(name)
    drop_outer(axes)

    def body(block):
        part = jax.lax.psum(jnp.sum(block), "j")
        return jax.lax.pmean(part, tuple(axes))[None]  # only 'j' is left

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i"))(x)
