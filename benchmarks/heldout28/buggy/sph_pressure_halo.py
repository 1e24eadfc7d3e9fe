"""Weakly-compressible SPH: pressure from Tait's equation, stepped in a while_loop."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PART = "part"
RHO0 = 1000.0
C0 = 10.0
GAMMA = 7.0


def tait_pressure(rho):
    return (RHO0 * C0 ** 2 / GAMMA) * ((rho / RHO0) ** GAMMA - 1.0)


def pressure_force(pressure, pos):
    shared = jax.lax.all_gather(pressure, PART, tiled=True, to="reduced")
    return jax.lax.psum_scatter(shared, PART, scatter_dimension=0, tiled=True)


def simulate(rho, pos, n_steps=3, dt=1e-3):
    def cond(state):
        return state[0] < n_steps

    def body(state):
        i, rho, pos = state
        force = pressure_force(tait_pressure(rho), pos)
        return i + 1, rho + dt * force, pos

    return jax.lax.while_loop(cond, body, (0, rho, pos))[1]


def inputs():
    rng = np.random.default_rng(24)
    return (RHO0 + rng.normal(size=(16,)).astype(np.float32),
            rng.normal(size=(16, 2)).astype(np.float32))


def main(rho, pos):
    mesh = jax.make_mesh((4, 2), (PART, "cell"))
    rho = jax.device_put(rho, NamedSharding(mesh, P(PART)))
    pos = jax.device_put(pos, NamedSharding(mesh, P(PART, None)))
    return jax.shard_map(simulate, mesh=mesh, in_specs=(P(PART), P(PART, None)),
                         out_specs=P(PART))(rho, pos)


if __name__ == "__main__":
    print(main(*inputs()))
