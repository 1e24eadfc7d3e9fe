"""COO sparse x dense product; the partial row sums are gathered before they are added."""
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


def partial_spmm(mat, dense, *, num_rows):
    contrib = mat.vals[:, None] * dense[mat.cols]
    return jax.ops.segment_sum(contrib, mat.rows, num_segments=num_rows)


def stack_partials(y, *, axis_name="nnz"):
    return jax.lax.all_gather(y, axis_name, axis=0, to="reduced")


def inputs():
    rng = np.random.default_rng(114)
    return (rng.integers(0, 8, size=32).astype(np.int32), rng.integers(0, 16, size=32).astype(np.int32),
            rng.normal(size=32).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32))


def main(rows, cols, vals, dense):
    mesh = jax.make_mesh((4, 2), ("nnz", "feat"))
    nz = NamedSharding(mesh, P("nnz"))
    mat = COO(*(jax.device_put(a, nz) for a in (rows, cols, vals)))
    dense = jax.device_put(dense, NamedSharding(mesh, P(None, "feat")))
    product = functools.partial(partial_spmm, num_rows=8)

    def body(mat, dense):
        return stack_partials(product(mat, dense))

    coo_spec = COO(P("nnz"), P("nnz"), P("nnz"))
    return jax.shard_map(body, mesh=mesh, in_specs=(coo_spec, P(None, "feat")),
                         out_specs=P(None, None, "feat", reduced={"nnz"}))(mat, dense)


if __name__ == "__main__":
    main(*inputs())
