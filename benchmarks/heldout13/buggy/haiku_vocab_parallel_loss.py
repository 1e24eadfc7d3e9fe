"""Haiku-style language-model loss with a vocab-parallel softmax: the logits' columns are
split over `model`, the batch over `data`; axis names come from a config dict."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {"mesh": {"batch": "data", "vocab": "model"}, "vocab_size": 32}


def cross_entropy(logits, labels, cfg=CONFIG):
    vocab_axis = cfg["mesh"]["vocab"]
    shard = logits.shape[-1]
    lo = jax.lax.axis_index(vocab_axis) * shard
    m = jax.lax.pmax(jnp.max(logits, axis=-1, keepdims=True), vocab_axis)
    lse = jnp.log(jax.lax.psum(jnp.sum(jnp.exp(logits - m), -1, keepdims=True), vocab_axis)) + m
    local = labels[:, None] - lo
    hit = (local >= 0) & (local < shard)
    picked = jnp.take_along_axis(logits, jnp.clip(local, 0, shard - 1), axis=-1)
    target = jax.lax.psum(jnp.where(hit, picked, 0.0), vocab_axis)
    return jnp.mean(lse - target)


def loss(logits, labels, cfg=CONFIG):
    nll = cross_entropy(logits, labels, cfg)
    return jax.lax.pmean(nll, tuple(cfg["mesh"].values()))


def main(logits, labels, mesh):
    b, v = CONFIG["mesh"]["batch"], CONFIG["mesh"]["vocab"]
    logits = jax.device_put(logits, NamedSharding(mesh, P(b, v)))
    labels = jax.device_put(labels, NamedSharding(mesh, P(b)))
    return jax.shard_map(loss, mesh=mesh, in_specs=(P(b, v), P(b)), out_specs=P())(logits, labels)


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    k1, k2 = jax.random.split(jax.random.key(19))
    return jax.random.normal(k1, (8, 32)), jax.random.randint(k2, (8,), 0, 32), mesh
