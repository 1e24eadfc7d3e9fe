"""Dreamer-like replay buffer: sequences sampled per host, assembled with a global sharding."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class ReplayConfig:
    batch: int = 8
    length: int = 8
    layout: P = field(default_factory=lambda: P("env", "time"))
    video_layout: P = field(default_factory=lambda: P("time", None, reduced={"env"}))


class Replay:
    def __init__(self, mesh, cfg):
        self.cfg = cfg
        self.sharding = NamedSharding(mesh, cfg.layout)

    def sample(self, rewards, n):
        for i in range(n):
            local = np.roll(rewards, i, axis=1)
            yield jax.make_array_from_process_local_data(self.sharding, local)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8) / 64,)


def main(rewards, cfg=ReplayConfig()):
    mesh = jax.make_mesh((2, 4), ("env", "time"))
    replay = Replay(mesh, cfg)
    with jax.set_mesh(mesh):
        frames = []
        for batch in replay.sample(rewards, 2):
            frames.append(top_level_all_gather(batch, cfg.video_layout))
        return frames[-1]


if __name__ == "__main__":
    print(main(*inputs()))
