import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- _misc.py ----------------------------------------------------------------
ROWS, COLS = "rows", "cols"


def device_mesh():
    return jax.make_mesh((4, 2), (ROWS, COLS))


# ---- _operator.py ------------------------------------------------------------
class MatrixLinearOperator:
    def __init__(self, matrix, *, col_axis=COLS, row_axis=ROWS):
        self.matrix = matrix
        self.col_axis = col_axis
        self.row_axis = row_axis

    def mv(self, vector):
        partial = self.matrix @ vector
        summed = jax.lax.psum(partial, self.col_axis)
        return jax.lax.psum(summed, (self.row_axis, self.col_axis))


def inputs():
    return (np.eye(8, dtype=np.float32) * 2.0, np.ones((8, 1), np.float32))


def main(matrix, vector):
    mesh = device_mesh()

    def body(m, v):
        return MatrixLinearOperator(m).mv(v)

    f = jax.shard_map(body, mesh=mesh, in_specs=(P(ROWS, COLS), P(COLS, None)), out_specs=P())
    m = jax.device_put(jnp.asarray(matrix), NamedSharding(mesh, P(ROWS, COLS)))
    v = jax.device_put(jnp.asarray(vector), NamedSharding(mesh, P(COLS, None)))
    print(jax.jit(f)(m, v).shape)


if __name__ == "__main__":
    main(*inputs())
