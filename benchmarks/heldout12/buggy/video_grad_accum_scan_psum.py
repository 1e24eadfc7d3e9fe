"""Video classifier: gradient accumulation over micro-batches with lax.scan, then a global sync."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

DATA, TIME = "data", "time"
SYNC_AXES = (DATA, TIME)


def loss_fn(w, clips, labels):
    feats = clips.mean(axis=(1, 2))
    logits = feats @ w
    return jnp.mean((logits - labels) ** 2)


def accumulate(w, clips, labels, n_micro=2):
    clips = clips.reshape(n_micro, -1, *clips.shape[1:])
    labels = labels.reshape(n_micro, -1, *labels.shape[1:])

    def micro(acc, xs):
        g = jax.grad(loss_fn)(w, *xs)
        return jax.tree.map(jnp.add, acc, g), None

    grads, _ = jax.lax.scan(micro, jnp.zeros_like(w), (clips, labels))
    return grads / n_micro


def main(mesh, w, clips, labels):
    @functools.partial(jax.shard_map, mesh=mesh,
                       in_specs=(P(None, TIME), P(DATA, None, None, None), P(DATA, TIME)),
                       out_specs=P(None, TIME))
    def train_step(w, clips, labels):
        grads = accumulate(w, clips, labels)
        grads = jax.lax.pmean(grads, SYNC_AXES)
        return w - 0.1 * grads

    return train_step(w, clips, labels)


def inputs():
    mesh = jax.make_mesh((2, 4), (DATA, TIME))
    w = jax.random.normal(jax.random.key(25), (6, 8))
    clips = jax.random.normal(jax.random.key(26), (8, 4, 5, 6))
    labels = jnp.ones((8, 8))
    return (mesh, jax.device_put(w, NamedSharding(mesh, P(None, TIME))),
            jax.device_put(clips, NamedSharding(mesh, P(DATA, None, None, None))),
            jax.device_put(labels, NamedSharding(mesh, P(DATA, TIME))))
