"""Early-exit statistics from each shard's own logits (no vocab reduction first): the rate
varies on both axes, so one tuple pmean averages it."""
import os

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

REDUCE_AXES = tuple(os.environ.get("EXIT_REDUCE_AXES", "data,model").split(","))


def exit_rate(logits, threshold=0.5):
    probs = jax.nn.softmax(logits, axis=-1)
    rate = jnp.mean((jnp.max(probs, axis=-1) > threshold).astype(jnp.float32))
    return jax.lax.pmean(rate, REDUCE_AXES)


def main(logits, mesh):
    logits = jax.device_put(logits, NamedSharding(mesh, P(*REDUCE_AXES)))
    return jax.shard_map(exit_rate, mesh=mesh, in_specs=P(*REDUCE_AXES), out_specs=P())(logits)


def inputs():
    mesh = jax.make_mesh((4, 2), REDUCE_AXES)
    return 3.0 * jax.random.normal(jax.random.key(67), (8, 16)), mesh
