"""Streaming item-frequency estimates for the logQ correction of a two-tower retrieval model."""
import types

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

hp = types.SimpleNamespace(
    vocab=64,
    batch_axis="batch",
    table_axis="table",
    mesh=(2, 4),
    decay=0.99,
)


def local_counts(item_ids, vocab_local, table_axis):
    offset = jax.lax.axis_index(table_axis) * vocab_local
    return jax.nn.one_hot(item_ids - offset, vocab_local).sum(axis=0)


def frequency_step(item_ids):
    vocab_local = hp.vocab // hp.mesh[1]
    counts = local_counts(item_ids, vocab_local, hp.table_axis)
    counts = jax.lax.psum(counts, hp.batch_axis)
    counts = jax.lax.pcast(counts, hp.batch_axis, to="varying")
    return jax.lax.all_gather(counts, hp.batch_axis, to="reduced")


def inputs():
    rng = np.random.default_rng(11)
    return (rng.integers(0, hp.vocab, size=(64,)).astype(np.int32),)


def main(item_ids):
    mesh = jax.make_mesh(hp.mesh, (hp.batch_axis, hp.table_axis))
    item_ids = jax.device_put(item_ids, NamedSharding(mesh, P(hp.batch_axis)))
    step = jax.shard_map(frequency_step, mesh=mesh, in_specs=P(hp.batch_axis),
                         out_specs=P(None, hp.table_axis, reduced={hp.batch_axis}))
    return step(item_ids)


if __name__ == "__main__":
    print(main(*inputs()))
