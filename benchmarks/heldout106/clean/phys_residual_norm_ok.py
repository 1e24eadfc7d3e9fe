"""Steady-state residual of the solved field, reported as a global norm."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

AXES = ("x", "y")
MESH_SHAPE = (4, 2)
FIELD = P("x", "y")


@jax.tree_util.register_pytree_node_class
class HeatProblem:
    """Temperature field, conductivity and (static) grid spacing of a periodic plate."""

    def __init__(self, u, kappa, dx=1.0):
        self.u = u
        self.kappa = kappa
        self.dx = dx

    def tree_flatten(self):
        return (self.u, self.kappa), (self.dx,)

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children, *aux)


def _ring(n, shift):
    return [(i, (i + shift) % n) for i in range(n)]


def halo(u, axis_name, size, shift):
    return jax.lax.ppermute(u, axis_name, _ring(size, shift))


def laplacian(u, dx):
    top = halo(u[-1:], "x", MESH_SHAPE[0], 1)
    bottom = halo(u[:1], "x", MESH_SHAPE[0], -1)
    ext = jnp.concatenate([top, u, bottom], axis=0)
    left = halo(u[:, -1:], "y", MESH_SHAPE[1], 1)
    right = halo(u[:, :1], "y", MESH_SHAPE[1], -1)
    ext_y = jnp.concatenate([left, u, right], axis=1)
    return (ext[2:] + ext[:-2] + ext_y[:, 2:] + ext_y[:, :-2] - 4.0 * u) / dx ** 2


def _explicit(u, kappa, dx, dt, nsteps):
    def step(u, _):
        return u + dt * kappa * laplacian(u, dx), None
    return jax.lax.scan(step, u, None, length=nsteps)[0]


@functools.partial(jax.custom_vjp, nondiff_argnums=(2, 3, 4))
def diffuse(u, kappa, dx, dt, nsteps):
    return _explicit(u, kappa, dx, dt, nsteps)


def _diffuse_fwd(u, kappa, dx, dt, nsteps):
    return _explicit(u, kappa, dx, dt, nsteps), kappa


def _diffuse_bwd(dx, dt, nsteps, kappa, g):
    # the periodic heat operator is self-adjoint: the adjoint solve is the same scan
    return _explicit(g, kappa, dx, dt, nsteps), jnp.zeros_like(kappa)


diffuse.defvjp(_diffuse_fwd, _diffuse_bwd)


def make_mesh():
    return jax.make_mesh(MESH_SHAPE, AXES)


def place(mesh, prob):
    return HeatProblem(jax.device_put(prob.u, NamedSharding(mesh, FIELD)),
                       jax.device_put(prob.kappa, NamedSharding(mesh, P())), prob.dx)


def inputs():
    xs = np.linspace(0.0, 2 * np.pi, 16, dtype=np.float32)
    ys = np.linspace(0.0, 2 * np.pi, 8, dtype=np.float32)
    u0 = np.sin(xs)[:, None] * np.cos(ys)[None, :]
    return HeatProblem(u0, np.float32(0.1), 1.0), 0.1, 5


global_sum = functools.partial(jax.lax.psum, axis_name="x")


def residual(u, kappa, dx):
    r = kappa * laplacian(u, dx)
    row_sq = jax.lax.psum(jnp.sum(r * r, axis=1), "y")
    return jnp.sqrt(global_sum(jnp.sum(row_sq)))


@functools.partial(jax.jit, static_argnames=("dt", "nsteps"))
def solve(prob, dt, nsteps):
    def body(u, kappa):
        u = diffuse(u, kappa, prob.dx, dt, nsteps)
        return u, residual(u, kappa, prob.dx)
    return jax.shard_map(body, in_specs=(FIELD, P()), out_specs=(FIELD, P()))(prob.u, prob.kappa)


def main(prob, dt, nsteps):
    mesh = make_mesh()
    with jax.set_mesh(mesh):
        prob = place(mesh, prob)
        return solve(prob, dt, nsteps)


if __name__ == "__main__":
    main(*inputs())
