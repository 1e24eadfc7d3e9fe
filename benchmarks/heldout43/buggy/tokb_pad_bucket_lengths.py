"""Padding buckets: each request's true length decides which compiled sequence bucket it uses."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BUCKETS = (16, 32, 64, 128)


def build_bucketer(mesh, buckets=BUCKETS):
    batch_axis, seq_axis = mesh.axis_names
    edges = jnp.asarray(buckets, jnp.float32)

    @functools.partial(jax.shard_map, mesh=mesh, in_specs=P(batch_axis, seq_axis),
                       out_specs=P(batch_axis, None, reduced={seq_axis}))
    def bucket_of(attention_mask):
        lengths = jax.lax.psum(jnp.sum(attention_mask, axis=1), seq_axis)
        bucket = jnp.searchsorted(edges, lengths).astype(jnp.float32)
        return jax.lax.all_gather(bucket[:, None], seq_axis, axis=1, tiled=True, to="reduced")

    return bucket_of


def inputs():
    rng = np.random.default_rng(50)
    lengths = rng.integers(1, 64, size=(8,))
    mask = (np.arange(64)[None, :] < lengths[:, None]).astype(np.float32)
    return (mask,)


def main(attention_mask):
    mesh = jax.make_mesh((2, 4), ("batch", "seq"))
    attention_mask = jax.device_put(attention_mask, NamedSharding(mesh, P("batch", "seq")))
    return build_bucketer(mesh)(attention_mask)


if __name__ == "__main__":
    main(*inputs())
