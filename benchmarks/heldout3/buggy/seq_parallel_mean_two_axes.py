"""Sequence parallel loss: token losses summed over the sequence shards, then averaged."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


def token_loss(logits, targets):
    return jnp.sum((logits - targets) ** 2, axis=-1)


@functools.partial(jax.jit, static_argnames=("batch_axis", "seq_axis"))
def sp_loss(logits, targets, batch_axis, seq_axis):
    mesh = jax.sharding.get_abstract_mesh()

    def body(logits, targets):
        per_seq = lax.psum(token_loss(logits, targets).sum(axis=1), seq_axis)
        return lax.pmean(per_seq.mean(), (batch_axis, seq_axis))

    spec = P(batch_axis, seq_axis)
    return jax.shard_map(body, mesh=mesh, in_specs=(spec, spec), out_specs=P())(logits, targets)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(4, 8, 4) / 128,
            np.zeros((4, 8, 4), np.float32))


def main(logits, targets):
    mesh = jax.make_mesh((2, 4), ("batch", "seq"))
    with jax.set_mesh(mesh):
        logits = jax.device_put(logits, P("batch", "seq"))
        targets = jax.device_put(targets, P("batch", "seq"))
        return sp_loss(logits, targets, batch_axis="batch", seq_axis="seq")


if __name__ == "__main__":
    print(main(*inputs()))
