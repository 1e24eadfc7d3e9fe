"""Transient stability: centre-of-inertia speed per area, shared by every bus rank."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class SwingParams:
    dt: float = 0.005
    n_steps: int = 40
    damping: float = 0.02


def center_of_inertia(omega, inertia, *, mesh_axis):
    weighted = jax.lax.psum((inertia * omega).sum(axis=-1), mesh_axis)
    total_h = jax.lax.psum(inertia.sum(axis=-1), mesh_axis)
    return jax.lax.all_gather(weighted / total_h, mesh_axis, tiled=True, to="invarying")


class TransientStabilitySolver:
    def __init__(self, params, mesh, bus_axis="bus"):
        self.params = params
        self.mesh = mesh
        self.bus_axis = bus_axis

    def _integrate(self, omega, inertia, p_acc):
        p = self.params

        def step(_, w):
            return w + p.dt * (p_acc - p.damping * w) / (2.0 * inertia)

        omega = jax.lax.fori_loop(0, p.n_steps, step, omega)
        return center_of_inertia(omega, inertia, mesh_axis=self.bus_axis)

    def run(self, *arrays):
        spec = P("area", self.bus_axis)
        return jax.shard_map(self._integrate, mesh=self.mesh, in_specs=(spec,) * 3,
                             out_specs=P("area"))(*arrays)


def inputs():
    rng = np.random.default_rng(30)
    omega = np.zeros((4, 16), np.float32)
    inertia = rng.uniform(2.0, 6.0, (4, 16)).astype(np.float32)
    p_acc = rng.uniform(-0.2, 0.2, (4, 16)).astype(np.float32)
    return omega, inertia, p_acc


def main(omega, inertia, p_acc):
    mesh = jax.make_mesh((2, 4), ("area", "bus"))
    sharding = NamedSharding(mesh, P("area", "bus"))
    arrays = [jax.device_put(a, sharding) for a in (omega, inertia, p_acc)]
    return TransientStabilitySolver(SwingParams(), mesh).run(*arrays)


if __name__ == "__main__":
    main(*inputs())
