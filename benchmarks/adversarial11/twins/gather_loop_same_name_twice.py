"""A loop over (name, spec) pairs places "w" twice; the later placement is by rows."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUT = [("w", P(("i", "j"), None)), ("b", P("i", None)), ("v", P("i", None))]


def main(mesh, x):
    placed = {}
    with jax.set_mesh(mesh):
        for name, spec in LAYOUT:
            placed[name] = jax.device_put(x, NamedSharding(mesh, spec))
        return top_level_all_gather(placed["w"], P(None, None, reduced={"i"}))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
