"""Snapshot writer of an SPH run: the output layout is chosen by the job's environment."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SIM_AXES = tuple(os.environ.get("SPH_MESH_AXES", "cell,part").split(","))
SNAPSHOT_AXIS = os.environ.get("SPH_SNAPSHOT_AXIS", SIM_AXES[1])


def advance(pos, vel, dt=0.01):
    return pos + dt * vel


def write_snapshot(mesh, pos, vel):
    sharding = NamedSharding(mesh, P(SIM_AXES, None))
    pos = jax.device_put(pos, sharding)
    vel = jax.device_put(vel, sharding)
    with jax.set_mesh(mesh):
        pos = advance(pos, vel)
        frame = top_level_all_gather(pos, P(SNAPSHOT_AXIS, None))
    return frame


def inputs():
    rng = np.random.default_rng(25)
    return (rng.uniform(size=(16, 3)).astype(np.float32),
            rng.normal(size=(16, 3)).astype(np.float32))


def main(pos, vel):
    mesh = jax.make_mesh((2, 4), SIM_AXES)
    return write_snapshot(mesh, pos, vel)


if __name__ == "__main__":
    print(main(*inputs()).shape)
