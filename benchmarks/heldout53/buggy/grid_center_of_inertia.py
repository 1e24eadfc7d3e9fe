"""Transient stability of a multi-area power system: swing equation with a centre-of-inertia frame."""
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
    f_nominal: float = 50.0


def center_of_inertia(omega, inertia, *, mesh_axis):
    weighted = jax.lax.psum((inertia * omega).sum(axis=-1), mesh_axis)
    total_h = jax.lax.psum(inertia.sum(axis=-1), mesh_axis)
    coi = weighted / total_h
    return jax.lax.all_gather(coi, mesh_axis, tiled=True, to="reduced")


class TransientStabilitySolver:
    def __init__(self, params, mesh, bus_axis="bus"):
        self.params = params
        self.mesh = mesh
        self.bus_axis = bus_axis

    def _integrate(self, delta, omega, inertia, p_mech, p_elec):
        p = self.params

        def step(_, state):
            d, w = state
            accel = (p_mech - p_elec * jnp.sin(d) - p.damping * w) / (2.0 * inertia)
            w = w + p.dt * accel
            return d + p.dt * 2.0 * jnp.pi * p.f_nominal * w, w

        delta, omega = jax.lax.fori_loop(0, p.n_steps, step, (delta, omega))
        return delta, center_of_inertia(omega, inertia, mesh_axis=self.bus_axis)

    def run(self, *arrays):
        spec = P("area", self.bus_axis)
        return jax.shard_map(self._integrate, mesh=self.mesh, in_specs=(spec,) * 5,
                             out_specs=(spec, P("area", reduced={self.bus_axis})))(*arrays)


def inputs():
    rng = np.random.default_rng(20)
    shape = (4, 16)
    delta = rng.uniform(-0.1, 0.1, shape).astype(np.float32)
    omega = np.zeros(shape, np.float32)
    inertia = rng.uniform(2.0, 6.0, shape).astype(np.float32)
    p_mech = rng.uniform(0.5, 0.9, shape).astype(np.float32)
    p_elec = rng.uniform(0.8, 1.2, shape).astype(np.float32)
    return delta, omega, inertia, p_mech, p_elec


def main(delta, omega, inertia, p_mech, p_elec):
    mesh = jax.make_mesh((2, 4), ("area", "bus"))
    sharding = NamedSharding(mesh, P("area", "bus"))
    arrays = [jax.device_put(a, sharding) for a in (delta, omega, inertia, p_mech, p_elec)]
    return TransientStabilitySolver(SwingParams(), mesh).run(*arrays)


if __name__ == "__main__":
    main(*inputs())
