"""DreamerV3-like actor loss: returns normalised by a scale taken over the whole imagined batch."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def lambda_returns(rew, disc=0.99, lam=0.95):
    def step(nxt, r):
        ret = r + disc * lam * nxt
        return ret, ret
    _, rets = jax.lax.scan(step, jnp.zeros_like(rew[0]), rew[::-1])
    return rets[::-1]


def inputs():
    rew = np.cos(np.arange(64, dtype=np.float32) / 5).reshape(8, 8)
    return (rew,)


def actor_loss(rew, *, time_axis, batch_axis):
    rets = lambda_returns(rew)
    rets_all = jax.lax.all_gather(rets, time_axis, axis=0, tiled=True, to="reduced")
    scale = jax.lax.pmax(jnp.abs(rets_all), time_axis)
    return jnp.mean(rets, axis=0, keepdims=True) / jnp.maximum(jnp.max(scale), 1.0)


def main(rew):
    mesh = jax.make_mesh((4, 2), ("horizon", "batch"))
    rew = jax.device_put(rew, NamedSharding(mesh, P("horizon", "batch")))
    body = functools.partial(actor_loss, time_axis="horizon", batch_axis="batch")
    f = jax.shard_map(body, mesh=mesh, in_specs=P("horizon", "batch"),
                      out_specs=P("horizon", "batch"))
    return f(rew)


if __name__ == "__main__":
    print(main(*inputs()))
