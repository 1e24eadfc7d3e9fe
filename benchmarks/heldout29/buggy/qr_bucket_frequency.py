"""Quotient-remainder hashed embeddings: bucket hit counts used for frequency-aware LR."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_REMAINDER = 16


class QREmbeddingStats:
    def __init__(self, batch_axis, table_axis):
        self.batch_axis, self.table_axis = batch_axis, table_axis

    def remainder_hits(self, ids):
        rem = ids % N_REMAINDER
        return jax.nn.one_hot(rem, N_REMAINDER).sum(axis=(0, 1))

    def frequency_table(self, ids):
        hits = jax.lax.psum(self.remainder_hits(ids), self.batch_axis)
        return jax.lax.all_gather(hits, self.batch_axis, axis=0, to="reduced")


def inputs():
    rng = np.random.default_rng(701)
    return (rng.integers(0, 10_000, (32, 8)).astype(np.int32),)


def main(ids):
    stats = QREmbeddingStats("batch", "table")
    mesh = jax.make_mesh((4, 2), ("batch", "table"))
    ids = jax.device_put(ids, NamedSharding(mesh, P("batch", "table")))
    fn = jax.shard_map(stats.frequency_table, mesh=mesh, in_specs=P("batch", "table"),
                       out_specs=P(None, "table", reduced={"batch"}))
    return fn(ids)


if __name__ == "__main__":
    print(main(*inputs()))
