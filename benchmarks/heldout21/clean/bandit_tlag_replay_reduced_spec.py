"""Replay buffer of logged bandit feedback, exported whole for offline policy evaluation."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class ReplayBuffer:
    def __init__(self, mesh, capacity):
        self.mesh = mesh
        self.capacity = capacity
        self.sharding = NamedSharding(mesh, P("rounds"))
        self.rewards = jax.device_put(jnp.zeros((capacity,), jnp.float32), self.sharding)

    def add(self, rewards):
        self.rewards = jax.device_put(rewards, self.sharding)
        return self

    def export(self):
        return {"rewards": top_level_all_gather(self.rewards, P(None, reduced={"rounds"}))}


def inputs():
    rng = np.random.default_rng(83)
    return ((rng.random(32) < 0.3).astype(np.float32),)


def main(rewards):
    mesh = jax.make_mesh((4, 2), ("rounds", "arms"))
    buffer = ReplayBuffer(mesh, capacity=32).add(rewards)
    with jax.set_mesh(mesh):
        logged = buffer.export()
    return logged["rewards"]


if __name__ == "__main__":
    print(main(*inputs()))
