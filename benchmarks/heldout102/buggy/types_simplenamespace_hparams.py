"""Hyper-parameters in a types.SimpleNamespace; the gathered logits are scaled by 1/temperature."""
import types

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

hp = types.SimpleNamespace(temperature=0.7, vocab_axis="model", batch_axis="data")


def sample_logits(logits):
    full = jax.lax.all_gather(logits, hp.vocab_axis, axis=1, tiled=True, to="reduced")
    return full / hp.temperature


def inputs():
    return (np.random.default_rng(42).normal(size=(16, 8)).astype(np.float32),)


def main(logits):
    mesh = jax.make_mesh((4, 2), (hp.batch_axis, hp.vocab_axis))
    fn = jax.shard_map(sample_logits, mesh=mesh, in_specs=P(hp.batch_axis, hp.vocab_axis),
                       out_specs=P(hp.batch_axis, None, reduced={hp.vocab_axis}))
    return fn(jax.device_put(logits, NamedSharding(mesh, P("data", "model"))))


if __name__ == "__main__":
    main(*inputs())
