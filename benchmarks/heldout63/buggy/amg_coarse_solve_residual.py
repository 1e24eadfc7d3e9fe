"""Two-grid AMG cycle on a batch of 1-D Poisson right-hand sides; the restricted residual feeds the coarse solve."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Level:
    name: str
    omega: float
    sweeps: int


def jacobi(a_diag, r, omega):
    return omega * r / a_diag


def richardson(a_diag, r, omega):
    return omega * r


SMOOTHERS = {"jacobi": jacobi, "richardson": richardson}


class TwoGridCycle:
    axes = ("fine", "vec")

    def __init__(self, levels, smoother="jacobi"):
        self.levels = levels
        self.smooth = SMOOTHERS[smoother]

    def _restrict(self, r):
        row_axis, _ = self.axes
        coarse = r.reshape(-1, 2, r.shape[-1]).sum(axis=1)
        total = jax.lax.psum(coarse, row_axis)
        return jax.lax.all_gather(total, row_axis, axis=0, tiled=True, to="reduced")

    def __call__(self, a_diag, b):
        x = jnp.zeros_like(b)
        for level in self.levels:
            for _ in range(level.sweeps):
                r = b - a_diag * x
                x = x + self.smooth(a_diag, r, level.omega)
        return x, self._restrict(b - a_diag * x)


def inputs():
    rng = np.random.default_rng(0)
    a_diag = (2.0 + rng.random((16, 4))).astype(np.float32)
    b = rng.standard_normal((16, 4)).astype(np.float32)
    return a_diag, b


def main(a_diag, b):
    mesh = jax.make_mesh((4, 2), TwoGridCycle.axes)
    spec = P(*TwoGridCycle.axes)
    a_diag = jax.device_put(a_diag, NamedSharding(mesh, spec))
    b = jax.device_put(b, NamedSharding(mesh, spec))
    cycle = TwoGridCycle([Level("pre", 0.6, 2), Level("post", 0.8, 1)])
    run = jax.shard_map(cycle, mesh=mesh, in_specs=(spec, spec),
                        out_specs=(spec, P(None, "vec", reduced={"fine"})))
    x, coarse_r = run(a_diag, b)
    return x, coarse_r


if __name__ == "__main__":
    main(*inputs())
