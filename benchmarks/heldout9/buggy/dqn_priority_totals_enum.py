"""Prioritised replay for a DQN agent: the replay buffer is sharded over environments; the
total priority of the buffer is needed on every shard to turn priorities into probabilities."""
import enum

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Ax(str, enum.Enum):
    ENV = "env"
    MODEL = "model"


ALPHA = 0.6


def priorities(td_error, eps=1e-3):
    return (jnp.abs(td_error) + eps) ** ALPHA


def sampling_table(td_error):
    p = priorities(td_error)
    total = jax.lax.psum(jnp.sum(p), Ax.ENV.value)
    totals = jax.lax.all_gather(total, Ax.ENV.value, to="reduced")
    return totals


def main(td_error):
    mesh = jax.make_mesh((4, 2), (Ax.ENV.value, Ax.MODEL.value))
    f = jax.shard_map(sampling_table, mesh=mesh, in_specs=P(Ax.ENV.value),
                      out_specs=P(None, reduced={Ax.ENV.value}))
    return f(jax.device_put(td_error, NamedSharding(mesh, P(Ax.ENV.value))))


def inputs():
    return (jax.random.normal(jax.random.key(50), (64,)),)
