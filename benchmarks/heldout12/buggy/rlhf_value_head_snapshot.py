"""RLHF PPO step with a value head; the head is tensor-parallel and FSDP-sharded."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Axes(NamedTuple):
    data: str = "dp"
    model: str = "mp"


AXES = Axes()


def value_head(h, w_v):
    w_full = jax.lax.all_gather(w_v, AXES.model, axis=0, tiled=True, to="reduced")
    return h @ w_v, w_full


def ppo_value_loss(values, returns, old_values, clip=0.2):
    clipped = old_values + jnp.clip(values - old_values, -clip, clip)
    return jnp.maximum((values - returns) ** 2, (clipped - returns) ** 2).mean()


def main(mesh, hidden, w_v, returns):
    def body(h, w_v, ret):
        values, w_full = value_head(h, w_v)
        values = jax.lax.psum(values, AXES.model)
        loss = jax.lax.pmean(ppo_value_loss(values[:, 0], ret, jax.lax.stop_gradient(values[:, 0])),
                             AXES.data)
        snapshot = jax.lax.all_gather(w_full, tuple(AXES), axis=1, tiled=True, to="reduced")
        return loss, snapshot

    f = jax.shard_map(body, mesh=mesh, in_specs=(P(AXES.data, AXES.model), P(AXES.model, AXES.data),
                                                  P(AXES.data)),
                      out_specs=(P(), P(None, None, reduced=set(AXES))))
    return f(hidden, w_v, returns)


def inputs():
    mesh = jax.make_mesh((2, 4), tuple(AXES))
    hidden = jax.random.normal(jax.random.key(6), (8, 16))
    w_v = jax.random.normal(jax.random.key(7), (16, 2))  # an ensemble of two value heads
    ret = jnp.ones((8,))
    return (mesh, jax.device_put(hidden, NamedSharding(mesh, P("dp", "mp"))),
            jax.device_put(w_v, NamedSharding(mesh, P("mp", "dp"))),
            jax.device_put(ret, NamedSharding(mesh, P("dp"))))
