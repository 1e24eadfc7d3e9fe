"""Export of the steering-vector table for the on-device beamformer runtime."""
import contextlib

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUTS = {
    "steering": {
        "placed": [["freq", "mic"], None],
        "export": ["mic", None],
    },
}


def spec(entry):
    return P(*(tuple(e) if isinstance(e, list) else e for e in entry))


@contextlib.contextmanager
def serving(mesh):
    with jax.set_mesh(mesh):
        yield mesh


def steering_table(n_dirs=16, n_bins=4):
    angles = np.linspace(0, np.pi, n_dirs, dtype=np.float32)[:, None]
    bins = np.arange(n_bins, dtype=np.float32)[None, :]
    return np.cos(angles * bins)


def inputs():
    return (steering_table(),)


def main(table):
    mesh = jax.make_mesh((2, 4), ("freq", "mic"))
    placed = jax.device_put(table, NamedSharding(mesh, spec(LAYOUTS["steering"]["placed"])))
    with serving(mesh):
        exported = top_level_all_gather(placed, spec(LAYOUTS["steering"]["export"]))
    return exported


if __name__ == "__main__":
    print(main(*inputs()))
