"""Preconditioned CG setup: the Jacobi preconditioner built from the gathered diagonal."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

ROWS = "rows"

PRECONDITIONERS = {
    "identity": lambda d: jnp.ones_like(d),
    "jacobi": lambda d: 1.0 / d,
}


def local_diagonal(a_blk):
    i = jax.lax.axis_index(ROWS)
    rows = a_blk.shape[0]
    return jax.lax.dynamic_slice_in_dim(a_blk, i * rows, rows, axis=1).diagonal()


def main(mesh, a, kind="jacobi"):
    def body(a_blk):
        diag = jax.lax.all_gather(local_diagonal(a_blk), ROWS, tiled=True, to="reduced")
        m_inv = PRECONDITIONERS[kind](diag)
        return m_inv

    f = jax.shard_map(body, mesh=mesh, in_specs=P(ROWS, None), out_specs=P(None, reduced={ROWS}))
    return f(a)


def inputs():
    mesh = jax.make_mesh((8,), (ROWS,))
    a = 4.0 * jnp.eye(16) + 0.1
    return mesh, jax.device_put(a, NamedSharding(mesh, P(ROWS, None)))
