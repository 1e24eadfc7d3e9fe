"""Distributed eval loader: global batches built from per-process data, gathered for scoring."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class DistributedLoader:
    def __init__(self, mesh, data, batch_size, batch_axes):
        self.sharding = NamedSharding(mesh, P(batch_axes, None))
        self.data = data
        self.batch_size = batch_size

    def __iter__(self):
        for start in range(0, len(self.data), self.batch_size):
            local = self.data[start:start + self.batch_size]
            yield jax.make_array_from_process_local_data(self.sharding, local)


def score_on_host(loader, gather_spec):
    results = []
    for batch in loader:
        full = top_level_all_gather(batch, gather_spec)
        results.append(full)
    return results


def inputs():
    return (np.arange(16 * 4, dtype=np.float32).reshape(16, 4),)


def main(data):
    mesh = jax.make_mesh((2, 4), ("node", "local"))
    loader = DistributedLoader(mesh, data, batch_size=8, batch_axes=("node", "local"))
    with jax.set_mesh(mesh):
        return score_on_host(loader, P("local", None, reduced={"node"}))


if __name__ == "__main__":
    main(*inputs())
