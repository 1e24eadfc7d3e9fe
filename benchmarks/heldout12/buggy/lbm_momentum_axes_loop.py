"""LBM diagnostics: momentum per column strip, then a total over every mesh axis of size > 1."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

CX = jnp.array([0, 1, 0, -1, 0, 1, -1, -1, 1], jnp.float32)


def strip_momentum(f_blk, row_axis):
    mx = jnp.sum(f_blk * CX, axis=(0, 2))
    return jax.lax.psum(mx, row_axis)


def main(mesh, f):
    axes = []
    for name in mesh.axis_names:
        if mesh.shape[name] > 1:
            axes.append(name)

    def body(f_blk):
        col_momentum = strip_momentum(f_blk, axes[0])
        total = jax.lax.psum(jnp.sum(col_momentum), tuple(axes))
        return col_momentum, total

    g = jax.shard_map(body, mesh=mesh, in_specs=P(*mesh.axis_names, None),
                      out_specs=(P(mesh.axis_names[1]), P()))
    return g(f)


def inputs():
    mesh = jax.make_mesh((2, 4), ("lx", "ly"))
    f = jax.random.uniform(jax.random.key(21), (8, 16, 9))
    return mesh, jax.device_put(f, NamedSharding(mesh, P("lx", "ly", None)))
