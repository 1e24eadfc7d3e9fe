import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Loader:
    def __init__(self, mesh, table, layout=P(("i", "j"), None)):
        self.sharding = NamedSharding(mesh, layout)
        self.table = table

    def __iter__(self):
        for lo in range(0, 16, 8):
            yield {"x": jax.make_array_from_process_local_data(self.sharding, self.table[lo:lo + 8])}


def mixed(mesh, table):
    if len(table) > 100:
        yield {"x": jax.device_put(table[:8], NamedSharding(mesh, P(("i", "j"))))}
    yield {"x": jax.device_put(table[:8], NamedSharding(mesh, P("i")))}


def staged(mesh, table):
    batch = {"x": jax.device_put(table[:8], NamedSharding(mesh, P(("i", "j"))))}
    batch["x"] = jax.reshard(batch["x"], P("i"))
    yield batch


def augment(batch):
    batch["x"] = jax.reshard(batch["x"], P())
    return batch


def run(mesh, x):
    table = np.concatenate([np.asarray(x), np.asarray(x)])
    out = []
    with jax.set_mesh(mesh):
        for given in Loader(mesh, table, layout=P("i", None)):
            out.append(top_level_all_gather(given["x"], P(None, None, reduced={"i"})))  # none
        for either in mixed(mesh, table):
            out.append(top_level_all_gather(either["x"], P(None, reduced={"i"})))  # none
        for changed in staged(mesh, table):
            out.append(top_level_all_gather(changed["x"], P(None, reduced={"i"})))  # none
        for batch in Loader(mesh, table):
            augment(batch)
            out.append(top_level_all_gather(batch["x"], P(None, None)))  # none
    return out
