"""Levanter-like vocab-parallel cross entropy; the loss averaged over the logical batch and embed axes."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS_MAPPING = {"batch": "data", "vocab": "model", "embed": "model"}
mesh = jax.make_mesh((2, 4), ("data", "model"))


def to_mesh_axes(*logical):
    return tuple(AXIS_MAPPING[a] for a in logical)


def loss_fn(h, w_vocab, labels):
    logits = h @ w_vocab
    local_max = jnp.max(logits, axis=-1)
    m = jax.lax.pmax(local_max, "model")
    z = jax.lax.psum(jnp.sum(jnp.exp(logits - m[:, None]), axis=-1), "model")
    offset = jax.lax.axis_index("model") * logits.shape[-1]
    local = jnp.arange(logits.shape[-1]) + offset
    target = jax.lax.psum(jnp.sum(jnp.where(local[None] == labels[:, None], logits, 0.0), -1), "model")
    nll = jnp.log(z) + m - target
    return jax.lax.pmean(jnp.mean(nll), to_mesh_axes("batch", "embed"))


def inputs():
    h = jnp.sin(jnp.arange(16 * 8, dtype=jnp.float32)).reshape(16, 8)
    w = jnp.cos(jnp.arange(8 * 32, dtype=jnp.float32)).reshape(8, 32)
    labels = jnp.arange(16) % 32
    return (jax.device_put(h, NamedSharding(mesh, P("data"))),
            jax.device_put(w, NamedSharding(mesh, P(None, "model"))),
            jax.device_put(labels, NamedSharding(mesh, P("data"))))


def main(h, w, labels):
    return jax.shard_map(loss_fn, mesh=mesh, in_specs=(P("data"), P(None, "model"), P("data")),
                         out_specs=P())(h, w, labels)
