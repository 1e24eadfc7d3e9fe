"""word2vec with negative sampling: the unigram counts of each global batch (fed by a host
loader) build the noise distribution shared by all batch shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

VOCAB = 32


class CorpusLoader:
    def __init__(self, mesh, spec=P("batch"), batch=16, seed=0):
        self.sharding = NamedSharding(mesh, spec)
        self.batch, self.rng = batch, np.random.default_rng(seed)

    def __iter__(self):
        for _ in range(2):
            ids = self.rng.integers(0, VOCAB, size=(self.batch,), dtype=np.int32)
            yield jax.make_array_from_process_local_data(self.sharding, ids)


def noise_distribution(ids, power=0.75):
    counts = jax.lax.psum(jnp.bincount(ids, length=VOCAB).astype(jnp.float32), "batch")
    table = jax.lax.all_gather(counts ** power, "batch", axis=0, to="reduced")
    return table


def main(mesh):
    fn = jax.shard_map(noise_distribution, mesh=mesh, in_specs=P("batch"),
                       out_specs=P(None, None, reduced={"batch"}))
    return [fn(ids) for ids in CorpusLoader(mesh)]


def inputs():
    return (jax.make_mesh((8,), ("batch",)),)
