"""Asymptotic convergence factor of a damped-Jacobi smoother, per right-hand side and averaged."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ConvergenceMonitor:
    axes = ("fine", "vec")

    def __init__(self, sweeps=4, omega=0.6):
        self.sweeps = sweeps
        self.omega = omega

    def column_norm(self, r):
        return jnp.sqrt(jax.lax.psum(jnp.sum(r * r, axis=0), self.axes[0]))

    def average(self, rate):
        return jax.lax.pmean(rate, self.axes)

    def run(self, a_diag, b):
        x = jnp.zeros_like(b)
        history = []
        for _ in range(self.sweeps):
            r = b - a_diag * x
            history.append(self.column_norm(r))
            x = x + self.omega * r / a_diag
        rate = (history[-1] / history[-2]).mean()
        return self.average(rate)


def inputs():
    rng = np.random.default_rng(3)
    return (2.0 + rng.random((16, 4))).astype(np.float32), rng.standard_normal((16, 4)).astype(np.float32)


def main(a_diag, b):
    mesh = jax.make_mesh((4, 2), ConvergenceMonitor.axes)
    spec = P(*ConvergenceMonitor.axes)
    a_diag = jax.device_put(a_diag, NamedSharding(mesh, spec))
    b = jax.device_put(b, NamedSharding(mesh, spec))
    monitor = ConvergenceMonitor()
    return jax.shard_map(monitor.run, mesh=mesh, in_specs=(spec, spec), out_specs=P())(a_diag, b)


if __name__ == "__main__":
    main(*inputs())
