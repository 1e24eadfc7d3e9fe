"""BiCGSTAB setup: the shadow residual is made available in full on every device."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SOLVER_AXES = {"rows": "rows", "rhs": "rhs"}


class BiCGStab:
    def __init__(self, axes=SOLVER_AXES, tol=1e-6):
        self.axes = axes
        self.tol = tol

    def shadow(self, r0):
        return jax.lax.all_gather(r0, self.axes["rows"], axis=1, tiled=True, to="reduced")

    def init(self, b, x0):
        r0 = b - x0
        r_hat = self.shadow(r0)
        everywhere = tuple(self.axes[k] for k in ("rhs", "rows"))
        return jax.lax.all_gather(r_hat, everywhere, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(31)
    return rng.normal(size=(4, 32)).astype(np.float32), np.zeros((4, 32), np.float32)


def main(b, x0):
    mesh = jax.make_mesh((2, 4), ("rhs", "rows"))
    sh = NamedSharding(mesh, P("rhs", "rows"))
    b, x0 = jax.device_put(b, sh), jax.device_put(x0, sh)
    solver = BiCGStab()
    return jax.shard_map(solver.init, mesh=mesh, in_specs=(P("rhs", "rows"),) * 2,
                         out_specs=P(None, None, reduced={"rhs", "rows"}))(b, x0)


if __name__ == "__main__":
    main(*inputs())
