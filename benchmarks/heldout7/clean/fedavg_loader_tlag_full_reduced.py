"""FedAvg eval loader: make_array_from_process_local_data batches, labels gathered with a full reduced spec."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Loader:
    def __init__(self, mesh, labels, spec=P("clients", "shard")):
        self.sharding = NamedSharding(mesh, spec)
        self.labels = labels

    def __iter__(self):
        for i in range(0, len(self.labels), 16):
            yield jax.make_array_from_process_local_data(self.sharding, self.labels[i:i + 16])


def inputs():
    return (np.random.default_rng(110).integers(0, 4, size=(32, 8)).astype(np.int32),)


def main(labels):
    mesh = jax.make_mesh((4, 2), ("clients", "shard"))
    out = []
    with jax.set_mesh(mesh):
        for y in Loader(mesh, labels):
            out.append(top_level_all_gather(y, P("clients", None, reduced={"shard"})))
    return out


if __name__ == "__main__":
    print(main(*inputs()))
