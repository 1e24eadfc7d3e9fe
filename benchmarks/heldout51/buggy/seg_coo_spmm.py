"""COO sparse x dense product with the nonzeros split across devices (segment_sum kernel)."""
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class COO(NamedTuple):
    rows: jax.Array
    cols: jax.Array
    vals: jax.Array


def spmm(mat, dense, *, num_rows, axis_name="nnz"):
    contrib = mat.vals[:, None] * dense[mat.cols]
    partial_rows = jax.ops.segment_sum(contrib, mat.rows, num_segments=num_rows)
    return jax.lax.psum(partial_rows, axis_name)


def replicate_rows(y, *, axis_name="nnz"):
    return jax.lax.all_gather(y, axis_name, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(50)
    rows = rng.integers(0, 8, size=32).astype(np.int32)
    cols = rng.integers(0, 16, size=32).astype(np.int32)
    vals = rng.normal(size=32).astype(np.float32)
    dense = rng.normal(size=(16, 8)).astype(np.float32)
    return rows, cols, vals, dense


def main(rows, cols, vals, dense):
    mesh = jax.make_mesh((4, 2), ("nnz", "feat"))
    nz = NamedSharding(mesh, P("nnz"))
    mat = COO(*(jax.device_put(a, nz) for a in (rows, cols, vals)))
    dense = jax.device_put(dense, NamedSharding(mesh, P(None, "feat")))
    product = functools.partial(spmm, num_rows=8)

    def body(mat, dense):
        return replicate_rows(product(mat, dense))

    coo_spec = COO(P("nnz"), P("nnz"), P("nnz"))
    return jax.shard_map(body, mesh=mesh, in_specs=(coo_spec, P(None, "feat")),
                         out_specs=P(None, "feat", reduced={"nnz"}))(mat, dense)


if __name__ == "__main__":
    main(*inputs())
