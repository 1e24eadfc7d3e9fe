"""CTC-style loss: per-utterance sums over the sequence shards, then a sum over the batch axis
only (the value is already the same on every sequence shard)."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxes(NamedTuple):
    batch: str
    frames: str


AX = MeshAxes("data", "seq")


def loss_fn(logits, labels):
    logp = jax.nn.log_softmax(logits, axis=-1)
    nll = -jnp.take_along_axis(logp, labels[..., None], axis=-1)[..., 0]
    per_utt = jax.lax.psum(jnp.sum(nll, axis=1), AX.frames)
    return jax.lax.psum(jnp.sum(per_utt), AX.batch) / logits.shape[0]


def main(logits, labels):
    mesh = jax.make_mesh((2, 4), tuple(AX))
    f = jax.shard_map(loss_fn, mesh=mesh, in_specs=(P(*AX, None), P(*AX)), out_specs=P())
    return f(jax.device_put(logits, NamedSharding(mesh, P(*AX, None))),
             jax.device_put(labels, NamedSharding(mesh, P(*AX))))


def inputs():
    k1, k2 = jax.random.split(jax.random.key(107))
    return jax.random.normal(k1, (4, 16, 12)), jax.random.randint(k2, (4, 16), 0, 12)
