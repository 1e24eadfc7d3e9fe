"""Convergence test of a block eigensolver: residual norms per column, then one number for the whole block."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REDUCTIONS = {
    "column": ("row",),
    "block": ("row", "vec"),
}


class ConvergenceTest:
    def __init__(self, tol=1e-3, scopes=("column", "block")):
        self.tol = tol
        self.scopes = scopes

    def __call__(self, a_rows, x, theta):
        x_full = jax.lax.all_gather(x, "row", axis=0, tiled=True)
        r = a_rows @ x_full - theta * x
        sq = jnp.sum(r * r, axis=0, keepdims=True)
        norms = {}
        for scope in self.scopes:
            sq = jax.lax.psum(sq, REDUCTIONS[scope])
            norms[scope] = jnp.sqrt(sq)
        return norms["column"], norms["block"] < self.tol


def inputs():
    rng = np.random.default_rng(64)
    m = rng.standard_normal((16, 16)).astype(np.float32)
    return (m + m.T) / 2.0, rng.standard_normal((16, 4)).astype(np.float32), np.ones((1, 4), np.float32)


def main(a, x, theta):
    mesh = jax.make_mesh((4, 2), ("row", "vec"))
    a = jax.device_put(a, NamedSharding(mesh, P("row", None)))
    x = jax.device_put(x, NamedSharding(mesh, P("row", "vec")))
    theta = jax.device_put(theta, NamedSharding(mesh, P(None, "vec")))
    test = ConvergenceTest()
    run = jax.shard_map(test, mesh=mesh, in_specs=(P("row", None), P("row", "vec"), P(None, "vec")),
                        out_specs=(P(None, "vec"), P()))
    return run(a, x, theta)


if __name__ == "__main__":
    main(*inputs())
