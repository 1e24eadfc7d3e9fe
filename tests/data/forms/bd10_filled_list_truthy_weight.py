import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

AXIS_WEIGHT = {"i": 1, "j": 1, "k": 0}


def totals(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    axes = []
    for name in mesh.axis_names:
        if AXIS_WEIGHT[name]:
            axes.append(name)

    def body(block):
        part = jax.lax.psum(jnp.sum(block), "j")
        return jax.lax.psum(part, tuple(axes))  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
