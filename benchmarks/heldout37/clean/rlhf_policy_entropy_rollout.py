"""Policy entropy bonus logged per PPO epoch, reduced over rollouts and sequence shards."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("rollout", "seq"))
ROLLOUT_AXIS, SEQ_AXIS = MESH.axis_names


def token_entropy(logits):
    logp = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.sum(jnp.exp(logp) * logp, axis=-1)


def entropy_bonus(logits, mask, coef=0.01):
    ent = token_entropy(logits)
    seq_total = jax.lax.psum(jnp.sum(ent * mask, axis=1), SEQ_AXIS)
    n_tokens = jax.lax.psum(jnp.sum(mask, axis=1), SEQ_AXIS)
    per_rollout = seq_total / n_tokens
    return coef * jax.lax.pmean(per_rollout.mean(), ROLLOUT_AXIS)


def inputs():
    logits = jax.random.normal(jax.random.key(17), (8, 8, 16))
    mask = jnp.ones((8, 8), jnp.float32)
    return (jax.device_put(logits, NamedSharding(MESH, P("rollout", "seq", None))),
            jax.device_put(mask, NamedSharding(MESH, P("rollout", "seq"))))


def main(logits, mask):
    return jax.shard_map(entropy_bonus, mesh=MESH, in_specs=(P("rollout", "seq", None), P("rollout", "seq")),
                         out_specs=P())(logits, mask)
