"""Dreamer-like replay: sampled sequences re-laid out with jax.reshard for the video logger."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class ReplayConfig:
    layout: P = field(default_factory=lambda: P("env", "time"))
    video_layout: P = field(default_factory=lambda: P("time", None))


class Replay:
    def __init__(self, mesh, cfg):
        self.sharding = NamedSharding(mesh, cfg.layout)

    def sample(self, rewards, n):
        for i in range(n):
            yield jax.make_array_from_process_local_data(self.sharding, np.roll(rewards, i, axis=1))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8) / 64,)


def main(rewards, cfg=ReplayConfig()):
    mesh = jax.make_mesh((2, 4), ("env", "time"))
    replay = Replay(mesh, cfg)
    with jax.set_mesh(mesh):
        frames = [jax.reshard(batch, cfg.video_layout) for batch in replay.sample(rewards, 2)]
        return frames[-1]


if __name__ == "__main__":
    print(main(*inputs()))
