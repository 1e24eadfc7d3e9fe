"""Cloud-in-cell mass assignment on a slab-decomposed particle mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NGRID = 16
SLAB, PENCIL = "slab", "pencil"
PM_CONFIG = {"ngrid": NGRID, "box": 100.0, "axes": (SLAB, PENCIL)}


def cic_weights(pos, cell):
    frac = pos / cell - jnp.floor(pos / cell)
    return 1.0 - frac, frac


class ParticleMesh:
    def __init__(self, mesh, config=PM_CONFIG):
        self.mesh = mesh
        self.cell = config["box"] / config["ngrid"]
        self.slab_axis, self.pencil_axis = config["axes"]

    def deposit(self, pos, mass):
        w0, w1 = cic_weights(pos, self.cell)
        rho = mass * w0 + jnp.roll(mass * w1, 1, axis=0)
        column = jax.lax.psum(rho.sum(axis=0, keepdims=True), self.slab_axis)
        return jax.lax.all_gather(column, self.slab_axis, axis=0, tiled=True, to="reduced")

    def run(self, pos, mass):
        spec = P(self.slab_axis, self.pencil_axis)
        f = jax.shard_map(self.deposit, mesh=self.mesh, in_specs=(spec, spec),
                          out_specs=P(None, self.pencil_axis, reduced={self.slab_axis}))
        return f(pos, mass)


def inputs():
    rng = np.random.default_rng(0)
    pos = rng.uniform(0.0, 100.0, (NGRID, NGRID)).astype(np.float32)
    mass = np.ones((NGRID, NGRID), np.float32)
    return pos, mass


def main(pos, mass):
    mesh = jax.make_mesh((2, 4), (SLAB, PENCIL))
    sharding = NamedSharding(mesh, P(SLAB, PENCIL))
    pm = ParticleMesh(mesh)
    return pm.run(jax.device_put(pos, sharding), jax.device_put(mass, sharding))


if __name__ == "__main__":
    main(*inputs())
