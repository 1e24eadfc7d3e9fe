"""IK convergence report: pose residual norms per arm summed over seeds and arms."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class ResidualReport:
    def __init__(self, axes=("arm", "seed"), tol=1e-3):
        self.axes = axes
        self.tol = tol

    def converged_fraction(self, residual):
        ok = (jnp.linalg.norm(residual, axis=-1) < self.tol).astype(jnp.float32)
        for axis in self.axes[1:]:
            ok = jax.lax.pmean(ok.mean(), axis)
        return ok

    def __call__(self, residual):
        frac = self.converged_fraction(residual)
        return jax.lax.psum(frac, self.axes) / jax.lax.psum(1.0, self.axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("arm", "seed"))
    r = jnp.sin(jnp.arange(4 * 16 * 6, dtype=jnp.float32)).reshape(4, 16, 6) * 1e-3
    return mesh, jax.device_put(r, NamedSharding(mesh, P("arm", "seed", None)))


def main(mesh, residual):
    report = ResidualReport()
    return jax.shard_map(report, mesh=mesh, in_specs=P("arm", "seed", None), out_specs=P())(residual)
