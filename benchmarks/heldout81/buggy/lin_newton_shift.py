import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- sharding.py -------------------------------------------------------------
MESH_AXES = {"batch": 2, "unknowns": 4}


def device_mesh():
    return jax.make_mesh(tuple(MESH_AXES.values()), tuple(MESH_AXES))


def ring(n):
    return [(i, (i + 1) % n) for i in range(n)]


# ---- _root_find/newton.py ----------------------------------------------------
class Newton:
    def __init__(self, axis_name="unknowns", n=MESH_AXES["unknowns"]):
        self.axis_name = axis_name
        self.perm = ring(n)

    def jacobian_diag(self, y):
        return 3.0 * y * y + 1.0

    def _halo(self, y):
        return jax.lax.ppermute(y, self.axis_name, self.perm)

    def step(self, y):
        residual = y * y * y + y - 1.0
        dy = residual / self.jacobian_diag(y)
        full = jax.lax.all_gather(dy, self.axis_name, axis=1, to="reduced", tiled=True)
        return self._halo(full)


def inputs():
    return (np.full((8, 8), 0.5, np.float32),)


def main(y0):
    mesh = device_mesh()
    spec = P(*MESH_AXES)
    solver = Newton()
    f = jax.jit(jax.shard_map(solver.step, mesh=mesh, in_specs=spec,
                              out_specs=P("batch", None, reduced={"unknowns"})))
    print(f(jax.device_put(jnp.asarray(y0), NamedSharding(mesh, spec))).shape)


if __name__ == "__main__":
    main(*inputs())
