"""Early-exit statistics: the fraction of tokens leaving at each exit, with vocab-parallel
exit heads (logits split over `model`); the reduction axes come from the environment."""
import os

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

REDUCE_AXES = tuple(os.environ.get("EXIT_REDUCE_AXES", "data,model").split(","))
VOCAB_AXIS = REDUCE_AXES[-1]


def exit_rate(logits, threshold=0.5):
    m = jax.lax.pmax(jnp.max(logits, axis=-1), VOCAB_AXIS)
    z = jax.lax.psum(jnp.sum(jnp.exp(logits - m[..., None]), axis=-1), VOCAB_AXIS)
    confident = (1.0 / z) > threshold
    rate = jnp.mean(confident.astype(jnp.float32))
    return jax.lax.pmean(rate, REDUCE_AXES)


def main(logits, mesh):
    logits = jax.device_put(logits, NamedSharding(mesh, P(*REDUCE_AXES)))
    return jax.shard_map(exit_rate, mesh=mesh, in_specs=P(*REDUCE_AXES), out_specs=P())(logits)


def inputs():
    mesh = jax.make_mesh((4, 2), REDUCE_AXES)
    return 3.0 * jax.random.normal(jax.random.key(39), (8, 16)), mesh
