"""Alignment rule: velocities of the whole flock, redistributed by heading bucket."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class World:
    agent_axis = "agents"

    def __init__(self, mesh):
        self.mesh = mesh

    def flock_velocities(self, vel):
        return jax.lax.all_gather(vel, self.agent_axis, axis=1, tiled=True, to="reduced")

    def by_heading(self, vel):
        heading = self.flock_velocities(vel)
        return jax.lax.all_to_all(heading, self.agent_axis, 1, 1, tiled=True)

    def step(self, vel):
        fn = jax.shard_map(self.by_heading, mesh=self.mesh,
                           in_specs=P("flock", self.agent_axis, None),
                           out_specs=P("flock", self.agent_axis, None))
        return fn(vel)


def inputs():
    rng = np.random.default_rng(52)
    return (rng.uniform(-0.1, 0.1, (4, 16, 2)).astype(np.float32),)


def main(vel):
    mesh = jax.make_mesh((2, 4), ("flock", "agents"))
    vel = jax.device_put(vel, NamedSharding(mesh, P("flock", "agents", None)))
    return World(mesh).step(vel)


if __name__ == "__main__":
    print(main(*inputs()))
