"""Block-sparse matrix-vector product (BSR-like blocks); block values over (brow, bcol)."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def gather_rows(blocks, axes):
    return jax.lax.all_gather(blocks, axes[0], axis=0, tiled=True, to="reduced")


def gather_all(blocks, axes):
    return jax.lax.all_gather(blocks, axes, axis=1, tiled=True, to="reduced")


def spmv(values, mask, x_blk):
    return jnp.einsum("ij,ij,j->i", values, mask, x_blk)


def main(mesh, values, mask, x):
    axes = mesh.axis_names

    def body(values, mask, x_blk):
        y_part = spmv(values, mask, x_blk)
        y = jax.lax.psum(y_part, axes[1])
        col_panel = gather_rows(values, axes)
        dense = gather_all(col_panel, axes)
        return y, dense

    f = jax.shard_map(body, mesh=mesh, in_specs=(P(*axes), P(*axes), P(axes[1])),
                      out_specs=(P(axes[0]), P(None, None, reduced=set(axes))))
    return f(values, mask, x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("brow", "bcol"))
    values = jax.random.normal(jax.random.key(8), (8, 16))
    mask = (jax.random.uniform(jax.random.key(9), (8, 16)) > 0.5).astype(jnp.float32)
    x = jnp.arange(16.0)
    return (mesh, jax.device_put(values, NamedSharding(mesh, P("brow", "bcol"))),
            jax.device_put(mask, NamedSharding(mesh, P("brow", "bcol"))),
            jax.device_put(x, NamedSharding(mesh, P("bcol"))))
