"""CTC-style frame loss of a Whisper-like encoder: per-utterance sums over the sequence shards,
then one global sum over a NamedTuple of mesh axes for the logged loss."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxes(NamedTuple):
    batch: str
    frames: str


AX = MeshAxes("data", "seq")


def frame_nll(logits, labels):
    logp = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.take_along_axis(logp, labels[..., None], axis=-1)[..., 0]


def utterance_loss(logits, labels):
    per_frame = frame_nll(logits, labels)
    return jax.lax.psum(jnp.sum(per_frame, axis=1), AX.frames)


def loss_fn(logits, labels):
    per_utt = utterance_loss(logits, labels)
    return jax.lax.psum(jnp.sum(per_utt), (*AX,)) / logits.shape[0]


def main(logits, labels):
    mesh = jax.make_mesh((2, 4), tuple(AX))
    spec = P(AX.batch, AX.frames)
    f = jax.shard_map(loss_fn, mesh=mesh, in_specs=(P(AX.batch, AX.frames, None), spec), out_specs=P())
    return f(jax.device_put(logits, NamedSharding(mesh, P(AX.batch, AX.frames, None))),
             jax.device_put(labels, NamedSharding(mesh, spec)))


def inputs():
    k1, k2 = jax.random.split(jax.random.key(24))
    return jax.random.normal(k1, (4, 16, 12)), jax.random.randint(k2, (4, 16), 0, 12)
