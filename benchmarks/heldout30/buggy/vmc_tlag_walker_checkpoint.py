"""Checkpoint the walker configurations in the restore layout read from the run configuration."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

RUN_CONFIG = {
    "mesh": {"shape": (4, 2), "axes": ("walkers", "electrons")},
    "sample_layout": ("walkers", "electrons", None),
    "checkpoint_layout": (None, None, None),
}


def checkpoint(walkers, cfg=RUN_CONFIG):
    mesh = jax.make_mesh(cfg["mesh"]["shape"], cfg["mesh"]["axes"])
    placed = jax.device_put(walkers, NamedSharding(mesh, P(*cfg["sample_layout"])))
    with jax.set_mesh(mesh):
        host = top_level_all_gather(placed, P(*cfg["checkpoint_layout"], reduced={"walkers"}))
    return host


def inputs():
    rng = np.random.default_rng(131)
    return (rng.normal(size=(16, 4, 3)).astype(np.float32),)


def main(walkers):
    return checkpoint(walkers)


if __name__ == "__main__":
    print(main(*inputs()))
