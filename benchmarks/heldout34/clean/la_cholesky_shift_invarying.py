"""Shifted Cholesky of the Gram matrix (CholeskyQR2), the Gram matrix gathered from all row blocks."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ROW = "row"
SHIFT = 1e-3


def gram_blocks(a_rows):
    return (a_rows.T @ a_rows)[None]


def shifted_cholesky(a_rows, axis=ROW):
    blocks = jax.lax.all_gather(gram_blocks(a_rows), axis, to="invarying", tiled=True)
    g = blocks.sum(axis=0)
    n = g.shape[0]
    return jnp.linalg.cholesky(g + SHIFT * jnp.eye(n))


def main(a):
    mesh = jax.make_mesh((2, 4), (ROW, "col"))
    a = jax.device_put(a, NamedSharding(mesh, P(ROW, None)))
    f = jax.shard_map(shifted_cholesky, mesh=mesh, in_specs=P(ROW, None),
                      out_specs=P(None, None))
    return jax.jit(f)(a)


def inputs():
    rng = np.random.default_rng(65)
    return (rng.standard_normal((32, 6)).astype(np.float32),)
