"""A loader places each batch with its sharding; a debug hook gathers one batch to the host layout."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Loader:
    def __init__(self, mesh, data, batch_size):
        self.sharding = NamedSharding(mesh, P(("data", "model")))
        self.data = data
        self.batch_size = batch_size

    def __iter__(self):
        for start in range(0, len(self.data), self.batch_size):
            yield {"x": jax.device_put(self.data[start:start + self.batch_size], self.sharding)}


def debug_dump(batch):
    full = top_level_all_gather(batch["x"], P(None, reduced={"data", "model"}))
    return jax.reshard(full, P())


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(16, 8),)


def main(data):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    total = 0.0
    with jax.set_mesh(mesh):
        for batch in Loader(mesh, data, 8):
            total = total + debug_dump(batch).sum()
    return total


if __name__ == "__main__":
    print(main(*inputs()))
