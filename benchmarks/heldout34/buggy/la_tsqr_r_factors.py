"""TSQR: local QR of each row block, the R factors stacked for the reduction tree."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class TSQR:
    def __init__(self, row_axis="row", col_axis="col"):
        self.row_axis = row_axis
        self.col_axis = col_axis

    def local_r(self, block):
        return jnp.linalg.qr(block, mode="r")

    def stacked(self, block):
        r = self.local_r(block)
        return jax.lax.all_gather(r, self.row_axis, to="reduced", tiled=True)

    def __call__(self, block):
        rs = self.stacked(block)
        return jax.lax.all_gather(rs, (self.row_axis, self.col_axis), axis=1,
                                  to="reduced", tiled=True)


def main(a):
    tsqr = TSQR()
    mesh = jax.make_mesh((2, 4), ("row", "col"))
    a = jax.device_put(a, NamedSharding(mesh, P("row", "col")))
    f = jax.shard_map(tsqr, mesh=mesh, in_specs=P("row", "col"),
                      out_specs=P(None, None, reduced={"row", "col"}))
    return jax.jit(f)(a)


def inputs():
    rng = np.random.default_rng(61)
    return (rng.standard_normal((32, 8)).astype(np.float32),)
