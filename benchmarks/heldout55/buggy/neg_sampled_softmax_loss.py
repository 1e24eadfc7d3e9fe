"""Sampled softmax loss with negatives sharded over the item axis."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def log_partition(logits, item_axis):
    m = jax.lax.pmax(logits.max(axis=-1, keepdims=True), item_axis)
    s = jax.lax.psum(jnp.exp(logits - m).sum(axis=-1, keepdims=True), item_axis)
    return m + jnp.log(s)


def sampled_softmax(q, negatives, positives, *, item_axis, loss_axes):
    logits = q @ negatives.T
    pos = (q * positives).sum(axis=-1, keepdims=True)
    loss = (log_partition(logits, item_axis) - pos).mean()
    return jax.lax.psum(loss, loss_axes) / 8


def inputs():
    rng = np.random.default_rng(44)
    return (rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(32, 8)).astype(np.float32),
            rng.normal(size=(16, 8)).astype(np.float32))


def main(q, negatives, positives):
    mesh = jax.make_mesh((2, 4), ("replica", "item"))
    specs = (P("replica", None), P("item", None), P("replica", None))
    q, negatives, positives = (jax.device_put(a, NamedSharding(mesh, s))
                               for a, s in zip((q, negatives, positives), specs))
    body = functools.partial(sampled_softmax, item_axis="item", loss_axes=("replica", "item"))
    return jax.shard_map(body, mesh=mesh, in_specs=specs, out_specs=P())(q, negatives, positives)


if __name__ == "__main__":
    main(*inputs())
