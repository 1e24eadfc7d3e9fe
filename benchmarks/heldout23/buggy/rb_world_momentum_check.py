"""A small rigid-body world: islands of bodies on the mesh, one semi-implicit Euler step."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class WorldConfig:
    island_axis: str = "island"
    body_axis: str = "body"
    dt: float = 1.0 / 60.0
    gravity: tuple = (0.0, -9.81, 0.0)


class World:
    def __init__(self, mesh, config: WorldConfig):
        self.mesh = mesh
        self.cfg = config
        self.body_spec = P((config.island_axis, config.body_axis), None)

    def integrate(self, pos, vel):
        vel = vel + self.cfg.dt * jnp.asarray(self.cfg.gravity)
        return pos + self.cfg.dt * vel, vel

    def momentum(self, vel, mass):
        p_local = jnp.sum(mass[:, None] * vel, axis=0)
        p_island = jax.lax.psum(p_local, self.cfg.body_axis)
        return jax.lax.all_gather(p_island, self.cfg.body_axis, to="reduced")

    def step(self, pos, vel, mass):
        def body(pos, vel, mass):
            pos, vel = self.integrate(pos, vel)
            return pos, vel, self.momentum(vel, mass)

        mass_spec = P((self.cfg.island_axis, self.cfg.body_axis))
        return jax.shard_map(
            body, mesh=self.mesh,
            in_specs=(self.body_spec, self.body_spec, mass_spec),
            out_specs=(self.body_spec, self.body_spec,
                       P(self.cfg.island_axis, None, reduced={self.cfg.body_axis})),
        )(pos, vel, mass)


def inputs():
    rng = np.random.default_rng(12)
    pos = rng.uniform(-5, 5, size=(32, 3)).astype(np.float32)
    vel = rng.normal(size=(32, 3)).astype(np.float32)
    mass = rng.uniform(0.5, 2.0, size=(32,)).astype(np.float32)
    return pos, vel, mass


def main(pos, vel, mass):
    cfg = WorldConfig()
    mesh = jax.make_mesh((2, 4), (cfg.island_axis, cfg.body_axis))
    world = World(mesh, cfg)
    pos, vel = (jax.device_put(a, NamedSharding(mesh, world.body_spec)) for a in (pos, vel))
    mass = jax.device_put(mass, NamedSharding(mesh, P((cfg.island_axis, cfg.body_axis))))
    return world.step(pos, vel, mass)


if __name__ == "__main__":
    print(main(*inputs())[2])
