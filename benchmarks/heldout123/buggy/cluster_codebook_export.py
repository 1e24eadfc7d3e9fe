"""Export of a vector-quantisation codebook split over codes and features.

``shardcluster.vq.io``: ``codebook_spec`` names the layout a consumer
wants; ``"by_feature"`` serves the per-feature decoders.
"""
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

__all__ = ["place_codebook", "codebook_spec", "export_codebook"]

_CONSUMERS = {
    "replicated": lambda code, feat: P(None, None, reduced={code, feat}),
    "by_code": lambda code, feat: P(code, None, reduced={feat}),
    "by_feature": lambda code, feat: P(feat, None, reduced={code}),
}


def place_codebook(codebook, mesh):
    """Split a ``(n_codes, dim)`` codebook over ``(codes, features)``."""
    codebook = np.atleast_2d(np.asarray(codebook, dtype=np.float32))
    return jax.device_put(codebook, NamedSharding(mesh, P(*mesh.axis_names)))


def codebook_spec(mesh, consumer=None):
    """Export spec for ``consumer`` (default ``"by_code"``).

    Raises
    ------
    ValueError
        If the consumer is unknown.
    """
    if consumer is None:
        consumer = "by_code"
    try:
        return _CONSUMERS[consumer](*mesh.axis_names)
    except KeyError:
        raise ValueError(f"unknown consumer {consumer!r}") from None


def export_codebook(cb, mesh, consumer=None):
    """Gather a placed codebook for ``consumer``."""
    with jax.set_mesh(mesh):
        return top_level_all_gather(cb, codebook_spec(mesh, consumer), multi_dim=True)


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(codebook):
    mesh = jax.make_mesh((4, 2), ("code", "feat"))
    cb = place_codebook(codebook, mesh)
    for consumer in (None, "replicated"):
        out = export_codebook(cb, mesh, consumer)
        np.testing.assert_array_equal(np.asarray(out), codebook)
    return export_codebook(cb, mesh, "by_feature")


if __name__ == "__main__":
    main(*inputs())
