"""A checkpointer method gathers in a loop over `sorted(stats)`, the dict its one caller builds by
a comprehension over `main`'s own dict; the out specs are a table the constructor takes as a
default argument and stores in a field (`self.layouts[name]`). Only `right` lacks `reduced=`."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

SAVE_LAYOUTS = {
    "left": P("i", None, reduced={"j"}),
    "right": P("i", None),
}


class Checkpointer:
    def __init__(self, mesh, layouts=SAVE_LAYOUTS):
        self.mesh = mesh
        self.layouts = layouts

    def save(self, stats):
        saved = {}
        with jax.set_mesh(self.mesh):
            for name in sorted(stats):
                saved[name] = top_level_all_gather(stats[name], self.layouts[name])  # SF104
        return saved


def main(mesh, x):
    stats = {"left": np.asarray(x), "right": np.asarray(x) + 1.0}
    stats = {k: jax.device_put(v, NamedSharding(mesh, P("i", "j"))) for k, v in stats.items()}
    return Checkpointer(mesh).save(stats)
