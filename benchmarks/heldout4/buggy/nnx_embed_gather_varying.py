"""A flax-nnx-like Embed module: the table lives in a Param variable, the forward pass gathers
the vocab-sharded table; attend() also gathers the feature columns for the logits."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Param:
    def __init__(self, value, sharding=()):
        self.value = value
        self.sharding = sharding


class Embed:
    def __init__(self, table, vocab_axis="vocab"):
        self.embedding = Param(table, sharding=(vocab_axis, None))
        self.vocab_axis = vocab_axis

    def full_table(self, table):
        return jax.lax.all_gather(table, self.vocab_axis, axis=0, tiled=True, to="reduced")

    def attend(self, table, query):
        table = self.full_table(table)
        logits_table = jax.lax.all_gather(table, self.vocab_axis, axis=1, tiled=True, to="invarying")
        return query @ logits_table[:, : query.shape[-1]].T


def inputs():
    table = np.arange(16 * 4, dtype=np.float32).reshape(16, 4) / 64.0
    query = np.ones((2, 4), np.float32)
    return table, query


def main(table, query):
    mesh = jax.make_mesh((8,), ("vocab",))
    emb = Embed(table)
    spec = P(*emb.embedding.sharding)
    table = jax.device_put(table, NamedSharding(mesh, spec))
    query = jax.device_put(query, NamedSharding(mesh, P()))
    f = jax.shard_map(emb.attend, mesh=mesh, in_specs=(spec, P()), out_specs=P())
    return f(table, query)


if __name__ == "__main__":
    print(main(*inputs()))
