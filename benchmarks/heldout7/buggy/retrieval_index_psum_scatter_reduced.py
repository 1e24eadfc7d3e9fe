"""Retrieval training: query-document scores against a gathered index, gradients scattered back to the shards."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

INDEX_AXIS = "index"


def gather_index(docs, axis=INDEX_AXIS):
    return jax.lax.all_gather(docs, axis, tiled=True, to="reduced")


def scatter_back(full, axis=INDEX_AXIS):
    return jax.lax.psum_scatter(full, axis, scatter_dimension=0, tiled=True)


def inputs():
    rng = np.random.default_rng(17)
    return rng.normal(size=(4, 8)).astype(np.float32), rng.normal(size=(32, 8)).astype(np.float32)


def main(queries, docs):
    mesh = jax.make_mesh((8,), (INDEX_AXIS,))
    docs = jax.device_put(docs, NamedSharding(mesh, P(INDEX_AXIS, None)))
    queries = jax.device_put(queries, NamedSharding(mesh, P()))

    def score(q, d):
        index = gather_index(d)
        s = jnp.tanh(index)
        update = scatter_back(s)
        return q @ update.T

    shard = functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(INDEX_AXIS, None)))
    return shard(score, out_specs=P(None, INDEX_AXIS))(queries, docs)


if __name__ == "__main__":
    print(main(*inputs()))
