"""Replay buffer for an offline RL learner: transitions pooled over actors, then reshuffled."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ReplayBuffer:
    def __init__(self, actor_axis, storage=None):
        self.actor_axis = actor_axis
        self.storage = storage

    def add(self, transitions):
        pooled = jax.lax.all_gather(transitions, self.actor_axis, to="reduced", tiled=True)
        return ReplayBuffer(self.actor_axis, pooled)

    def shuffled(self):
        return jax.lax.all_to_all(self.storage, self.actor_axis, 0, 0, tiled=True)


def learner_step(transitions):
    mixed = ReplayBuffer("actor", transitions).shuffled()
    batch = ReplayBuffer("actor").add(mixed).storage
    return batch[:1]


def inputs():
    rng = np.random.default_rng(30)
    return (rng.normal(size=(64, 6)).astype(np.float32),)


def main(transitions):
    mesh = jax.make_mesh((8,), ("actor",))
    transitions = jax.device_put(transitions, NamedSharding(mesh, P("actor")))
    return jax.shard_map(learner_step, mesh=mesh, in_specs=P("actor"), out_specs=P(None, reduced={"actor"}))(transitions)


if __name__ == "__main__":
    print(main(*inputs()))
