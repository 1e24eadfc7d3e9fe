"""Restart-file writer: prognostic fields are gathered whole before they go to disk."""
import contextlib

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PROGNOSTIC = ("ps", "theta")
COLUMNS = P(("lat", "lon"), None)
ON_DISK = P(None, None, reduced={"lat", "lon"})


@contextlib.contextmanager
def model_context(mesh):
    with mesh:
        yield mesh


def write_restart(state):
    return {name: top_level_all_gather(state[name], ON_DISK) for name in PROGNOSTIC}


def inputs():
    rng = np.random.default_rng(2)
    return (rng.random((32, 4), dtype=np.float32), rng.random((32, 4), dtype=np.float32))


def main(ps, theta):
    mesh = jax.make_mesh((2, 4), ("lat", "lon"))
    columns = NamedSharding(mesh, COLUMNS)
    state = {"ps": jax.device_put(ps, columns), "theta": jax.device_put(theta, columns)}
    with model_context(mesh):
        restart = write_restart(state)
    return restart


if __name__ == "__main__":
    print(main(*inputs()))
