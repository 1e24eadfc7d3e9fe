"""Near misses of cb17: the stored table's failing entry is replaced through the field before the
save (`ck.layouts["right"] = ...`, valid)."""
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
                saved[name] = top_level_all_gather(stats[name], self.layouts[name])
        return saved


def main(mesh, x):
    stats = {"left": np.asarray(x), "right": np.asarray(x) + 1.0}
    stats = {k: jax.device_put(v, NamedSharding(mesh, P("i", "j"))) for k, v in stats.items()}
    ck = Checkpointer(mesh)
    ck.layouts["right"] = P("i", None, reduced={"j"})
    return ck.save(stats)
