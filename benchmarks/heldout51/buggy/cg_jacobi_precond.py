"""Jacobi preconditioner: the preconditioner's trace is reported alongside the first residual."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class JacobiPreconditioner:
    def __init__(self, mesh):
        self.mesh = mesh
        self.axes = mesh.axis_names

    def trace(self, inv_diag):
        return jax.lax.psum(jnp.sum(inv_diag), self.axes)

    def apply(self, inv_diag, r):
        z = inv_diag * r
        return z, self.trace(inv_diag)


def inputs():
    rng = np.random.default_rng(34)
    return rng.uniform(1.0, 4.0, size=(32,)).astype(np.float32), rng.normal(size=(4, 32)).astype(np.float32)


def main(diag, r):
    mesh = jax.make_mesh((2, 4), ("rhs", "rows"))
    inv_diag = jax.device_put(1.0 / diag, NamedSharding(mesh, P("rows")))
    r = jax.device_put(r, NamedSharding(mesh, P("rhs", "rows")))
    pre = JacobiPreconditioner(mesh)
    apply = functools.partial(pre.apply)
    return jax.shard_map(apply, mesh=mesh, in_specs=(P("rows"), P("rhs", "rows")),
                         out_specs=(P("rhs", "rows"), P()))(inv_diag, r)


if __name__ == "__main__":
    main(*inputs())
