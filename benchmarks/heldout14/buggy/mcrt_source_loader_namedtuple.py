"""Source-particle loader for a transport code: every host reads its share of a source
file; batches are global arrays built from process-local data, inspected on the host."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class SourceBatch(NamedTuple):
    position: jax.Array
    energy: jax.Array


class SourceLoader:
    def __init__(self, mesh, positions, energies, batch=32, spec=P(("photons", "groups"))):
        self.sharding = NamedSharding(mesh, spec)
        self.positions = positions
        self.energies = energies
        self.batch = batch

    def __iter__(self):
        for start in range(0, len(self.energies), self.batch):
            stop = start + self.batch
            yield SourceBatch(
                jax.make_array_from_process_local_data(self.sharding, self.positions[start:stop]),
                jax.make_array_from_process_local_data(self.sharding, self.energies[start:stop]),
            )


def inputs():
    return np.linspace(0, 1, 64, dtype=np.float32), np.linspace(1, 14, 64, dtype=np.float32)


def main(positions, energies):
    mesh = jax.make_mesh((4, 2), ("photons", "groups"))
    spectra = []
    with jax.set_mesh(mesh):
        for batch in SourceLoader(mesh, positions, energies):
            energy = top_level_all_gather(batch.energy, P("groups", reduced={"photons"}))
            spectra.append(jnp.histogram(jax.reshard(energy, P()), bins=4, range=(0, 15))[0])
    return jnp.stack(spectra)


if __name__ == "__main__":
    print(main(*inputs()))
