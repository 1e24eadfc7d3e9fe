import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class IntegratorConfig:
    dt: float = 1.0 / 120.0
    max_speed: float = 50.0
    island_axis: str = "island"
    body_axis: str = "body"


def clamp_velocity(v, cfg):
    return jnp.clip(v, -cfg.max_speed, cfg.max_speed)


def make_step(cfg):
    def step(vel, force, inv_mass):
        vel = vel + cfg.dt * force * inv_mass[:, None]
        island_vel = jax.lax.all_gather(vel, cfg.body_axis, to="reduced", tiled=True)
        clamped = clamp_velocity(island_vel, cfg)
        return jax.lax.pmax(jnp.max(jnp.abs(clamped)), (cfg.island_axis, cfg.body_axis))

    return step


def inputs():
    rng = np.random.default_rng(18)
    return (rng.normal(size=(32, 3)).astype(np.float32) * 30,
            rng.normal(size=(32, 3)).astype(np.float32) * 100,
            rng.uniform(0.5, 2.0, size=(32,)).astype(np.float32))


def main(vel, force, inv_mass, cfg=IntegratorConfig()):
    mesh = jax.make_mesh((2, 4), (cfg.island_axis, cfg.body_axis))
    rows = P((cfg.island_axis, cfg.body_axis), None)
    vel, force = (jax.device_put(a, NamedSharding(mesh, rows)) for a in (vel, force))
    inv_mass = jax.device_put(inv_mass, NamedSharding(mesh, P((cfg.island_axis, cfg.body_axis))))
    return jax.shard_map(make_step(cfg), mesh=mesh,
                         in_specs=(rows, rows, P((cfg.island_axis, cfg.body_axis))),
                         out_specs=P())(vel, force, inv_mass)


if __name__ == "__main__":
    print("peak speed", main(*inputs()))
