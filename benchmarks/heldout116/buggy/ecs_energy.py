"""ECS rigid bodies: a diagnostics system reports the mean kinetic energy of all bodies."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BODY_AXIS, COMPONENT_AXIS = "bodies", "comp"
DIAG_AXES = (BODY_AXIS, COMPONENT_AXIS)


class Archetype:
    def __init__(self, **components):
        self.columns = components


class DiagnosticsSystem:
    name = "diagnostics"

    def __init__(self, mesh, sink):
        self.mesh = mesh
        self.sink = sink

    def kinetic(self, mass, vel):
        # |v|^2 is split over the component axis: finish it first
        v2 = jax.lax.psum(jnp.sum(vel * vel, axis=1), COMPONENT_AXIS)
        return 0.5 * mass[:, 0] * v2

    def body(self, mass, vel):
        e = self.kinetic(mass, vel)
        return jax.lax.pmean(jnp.mean(e), DIAG_AXES)[None]

    def run(self, arch):
        out = jax.shard_map(self.body, mesh=self.mesh,
                            in_specs=(P(BODY_AXIS, None), P(BODY_AXIS, COMPONENT_AXIS)),
                            out_specs=P())(arch.columns["mass"], arch.columns["velocity"])
        self.sink.append(float(out[0]))


class GravitySystem:
    name = "gravity"

    def __init__(self, mesh):
        self.mesh = mesh

    def run(self, arch):
        g = jnp.asarray([0.0, -9.81, 0.0, 0.0], dtype=jnp.float32) * 0.016
        arch.columns["velocity"] = arch.columns["velocity"] + g


def inputs():
    rng = np.random.default_rng(4)
    return rng.uniform(1, 2, (16, 1)).astype(np.float32), rng.normal(size=(16, 4)).astype(np.float32)


def main(mass, velocity):
    mesh = jax.make_mesh((4, 2), DIAG_AXES)
    arch = Archetype(
        mass=jax.device_put(mass, NamedSharding(mesh, P(BODY_AXIS, None))),
        velocity=jax.device_put(velocity, NamedSharding(mesh, P(BODY_AXIS, COMPONENT_AXIS))),
    )
    energies = []
    pipeline = {"gravity": GravitySystem(mesh), "diagnostics": DiagnosticsSystem(mesh, energies)}
    order = ["gravity", "gravity", "diagnostics"]
    for name in order:
        pipeline[name].run(arch)
    print(energies)


if __name__ == "__main__":
    main(*inputs())
