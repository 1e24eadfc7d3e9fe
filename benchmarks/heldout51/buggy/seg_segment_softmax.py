"""Segment softmax over edge logits, as in attention over a sparse graph."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class SoftmaxAxes(NamedTuple):
    edges: str = "nnz"
    heads: str = "feat"


def stable_shift(logits, axes):
    return jax.lax.pmax(jnp.max(logits), (axes.edges, axes.heads))


def segment_softmax(logits, segment_ids, num_segments, axes=SoftmaxAxes()):
    shift = stable_shift(logits, axes)
    full = jax.lax.all_gather(logits, axes.edges, axis=0, tiled=True, to="reduced")
    ids = jax.lax.all_gather(segment_ids, axes.edges, tiled=True, to="invarying")
    e = jnp.exp(full - shift)
    denom = jax.ops.segment_sum(e, ids, num_segments=num_segments)
    return e / denom[ids]


def inputs():
    rng = np.random.default_rng(55)
    return rng.normal(size=(16, 4)).astype(np.float32), rng.integers(0, 4, size=16).astype(np.int32)


def main(logits, ids):
    mesh = jax.make_mesh((4, 2), ("nnz", "feat"))
    logits = jax.device_put(logits, NamedSharding(mesh, P("nnz", "feat")))
    ids = jax.device_put(ids, NamedSharding(mesh, P("nnz")))
    return jax.shard_map(lambda l, i: segment_softmax(l, i, 4), mesh=mesh,
                         in_specs=(P("nnz", "feat"), P("nnz")), out_specs=P(None, "feat"))(logits, ids)


if __name__ == "__main__":
    main(*inputs())
