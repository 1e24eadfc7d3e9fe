"""SPH fluid: reference density per cell column, smoothing kernels from a registry."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

KERNELS = {}


def kernel(name):
    def deco(fn):
        KERNELS[name] = fn
        return fn
    return deco


@kernel("poly6")
def poly6(r2, h=0.1):
    return jnp.where(r2 < h * h, (h * h - r2) ** 3, 0.0) * 315.0 / (64.0 * jnp.pi * h ** 9)


class DensitySolver:
    def __init__(self, kernel_name="poly6", cell_axis="cell", column_axis="column"):
        self.w = KERNELS[kernel_name]
        self.cell_axis = cell_axis
        self.column_axis = column_axis

    def column_density(self, r2, mass):
        rho = (mass * self.w(r2)).sum(axis=-1)
        return jax.lax.psum(rho, self.cell_axis)

    def rest_density(self, r2, mass):
        rho = self.column_density(r2, mass)
        rho = jax.lax.pcast(rho, self.cell_axis, to="varying")
        return jax.lax.all_gather(rho, self.cell_axis, to="reduced", tiled=True)


def inputs():
    mesh = jax.make_mesh((4, 2), ("cell", "column"))
    r2 = jnp.linspace(0.0, 0.02, 8 * 4 * 16, dtype=jnp.float32).reshape(8, 4, 16)
    mass = jnp.full((8, 4, 16), 0.01, jnp.float32)
    s = NamedSharding(mesh, P("cell", "column", None))
    return mesh, jax.device_put(r2, s), jax.device_put(mass, s)


def main(mesh, r2, mass):
    solver = DensitySolver()
    spec = P("cell", "column", None)
    return jax.shard_map(solver.rest_density, mesh=mesh, in_specs=(spec, spec),
                         out_specs=P(None, "column", reduced={"cell"}))(r2, mass)
