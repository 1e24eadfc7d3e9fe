"""Partition function of a listwise (ListNet) reranking loss."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def gather_candidates(scores, doc_axis):
    return jax.lax.all_gather(scores, doc_axis, axis=1, tiled=True, to="reduced")


def listnet_partition(scores, labels, doc_axis="docs"):
    cand = gather_candidates(scores, doc_axis)
    z = jax.lax.psum(jnp.sum(jnp.exp(cand), axis=-1), axis_name=doc_axis)
    return jnp.log(z) - jax.lax.psum(jnp.sum(labels * scores, axis=-1), doc_axis)


def inputs():
    rng = np.random.default_rng(62)
    scores = rng.standard_normal((4, 16), dtype=np.float32)
    labels = (rng.random((4, 16)) < 0.2).astype(np.float32)
    return scores, labels


def main(scores, labels):
    mesh = jax.make_mesh((2, 4), ("docs", "terms"))
    spec = P("terms", "docs")
    scores = jax.device_put(scores, NamedSharding(mesh, spec))
    labels = jax.device_put(labels, NamedSharding(mesh, spec))
    fn = jax.shard_map(
        functools.partial(listnet_partition, doc_axis="docs"),
        mesh=mesh,
        in_specs=(spec, spec),
        out_specs=P("terms"),
    )
    return fn(scores, labels)


if __name__ == "__main__":
    main(*inputs())
