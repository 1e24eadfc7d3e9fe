"""LBM momentum: summed over each axis of size > 1 in turn, one psum per axis."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

CX = jnp.array([0, 1, 0, -1, 0, 1, -1, -1, 1], jnp.float32)


def main(mesh, f):
    axes = [name for name in mesh.axis_names if mesh.shape[name] > 1]

    def body(f_blk):
        total = jnp.sum(f_blk * CX)
        for axis in axes:
            total = jax.lax.psum(total, axis)
        return total

    return jax.shard_map(body, mesh=mesh, in_specs=P(*mesh.axis_names, None), out_specs=P())(f)


def inputs():
    mesh = jax.make_mesh((2, 4), ("lx", "ly"))
    f = jax.random.uniform(jax.random.key(21), (8, 16, 9))
    return mesh, jax.device_put(f, NamedSharding(mesh, P("lx", "ly", None)))
