import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- _sharding.py ------------------------------------------------------------
MESH_SHAPE = {"batch": 2, "state": 4}
REDUCE_AXES = tuple(MESH_SHAPE)


def device_mesh():
    return jax.make_mesh(tuple(MESH_SHAPE.values()), tuple(MESH_SHAPE))


# ---- _term.py ----------------------------------------------------------------
class ODETerm:
    def __init__(self, vector_field):
        self.vector_field = vector_field

    def vf(self, t, y):
        return self.vector_field(t, y)

    def prod(self, vf, dt):
        return vf * dt


def linear_decay(t, y):
    coupling = jax.lax.psum(y, "state")
    return -0.5 * coupling


# ---- _solver/rk.py -----------------------------------------------------------
class Midpoint:
    def step(self, term, t0, t1, y0):
        dt = t1 - t0
        k1 = term.prod(term.vf(t0, y0), dt)
        k2 = term.prod(term.vf(t0 + 0.5 * dt, y0 + 0.5 * k1), dt)
        return y0 + k2, k2


def increment_energy(k, axes=REDUCE_AXES):
    return jax.lax.psum(jnp.sum(k * k), axes)


def inputs():
    return (np.linspace(-1.0, 1.0, 64, dtype=np.float32).reshape(8, 8),)


def main(y0):
    mesh = device_mesh()
    term = ODETerm(linear_decay)
    solver = Midpoint()

    def body(y):
        y1, k = solver.step(term, 0.0, 0.1, y)
        return y1, increment_energy(k)

    spec = P(*REDUCE_AXES)
    f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=(spec, P())))
    y1, energy = f(jax.device_put(jnp.asarray(y0), NamedSharding(mesh, spec)))
    print(y1.shape, float(energy))


if __name__ == "__main__":
    main(*inputs())
