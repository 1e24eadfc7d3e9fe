"""Foot slip penalty for a quadruped fleet, logged through a callback list."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class SlipMonitor:
    axis = "robot"
    threshold = 0.05

    def on_step(self, foot_vel):
        speeds = jnp.linalg.norm(foot_vel, axis=-1)
        return jax.lax.all_gather(speeds, self.axis, to="reduced", tiled=True)


class SlipPenalty(SlipMonitor):
    weight = 0.25

    def on_step(self, foot_vel):
        speeds = super().on_step(foot_vel)
        excess = speeds - self.threshold
        return self.weight * jnp.square(excess).sum(axis=0)


CALLBACKS = [SlipPenalty()]


def step(foot_vel):
    terms = [cb.on_step(foot_vel) for cb in CALLBACKS]
    return jax.lax.psum(sum(terms), "leg")


def inputs():
    mesh = jax.make_mesh((4, 2), ("robot", "leg"))
    v = jnp.sin(jnp.arange(8 * 4 * 3, dtype=jnp.float32)).reshape(8, 4, 3) * 0.1
    return mesh, jax.device_put(v, NamedSharding(mesh, P("robot", "leg", None)))


def main(mesh, foot_vel):
    return jax.shard_map(step, mesh=mesh, in_specs=P("robot", "leg", None), out_specs=P())(foot_vel)
