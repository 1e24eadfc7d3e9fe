"""Per-species reference energies fitted from dataset statistics before training a potential."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA, MODEL = "data", "model"
NUM_SPECIES = 4


def species_statistics(species_onehot, energies):
    counts = jnp.sum(species_onehot, axis=1)
    return {"counts": jnp.sum(counts, axis=0, keepdims=True),
            "energy": jnp.sum(energies, axis=0, keepdims=True),
            "gram": jnp.einsum("bs,bt->st", counts, counts)[None]}


def dataset_statistics(species_onehot, energies):
    stats = species_statistics(species_onehot, energies)
    stats = jax.tree.map(lambda s: jax.lax.psum(s, DATA), stats)
    return jax.tree.map(lambda s: jax.lax.all_gather(s, DATA, axis=0, tiled=True, to="reduced"), stats)


def inputs():
    rng = np.random.default_rng(36)
    species = rng.integers(0, NUM_SPECIES, size=(16, 12))
    onehot = np.eye(NUM_SPECIES, dtype=np.float32)[species]
    energies = rng.normal(size=(16, 1)).astype(np.float32)
    return onehot, energies


def main(onehot, energies):
    mesh = jax.make_mesh((2, 4), (DATA, MODEL))
    onehot = jax.device_put(onehot, NamedSharding(mesh, P(DATA, None, None)))
    energies = jax.device_put(energies, NamedSharding(mesh, P(DATA, None)))
    out_specs = {"counts": P(None, None, reduced={DATA}), "energy": P(None, None, reduced={DATA}),
                 "gram": P(None, None, None, reduced={DATA})}
    return jax.shard_map(dataset_statistics, mesh=mesh, in_specs=(P(DATA, None, None), P(DATA, None)),
                         out_specs=out_specs)(onehot, energies)


if __name__ == "__main__":
    main(*inputs())
