"""Cache of planned joint trajectories handed to the arm drivers."""
import enum

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Layout(enum.Enum):
    PLANNING = P(("arm", "seed"), None, None)
    DRIVER = P("seed", None, None, reduced={"arm"})


class TrajectoryCache:
    def __init__(self, mesh):
        self.mesh = mesh
        self.entries = {}

    def put(self, key, traj):
        self.entries[key] = jax.device_put(traj, NamedSharding(self.mesh, Layout.PLANNING.value))

    def for_driver(self, key):
        return top_level_all_gather(self.entries[key], Layout.DRIVER.value)


def inputs():
    mesh = jax.make_mesh((2, 4), ("arm", "seed"))
    traj = jnp.linspace(0.0, 1.0, 16 * 10 * 7, dtype=jnp.float32).reshape(16, 10, 7)
    return mesh, traj


def main(mesh, traj):
    cache = TrajectoryCache(mesh)
    with jax.set_mesh(mesh):
        cache.put("reach", traj)
        return cache.for_driver("reach")
