"""An input pipeline: host-local batches become global arrays, then one is gathered for logging."""
import numpy as np

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH_SPECS = {
    "image": P(("data", "fsdp")),
    "label": P(("data", "fsdp")),
}
LOG_SPECS = {"label": P("fsdp", reduced={"data"})}


class Loader:
    def __init__(self, mesh, batch_size=16):
        self.mesh = mesh
        self.batch_size = batch_size

    def __iter__(self):
        rng = np.random.default_rng(0)
        while True:
            local = {"image": rng.normal(size=(self.batch_size, 8)).astype(np.float32),
                     "label": rng.integers(0, 10, size=(self.batch_size,)).astype(np.int32)}
            yield {k: jax.make_array_from_process_local_data(NamedSharding(self.mesh, BATCH_SPECS[k]), v)
                   for k, v in local.items()}


def inputs():
    return (jax.make_mesh((2, 4), ("data", "fsdp")),)


def main(mesh):
    batch = next(iter(Loader(mesh)))
    with jax.set_mesh(mesh):
        labels = top_level_all_gather(batch["label"], LOG_SPECS["label"])
    return labels
