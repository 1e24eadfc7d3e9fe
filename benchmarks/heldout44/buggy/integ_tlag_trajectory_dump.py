"""Write a trajectory produced by a jitted, sharded MD loop to disk in one host layout."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class TrajectoryLayout:
    frames: P = dataclasses.field(default_factory=lambda: P(None, "walker", "particle", None))
    writer: P = dataclasses.field(default_factory=lambda: P(None, "walker", None, None))


def make_runner(mesh, layout, n_steps, dt):
    def run(position, velocity):
        def body(carry, _):
            x, v = carry
            v = v - dt * x
            x = x + dt * v
            return (x, v), x
        _, frames = jax.lax.scan(body, (position, velocity), None, length=n_steps)
        return frames
    return jax.jit(run, out_shardings=NamedSharding(mesh, layout.frames))


def inputs():
    rng = np.random.default_rng(21)
    return (rng.normal(size=(4, 16, 3)).astype(np.float32), rng.normal(size=(4, 16, 3)).astype(np.float32))


def main(position, velocity):
    mesh = jax.make_mesh((2, 4), ("walker", "particle"))
    layout = TrajectoryLayout()
    with jax.set_mesh(mesh):
        frames = make_runner(mesh, layout, n_steps=4, dt=0.01)(position, velocity)
        host = top_level_all_gather(frames, layout.writer)
    return host


if __name__ == "__main__":
    main(*inputs())
