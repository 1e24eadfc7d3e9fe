"""Energy audit of a differentiable spring-mass rollout: per-particle energies collected twice."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class EnergyAudit:
    mesh_axes = ("scene", "particle")

    def __init__(self, mass=1.0, k=10.0):
        self.mass = mass
        self.k = k

    def kinetic(self, vel):
        return 0.5 * self.mass * vel ** 2

    def collect(self, energy, axes):
        return jax.lax.all_gather(energy, axes, axis=-1, tiled=True, to="reduced")

    def audit(self, vel):
        per_particle = self.kinetic(vel)
        scene_view = self.collect(per_particle, self.mesh_axes[1])
        return self.collect(scene_view, self.mesh_axes)


def inputs():
    return (np.linspace(-1.0, 1.0, 4 * 32, dtype=np.float32).reshape(4, 32),)


def main(vel):
    audit = EnergyAudit()
    mesh = jax.make_mesh((2, 4), EnergyAudit.mesh_axes)
    spec = P(*EnergyAudit.mesh_axes)
    vel = jax.device_put(vel, NamedSharding(mesh, spec))
    return jax.shard_map(audit.audit, mesh=mesh, in_specs=spec,
                         out_specs=P(None, None, reduced=set(EnergyAudit.mesh_axes)))(vel)


if __name__ == "__main__":
    main(*inputs())
