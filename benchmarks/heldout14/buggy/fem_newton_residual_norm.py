"""Newton iterations for a nonlinear reaction-diffusion problem on 1-D elements; the
iterate is shared across partitions for the line search and the residual norm."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class NewtonSolver:
    def __init__(self, axis, tol=1e-6):
        self.axis = axis
        self.tol = tol

    def share(self, u_local):
        return jax.lax.all_gather(u_local, self.axis, tiled=True, to="reduced")

    def residual(self, u):
        # F(u) = sinh(u) - u for the reaction term
        return jnp.sinh(u) - u

    def norm(self, r):
        return jnp.sqrt(jax.lax.psum(jnp.sum(r * r), self.axis))

    def step(self, u_local):
        u = self.share(u_local)
        r = self.residual(u)
        return self.norm(r), u


def inputs():
    return (np.linspace(-1.0, 1.0, 32, dtype=np.float32),)


def main(u0):
    mesh = jax.make_mesh((8,), ("elements",))
    solver = NewtonSolver("elements")
    u0 = jax.device_put(u0, NamedSharding(mesh, P("elements")))
    f = jax.shard_map(solver.step, mesh=mesh, in_specs=P("elements"),
                      out_specs=(P(), P(None, reduced={"elements"})))
    return f(u0)


if __name__ == "__main__":
    print(main(*inputs()))
