"""IMPALA learner: entropy averaged over actors and time in one tuple pmean of a varying value."""
import enum

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(str, enum.Enum):
    ACTORS = "actors"
    TIME = "time"


def entropy_bonus(logits):
    logp = jax.nn.log_softmax(logits, axis=-1)
    ent = -jnp.sum(jnp.exp(logp) * logp, axis=-1)
    return jax.lax.pmean(jnp.mean(ent), tuple(a.value for a in Axis))


def inputs():
    mesh = jax.make_mesh((4, 2), tuple(a.value for a in Axis))
    return mesh, jnp.cos(jnp.arange(8 * 4 * 6, dtype=jnp.float32)).reshape(8, 4, 6)


def main(mesh, logits):
    spec = P(Axis.ACTORS.value, Axis.TIME.value, None)
    logits = jax.device_put(logits, NamedSharding(mesh, spec))
    return jax.shard_map(entropy_bonus, mesh=mesh, in_specs=spec, out_specs=P())(logits)
