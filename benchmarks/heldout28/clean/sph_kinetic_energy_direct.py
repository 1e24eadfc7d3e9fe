"""Run-time diagnostics of an SPH simulation, dispatched by name to diag_* methods."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Diagnostics:
    axes = ("cell", "part")

    def __init__(self, names):
        self.names = names

    def diag_momentum(self, mass, vel):
        return jax.lax.psum(jnp.sum(mass[..., None] * vel, axis=(0, 1)), self.axes)

    def diag_kinetic(self, mass, vel):
        per_cell = jnp.sum(mass * jnp.sum(vel * vel, axis=-1))
        return 0.5 * jax.lax.psum(per_cell, self.axes)

    def __call__(self, mass, vel):
        return {name: getattr(self, f"diag_{name}")(mass, vel) for name in self.names}


def inputs():
    rng = np.random.default_rng(26)
    return (np.full((8, 16), 0.01, np.float32), rng.normal(size=(8, 16, 3)).astype(np.float32))


def main(mass, vel):
    mesh = jax.make_mesh((2, 4), Diagnostics.axes)
    mass = jax.device_put(mass, NamedSharding(mesh, P("cell", "part")))
    vel = jax.device_put(vel, NamedSharding(mesh, P("cell", "part", None)))
    diags = Diagnostics(["momentum", "kinetic"])
    return jax.shard_map(diags, mesh=mesh, in_specs=(P("cell", "part"), P("cell", "part", None)),
                         out_specs={"momentum": P(), "kinetic": P()})(mass, vel)


if __name__ == "__main__":
    print(main(*inputs()))
