"""PPO value-loss with clipping, accumulated over minibatches in a fori_loop."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("rollout", "seq"))
ROLLOUT = "rollout"


def replicated_returns(returns):
    return jax.lax.all_gather(returns, ROLLOUT, tiled=True, to="reduced")


def value_loss(values, old_values, returns, clip=0.2):
    targets = replicated_returns(returns)

    def minibatch(i, acc):
        v = values[i]
        v_clipped = old_values[i] + jnp.clip(v - old_values[i], -clip, clip)
        t = jax.lax.psum(jnp.sum(targets, axis=0), ROLLOUT)
        return acc + jnp.maximum((v - t) ** 2, (v_clipped - t) ** 2)

    return jax.lax.fori_loop(0, values.shape[0], minibatch, jnp.zeros_like(values[0]))


def inputs():
    ks = jax.random.split(jax.random.key(16), 3)
    sh = NamedSharding(MESH, P(ROLLOUT, "seq"))
    return tuple(jax.device_put(jax.random.normal(k, (8, 8)), sh) for k in ks)


def main(values, old_values, returns):
    fn = jax.shard_map(value_loss, mesh=MESH, in_specs=(P(ROLLOUT, "seq"),) * 3, out_specs=P((ROLLOUT, "seq")))
    return fn(values, old_values, returns)
