"""Per-host loader batches moved to a replicated layout with jax.reshard for a debug dump."""
import itertools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class HostLoader:
    def __init__(self, mesh, source, spec=P("data", "seq")):
        self.sharding = NamedSharding(mesh, spec)
        self.source = source

    def __iter__(self):
        for i in range(0, len(self.source), 8):
            chunk = self.source[i:i + 8]
            yield {"targets": jax.make_array_from_process_local_data(self.sharding, chunk[:, 1:])}


def main(source):
    mesh = jax.make_mesh((4, 2), ("data", "seq"))
    dumped = []
    with jax.set_mesh(mesh):
        for batch in itertools.islice(HostLoader(mesh, source), 2):
            dumped.append(jax.reshard(batch["targets"], P("seq", None)))
    return dumped


def inputs():
    return (np.random.default_rng(112).integers(0, 100, (24, 9)).astype(np.int32),)
