"""Checkpoint restore, then an export of the embedding for an eval host: arrays re-placed from a spec table."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SAVE_LAYOUT = {"embed": P(("data", "model"), None), "proj": P(None, "model")}
EXPORT_LAYOUT = {"embed": P("model", reduced={"data"}), "proj": P(None, None, reduced={"model"})}


class Restorer:
    def __init__(self, mesh, layout):
        self.mesh = mesh
        self.layout = layout

    def restore(self, arrays):
        return {name: jax.device_put(arr, NamedSharding(self.mesh, self.layout[name]))
                for name, arr in arrays.items()}


def inputs():
    rng = np.random.default_rng(21)
    return ({"embed": rng.normal(size=(16, 4)).astype(np.float32),
             "proj": rng.normal(size=(4, 8)).astype(np.float32)},)


def main(arrays):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    state = Restorer(mesh, SAVE_LAYOUT).restore(arrays)
    with jax.set_mesh(mesh):
        proj = top_level_all_gather(state["proj"], EXPORT_LAYOUT["proj"])
        embed = top_level_all_gather(state["embed"], EXPORT_LAYOUT["embed"])
    return embed, proj


if __name__ == "__main__":
    print(main(*inputs()))
