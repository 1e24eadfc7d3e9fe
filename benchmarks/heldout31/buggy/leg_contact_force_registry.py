"""Quadruped fleet whole-body controller: vertical contact force bookkeeping per robot."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

CONTROLLERS = {}


def register_controller(name):
    def deco(cls):
        CONTROLLERS[name] = cls
        return cls
    return deco


@dataclasses.dataclass(frozen=True)
class WBCConfig:
    robot_axis: str = "robot"
    leg_axis: str = "leg"
    mass: float = 12.5
    gravity: float = 9.81
    controller: str = "force_split"


@register_controller("force_split")
class ForceSplit:
    def __init__(self, cfg: WBCConfig):
        self.cfg = cfg

    def support_load(self, fz):
        return jax.lax.psum(fz.sum(axis=-1), self.cfg.leg_axis)

    def __call__(self, fz):
        load = self.support_load(fz)
        return jax.lax.all_gather(load, self.cfg.leg_axis, to="reduced")


def inputs():
    mesh = jax.make_mesh((4, 2), ("robot", "leg"))
    fz = jnp.linspace(0.0, 120.0, 8 * 4, dtype=jnp.float32).reshape(8, 4)
    return mesh, jax.device_put(fz, NamedSharding(mesh, P("robot", "leg")))


def main(mesh, fz):
    cfg = WBCConfig()
    ctrl = CONTROLLERS[cfg.controller](cfg)
    step = jax.shard_map(ctrl, mesh=mesh, in_specs=P(cfg.robot_axis, cfg.leg_axis),
                         out_specs=P(None, cfg.robot_axis, reduced={cfg.leg_axis}))
    return step(fz)
