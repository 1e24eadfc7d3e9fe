"""Mass flux through the western boundary of a limited-area model, per row band."""
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

        @functools.partial(jax.shard_map, mesh=self.mesh, in_specs=(grid, grid),
                           out_specs=P(self.y_axis, None, reduced={self.x_axis}))
        def flux(rho, u):
            inflow = (rho * u)[:, :1]
            total = jax.lax.psum(inflow, self.x_axis)
            return jax.lax.all_gather(total, self.x_axis, axis=1, tiled=True, to="reduced")

        return flux


def inputs():
    rng = np.random.default_rng(40)
    rho = 1.0 + 0.1 * rng.standard_normal((8, 16)).astype(np.float32)
    u = 5.0 + rng.standard_normal((8, 16)).astype(np.float32)
    return rho, u


def main(rho, u):
    mesh = jax.make_mesh((2, 4), ("y", "x"))
    rho = jax.device_put(rho, NamedSharding(mesh, P("y", "x")))
    u = jax.device_put(u, NamedSharding(mesh, P("y", "x")))
    boundary = LateralBoundary(mesh)
    return boundary.build()(rho, u)


if __name__ == "__main__":
    main(*inputs())
