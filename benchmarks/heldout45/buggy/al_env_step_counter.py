"""Actor-learner split: environment-step counters of all actors, shared as a frame table."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Counters:
    def __init__(self, actor_axis="actor", env_axis="param"):
        self.actor_axis = actor_axis
        self.env_axis = env_axis

    def frames(self, episode_lengths):
        local = episode_lengths.sum(axis=0)
        total = jax.lax.psum(local, self.actor_axis)
        return jax.lax.all_gather(total, self.actor_axis, to="reduced")


def build_counter(mesh, counters):
    spec = P(counters.actor_axis, counters.env_axis)
    mapped = jax.shard_map(counters.frames, mesh=mesh, in_specs=spec,
                           out_specs=P(None, counters.env_axis, reduced={counters.actor_axis}))
    return jax.jit(mapped)


def inputs():
    rng = np.random.default_rng(18)
    return (rng.integers(1, 100, size=(6, 8)).astype(np.float32),)


def main(episode_lengths):
    counters = Counters()
    mesh = jax.make_mesh((2, 4), (counters.actor_axis, counters.env_axis))
    episode_lengths = jax.device_put(episode_lengths, NamedSharding(mesh, P(counters.actor_axis, counters.env_axis)))
    count = build_counter(mesh, counters)
    return count(episode_lengths)


if __name__ == "__main__":
    main(*inputs())
