"""Micro-batched train step whose logged loss is averaged over the whole mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LOG_AXES = ("data", "model")


def bce(logits, labels):
    return jnp.mean(jnp.maximum(logits, 0) - logits * labels + jnp.log1p(jnp.exp(-jnp.abs(logits))))


def micro_step(carry, batch):
    logits_part, labels = batch
    logits = jax.lax.psum(logits_part.sum(axis=-1), "model")
    return carry + bce(logits, labels), None


def train_step(logits_part, labels):
    total, _ = jax.lax.scan(micro_step, jnp.zeros_like(labels[0, 0]), (logits_part, labels))
    return jax.lax.pmean(total, LOG_AXES)


def inputs():
    rng = np.random.default_rng(63)
    return (rng.normal(size=(3, 16, 8)).astype(np.float32),
            (rng.random((3, 16)) < 0.2).astype(np.float32))


def main(logits_part, labels):
    mesh = jax.make_mesh((2, 4), LOG_AXES)
    logits_part = jax.device_put(logits_part, NamedSharding(mesh, P(None, "data", "model")))
    labels = jax.device_put(labels, NamedSharding(mesh, P(None, "data")))
    f = jax.shard_map(train_step, mesh=mesh, in_specs=(P(None, "data", "model"), P(None, "data")),
                      out_specs=P())
    return f(logits_part, labels)


if __name__ == "__main__":
    main(*inputs())
