"""Export recorded monitors (time x cells), per population, for plotting."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MONITOR_SPECS = {
    "raster": P(None, ("pop", "neuron")),
    "voltage": P(None, ("pop", "neuron")),
}
PER_POPULATION = P(None, "pop")


def export_monitors(recorded, mesh):
    placed = {name: jax.device_put(recorded[name], NamedSharding(mesh, spec))
              for name, spec in MONITOR_SPECS.items()}
    views = {}
    with jax.set_mesh(mesh):
        for name in MONITOR_SPECS:
            views[name] = top_level_all_gather(placed[name], PER_POPULATION)
    return views


def inputs():
    rng = np.random.default_rng(63)
    return ({"raster": (rng.uniform(size=(50, 64)) < 0.05).astype(np.float32),
             "voltage": rng.normal(size=(50, 64)).astype(np.float32)},)


def main(recorded):
    mesh = jax.make_mesh((2, 4), ("pop", "neuron"))
    return export_monitors(recorded, mesh)


if __name__ == "__main__":
    print({k: v.shape for k, v in main(*inputs()).items()})
