"""Write the fused track estimates to the logger process, which reads them per sensor."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SENSOR = os.environ.get("FUSION_SENSOR_AXIS", "sensor")
STATE = os.environ.get("FUSION_STATE_AXIS", "state")


def fused_tracks(mesh):
    x = np.random.default_rng(43).normal(size=(32, 12)).astype(np.float32)
    return jax.device_put(x, NamedSharding(mesh, P((SENSOR, STATE), None)))


def log_layout():
    return P(STATE, None, reduced={SENSOR})


def write_log(tracks, mesh):
    with jax.set_mesh(mesh):
        rows = top_level_all_gather(tracks, log_layout())
    return rows


def inputs():
    mesh = jax.make_mesh((2, 4), (SENSOR, STATE))
    return (fused_tracks(mesh), mesh)


def main(tracks, mesh):
    return write_log(tracks, mesh)


if __name__ == "__main__":
    main(*inputs())
