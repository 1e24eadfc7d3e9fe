"""Trajectory writer: every SAVE_EVERY steps the positions are gathered for the XYZ dump."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SAVE_EVERY = 2
N_STEPS = 4
DT = 0.001

DUMP_LAYOUTS = {
    "xyz": P(None, None),
    "dcd": P(None, None, reduced={"cell"}),
}


def drift(pos, vel):
    return pos + DT * vel


def run(pos, vel, mesh, fmt="xyz"):
    frames = []
    with jax.set_mesh(mesh):
        for step in range(N_STEPS):
            pos = drift(pos, vel)
            if step % SAVE_EVERY == 0:
                frames.append(top_level_all_gather(pos, DUMP_LAYOUTS[fmt]))
    return frames


def main(pos, vel):
    mesh = jax.make_mesh((4, 2), ("cell", "replica"))
    sh = NamedSharding(mesh, P("cell", None))
    return run(jax.device_put(pos, sh), jax.device_put(vel, sh), mesh)


def inputs():
    rng = np.random.default_rng(13)
    return (rng.uniform(0, 10, (32, 3)).astype(np.float32),
            rng.standard_normal((32, 3)).astype(np.float32))
