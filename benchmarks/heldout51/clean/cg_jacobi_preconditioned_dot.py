"""Jacobi preconditioner: z = M^-1 r and the total r.z over every right-hand side and row."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class JacobiPreconditioner:
    def __init__(self, mesh):
        self.axes = mesh.axis_names

    def total_rz(self, r, z):
        return jax.lax.psum(jnp.sum(r * z), self.axes)

    def apply(self, inv_diag, r):
        z = inv_diag * r
        return z, self.total_rz(r, z)


def inputs():
    rng = np.random.default_rng(110)
    return rng.uniform(1.0, 4.0, size=(32,)).astype(np.float32), rng.normal(size=(4, 32)).astype(np.float32)


def main(diag, r):
    mesh = jax.make_mesh((2, 4), ("rhs", "rows"))
    inv_diag = jax.device_put(1.0 / diag, NamedSharding(mesh, P("rows")))
    r = jax.device_put(r, NamedSharding(mesh, P("rhs", "rows")))
    pre = JacobiPreconditioner(mesh)
    return jax.shard_map(pre.apply, mesh=mesh, in_specs=(P("rows"), P("rhs", "rows")),
                         out_specs=(P("rhs", "rows"), P()))(inv_diag, r)


if __name__ == "__main__":
    main(*inputs())
