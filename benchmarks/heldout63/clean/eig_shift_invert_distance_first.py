"""Shift-and-invert targeting: pick, for each block, the Ritz value closest to the shift sigma."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ShiftInvertOptions(NamedTuple):
    sigma: float = 0.5
    block_axis: str = "vec"
    row_axis: str = "row"


class ShiftInvert:
    def __init__(self, options=ShiftInvertOptions()):
        self.options = options

    def rayleigh(self, ax, x):
        return jax.lax.psum(jnp.sum(x * ax, axis=0, keepdims=True), self.options.row_axis)

    def targets(self, ax, x):
        distance = jnp.abs(self.rayleigh(ax, x) - self.options.sigma)
        gathered = jax.lax.all_gather(distance, self.options.block_axis, axis=1, tiled=True, to="reduced")
        return jnp.min(gathered, axis=1)


def inputs():
    rng = np.random.default_rng(65)
    x = rng.standard_normal((16, 4)).astype(np.float32)
    return 0.3 * x + 0.01 * rng.standard_normal((16, 4)).astype(np.float32), x


def main(ax, x):
    opts = ShiftInvertOptions()
    mesh = jax.make_mesh((4, 2), (opts.row_axis, opts.block_axis))
    spec = P(opts.row_axis, opts.block_axis)
    ax = jax.device_put(ax, NamedSharding(mesh, spec))
    x = jax.device_put(x, NamedSharding(mesh, spec))
    solver = ShiftInvert(opts)
    return jax.shard_map(solver.targets, mesh=mesh, in_specs=(spec, spec), out_specs=P())(ax, x)


if __name__ == "__main__":
    main(*inputs())
