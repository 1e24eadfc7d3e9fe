"""T5X-like compute_weighted_cross_entropy with label smoothing on vocab-sharded logits."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_SHAPE = {"data": 2, "model": 4}


def onehot(labels, num_classes, on_value=1.0, off_value=0.0):
    x = labels[..., None] == jnp.arange(num_classes)
    return jnp.where(x, on_value, off_value).astype(jnp.float32)


def compute_weighted_cross_entropy(logits, targets, weights=None, label_smoothing=0.0, vocab_axis="model"):
    vocab_size = logits.shape[-1] * jax.lax.axis_size(vocab_axis)
    confidence = 1.0 - label_smoothing
    low_confidence = (1.0 - confidence) / (vocab_size - 1)
    normalizing_constant = -(
        confidence * np.log(confidence) + (vocab_size - 1) * low_confidence * np.log(low_confidence + 1e-20))
    soft_targets = onehot(targets, vocab_size, on_value=confidence, off_value=low_confidence)
    full_logits = jax.lax.all_gather(logits, vocab_axis, axis=-1, tiled=True, to="reduced")
    log_probs = jax.nn.log_softmax(full_logits, axis=-1)
    loss = -jnp.sum(soft_targets * log_probs, axis=-1) - normalizing_constant
    if weights is not None:
        loss = loss * weights
    return jnp.sum(loss), jnp.sum(weights)


def inputs():
    rng = np.random.default_rng(11)
    logits = rng.standard_normal((8, 32)).astype(np.float32)
    targets = rng.integers(0, 32, (8,)).astype(np.int32)
    weights = np.ones((8,), np.float32)
    return logits, targets, weights


def main(logits, targets, weights):
    mesh = jax.make_mesh(tuple(MESH_SHAPE.values()), tuple(MESH_SHAPE))
    logits = jax.device_put(logits, NamedSharding(mesh, P("data", "model")))
    targets = jax.device_put(targets, NamedSharding(mesh, P("data")))
    weights = jax.device_put(weights, NamedSharding(mesh, P("data")))

    def train_loss(logits, targets, weights):
        total, denom = compute_weighted_cross_entropy(logits, targets, weights, label_smoothing=0.1)
        return jax.lax.psum(total, "data") / jax.lax.psum(denom, "data")

    fn = jax.shard_map(train_loss, mesh=mesh, in_specs=(P("data", "model"), P("data"), P("data")), out_specs=P())
    return jax.jit(fn)(logits, targets, weights)


if __name__ == "__main__":
    main(*inputs())
