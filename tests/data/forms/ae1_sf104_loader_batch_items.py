import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class PairLoader:
    def __init__(self, mesh, images, labels, layout=P(("i", "j"), None)):
        self.sharding = NamedSharding(mesh, layout)
        self.images = images
        self.labels = labels

    def __iter__(self):
        for lo in range(0, 16, 8):
            yield {"image": jax.make_array_from_process_local_data(self.sharding, self.images[lo:lo + 8]),
                   "label": jax.make_array_from_process_local_data(self.sharding, self.labels[lo:lo + 8])}


def stream(mesh, columns):
    sharding = NamedSharding(mesh, P("i", "j"))
    for _ in range(2):
        yield {name: jax.device_put(col, sharding) for name, col in columns.items()}


class Shards:
    def __init__(self, mesh, table):
        self.mesh = mesh
        self.table = table

    def __iter__(self):
        spec = NamedSharding(self.mesh, P(None, "j"))
        if len(self.table) > 8:
            yield dict(tokens=jax.device_put(self.table[:8], spec))
        yield dict(tokens=jax.device_put(self.table[-8:], spec))


def run(mesh, x):
    host = np.asarray(x)
    table = np.concatenate([host, host])
    out = []
    with jax.set_mesh(mesh):
        for batch in PairLoader(mesh, table, table):
            out.append(top_level_all_gather(batch["label"], P("i", None)))  # SF104
        for cols in stream(mesh, {"a": host, "b": host}):
            out.append(top_level_all_gather(cols["b"], P(None, "j")))  # SF104
        for shard in Shards(mesh, table):
            out.append(top_level_all_gather(shard["tokens"], P(None, "i", reduced={"j"})))  # SF104
    return out
