"""Audio loader feeding make_array_from_process_local_data; labels replicated with jax.reshard."""
import numpy as np

import jax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


def batches(sharding, n=2, batch=16):
    rng = np.random.default_rng(0)
    for _ in range(n):
        labels = rng.integers(0, 10, (batch,)).astype(np.int32)
        yield jax.make_array_from_process_local_data(sharding, labels)


def inputs():
    return (NamedSharding(mesh, P("data")),)


def main(sharding):
    with jax.set_mesh(mesh):
        return [jax.reshard(labels, P(None)) for labels in batches(sharding)]
