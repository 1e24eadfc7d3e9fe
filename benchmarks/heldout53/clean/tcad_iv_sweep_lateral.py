"""Drift-diffusion diode: terminal current summed over depth, gathered along the lateral strips."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

THERMAL_VOLTAGE = 0.02585


@dataclasses.dataclass(frozen=True)
class DeviceParams:
    mobility: float = 0.14
    n_intrinsic: float = 1.0e-2
    sweep: tuple = (0.0, 0.2, 0.4, 0.6)


class DiodeSimulator:
    def __init__(self, params, mesh):
        self.params = params
        self.lateral_axis = mesh.axis_names[0]
        self.depth_axis = mesh.axis_names[1]

    def terminal_current(self, j):
        total = jax.lax.psum(j.sum(axis=1), self.depth_axis)
        return jax.lax.all_gather(total, self.lateral_axis, tiled=True, to="reduced")

    def sweep(self, phi_eq, doping):
        p = self.params
        curve = []
        for v in p.sweep:
            n = p.n_intrinsic * jnp.exp((phi_eq + v) / THERMAL_VOLTAGE) + jnp.abs(doping)
            j = p.mobility * n * jnp.gradient(phi_eq + v, axis=1)
            curve.append(self.terminal_current(j))
        return jnp.stack(curve)


def inputs():
    rng = np.random.default_rng(130)
    phi_eq = rng.uniform(-0.3, 0.3, (8, 16)).astype(np.float32)
    doping = rng.uniform(-1.0, 1.0, (8, 16)).astype(np.float32)
    return phi_eq, doping


def main(phi_eq, doping):
    mesh = jax.make_mesh((2, 4), ("lateral", "depth"))
    spec = P("lateral", "depth")
    phi_eq, doping = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (phi_eq, doping))
    sim = DiodeSimulator(DeviceParams(), mesh)
    return jax.shard_map(sim.sweep, mesh=mesh, in_specs=(spec, spec),
                         out_specs=P(None, None, reduced={"lateral"}))(phi_eq, doping)


if __name__ == "__main__":
    main(*inputs())
