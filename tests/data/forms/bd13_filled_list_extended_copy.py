import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def grad_norm(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    batch_axes = []
    for name in mesh.axis_names:
        if name.startswith("d"):
            batch_axes.append(name)
    reduce_axes = []
    reduce_axes.extend(batch_axes)
    reduce_axes += ["model"]

    def body(g):
        sq = jax.lax.psum(jnp.sum(g * g), "model")
        return jnp.sqrt(jax.lax.psum(sq, tuple(reduce_axes)))  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P())(x)
