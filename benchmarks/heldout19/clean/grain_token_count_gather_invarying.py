"""Grain-like iterator: per-batch token counts summed, then shared with to='invarying'."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ShardedIterator:
    def __init__(self, tokens, mesh, batch_size=8):
        self.tokens, self.batch_size = tokens, batch_size
        self.sharding = NamedSharding(mesh, P("data", None))

    def __iter__(self):
        for start in range(0, len(self.tokens), self.batch_size):
            rows = self.tokens[start:start + self.batch_size]
            yield jax.make_array_from_process_local_data(self.sharding, rows)


def count_body(batch):
    n_real = jnp.sum(batch != 0)[None]
    return jax.lax.all_gather(n_real, "data", tiled=True, to="invarying")


def main(tokens):
    mesh = jax.make_mesh((8,), ("data",))
    counter = jax.shard_map(count_body, mesh=mesh, in_specs=P("data", None), out_specs=P())
    return [counter(batch) for batch in ShardedIterator(tokens, mesh)]


def inputs():
    return (np.random.default_rng(113).integers(0, 50, (16, 12)).astype(np.int32),)
