"""Trajectory writer for a slab-decomposed MD run: every frame is gathered to the lane layout."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

N_ATOMS = 64
N_STEPS = 4
DT = 0.01
AXES = ("slab", "lane")
STATE_SPEC = P("slab", "lane")
FRAME_SPEC = P(None, "lane", reduced={"slab"})


class TrajectoryWriter:
    def __init__(self, path):
        self.path = path
        self.frames = []

    def frame(self, positions):
        out = top_level_all_gather(positions, FRAME_SPEC)
        self.frames.append(out)
        return out


@jax.jit
def step(x, v):
    f = -x
    v = v + DT * f
    return x + DT * v, v


def inputs():
    rng = np.random.default_rng(103)
    x = rng.normal(size=(8, N_ATOMS // 8 * 4)).astype(np.float32)
    v = rng.normal(size=(8, N_ATOMS // 8 * 4)).astype(np.float32)
    return x, v


def main(x, v):
    mesh = jax.make_mesh((2, 4), AXES)
    writer = TrajectoryWriter("traj.npz")
    with jax.set_mesh(mesh):
        x = jax.device_put(x, NamedSharding(mesh, STATE_SPEC))
        v = jax.device_put(v, NamedSharding(mesh, STATE_SPEC))
        for _ in range(N_STEPS):
            x, v = step(x, v)
        last = writer.frame(x)
    return last


if __name__ == "__main__":
    main(*inputs())
