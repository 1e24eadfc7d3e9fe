"""Energy audit: the peak of the gathered per-particle energies, floored at zero."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class EnergyAudit:
    mesh_axes = ("scene", "particle")

    def __init__(self, mass=1.0):
        self.mass = mass

    def kinetic(self, vel):
        return 0.5 * self.mass * vel ** 2

    def audit(self, vel):
        energies = jax.lax.all_gather(self.kinetic(vel), self.mesh_axes[1], axis=-1, tiled=True,
                                      to="reduced")
        peak = jnp.max(energies, axis=-1)
        return jnp.maximum(peak, 0.0)


def inputs():
    return (np.linspace(-1.0, 1.0, 4 * 32, dtype=np.float32).reshape(4, 32),)


def main(vel):
    mesh = jax.make_mesh((2, 4), EnergyAudit.mesh_axes)
    spec = P(*EnergyAudit.mesh_axes)
    vel = jax.device_put(vel, NamedSharding(mesh, spec))
    return jax.shard_map(EnergyAudit().audit, mesh=mesh, in_specs=spec,
                         out_specs=P("scene"))(vel)


if __name__ == "__main__":
    main(*inputs())
