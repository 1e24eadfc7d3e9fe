"""Western-boundary mass flux of a limited-area model, kept as an invariant copy per row band."""
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class LateralBoundary:
    def __init__(self, mesh, y_axis="y", x_axis="x"):
        self.mesh = mesh
        self.y_axis = y_axis
        self.x_axis = x_axis

    def build(self):
        grid = P(self.y_axis, self.x_axis)

        @functools.partial(jax.shard_map, mesh=self.mesh, in_specs=(grid, grid), out_specs=P(self.y_axis, None))
        def flux(rho, u):
            inflow = (rho * u)[:, :1]
            total = jax.lax.psum(inflow, self.x_axis)
            return jax.lax.all_gather(total, self.x_axis, axis=1, tiled=True, to="invarying")

        return flux


def inputs():
    rng = np.random.default_rng(40)
    return (1.0 + 0.1 * rng.standard_normal((8, 16)).astype(np.float32), 5.0 + rng.standard_normal((8, 16)).astype(np.float32))


def main(rho, u):
    mesh = jax.make_mesh((2, 4), ("y", "x"))
    rho = jax.device_put(rho, NamedSharding(mesh, P("y", "x")))
    u = jax.device_put(u, NamedSharding(mesh, P("y", "x")))
    return LateralBoundary(mesh).build()(rho, u)


if __name__ == "__main__":
    main(*inputs())
