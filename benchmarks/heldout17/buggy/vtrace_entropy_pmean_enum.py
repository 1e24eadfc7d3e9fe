"""IMPALA learner: policy entropy bonus averaged over actors and unroll steps."""
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
    step_ent = jax.lax.psum(jnp.mean(ent, axis=0), Axis.ACTORS.value)
    return jax.lax.pmean(jnp.mean(step_ent), tuple(a.value for a in Axis))


def inputs():
    mesh = jax.make_mesh((4, 2), tuple(a.value for a in Axis))
    logits = jnp.cos(jnp.arange(8 * 4 * 6, dtype=jnp.float32)).reshape(8, 4, 6)
    return mesh, logits


def main(mesh, logits):
    spec = P(Axis.ACTORS.value, Axis.TIME.value, None)
    logits = jax.device_put(logits, NamedSharding(mesh, spec))
    f = jax.shard_map(entropy_bonus, mesh=mesh, in_specs=spec, out_specs=P())
    return f(logits)
