"""FedAvg evaluation: client batches built with make_array_from_process_local_data, labels collected for metrics."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class ClientLoader:
    def __init__(self, mesh, features, labels, spec=P("clients", "shard")):
        self.sharding = NamedSharding(mesh, spec)
        self.features = features
        self.labels = labels

    def __iter__(self):
        for start in range(0, self.features.shape[0], 16):
            x = self.features[start:start + 16]
            y = self.labels[start:start + 16]
            yield {"x": jax.make_array_from_process_local_data(self.sharding, x),
                   "y": jax.make_array_from_process_local_data(self.sharding, y)}


def inputs():
    rng = np.random.default_rng(22)
    return rng.normal(size=(32, 8)).astype(np.float32), rng.integers(0, 4, size=(32, 8)).astype(np.int32)


def main(features, labels):
    mesh = jax.make_mesh((4, 2), ("clients", "shard"))
    seen = []
    with jax.set_mesh(mesh):
        for batch in ClientLoader(mesh, features, labels):
            seen.append(top_level_all_gather(batch["y"], P("clients", None)))
    return seen


if __name__ == "__main__":
    print(main(*inputs()))
