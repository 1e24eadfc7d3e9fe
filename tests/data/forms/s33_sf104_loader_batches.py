import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Loader:
    def __init__(self, mesh, batch_axis="i"):
        self.sharding = NamedSharding(mesh, P(batch_axis))
        self.steps = 2

    def __iter__(self):
        for step in range(self.steps):
            local = np.full((8, 4), step, np.float32)
            yield jax.make_array_from_process_local_data(self.sharding, local)


def batches(mesh, axis):
    for step in range(2):
        yield jax.device_put(np.full((8, 4), step, np.float32), NamedSharding(mesh, P(None, axis)))


def main(mesh):
    out = []
    with jax.set_mesh(mesh):
        for batch in Loader(mesh):
            out.append(top_level_all_gather(batch, P(None)))  # SF104
        loader = Loader(mesh, batch_axis="j")
        for batch in loader:
            out.append(top_level_all_gather(batch, P(None, reduced={"j"})))  # none
            out.append(top_level_all_gather(batch, P(None, reduced={"i"})))  # SF104
        for cols in batches(mesh, "j"):
            out.append(top_level_all_gather(cols, P()))  # SF104
    return out
