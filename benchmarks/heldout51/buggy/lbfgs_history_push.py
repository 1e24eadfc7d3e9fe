"""Pushing a new curvature pair into the L-BFGS memory of several independent restarts."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class LbfgsState(NamedTuple):
    s_hist: jax.Array
    y_hist: jax.Array
    k: jax.Array


def init_state(n_local, memory):
    z = jnp.zeros((memory, n_local), jnp.float32)
    return LbfgsState(z, z, jnp.zeros([], jnp.int32))


def push(state, s, y):
    s_hist = jnp.concatenate([state.s_hist[1:], s[None]], axis=0)
    y_hist = jnp.concatenate([state.y_hist[1:], y[None]], axis=0)
    return LbfgsState(s_hist, y_hist, state.k + 1)


def snapshot(state, *, shard_axis="mp", restart_axis="dp"):
    per_restart = jax.lax.all_gather(state.s_hist, shard_axis, axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(per_restart, axis_name=(restart_axis, shard_axis), to="reduced")


def inputs():
    rng = np.random.default_rng(61)
    return rng.normal(size=(2, 32)).astype(np.float32), rng.normal(size=(2, 32)).astype(np.float32)


def main(s, y):
    mesh = jax.make_mesh((2, 4), ("dp", "mp"))
    sh = NamedSharding(mesh, P("dp", "mp"))
    s, y = jax.device_put(s, sh), jax.device_put(y, sh)

    def body(s, y):
        state = init_state(s.shape[1], memory=3)
        state = push(state, s[0], y[0])
        return snapshot(state)

    return jax.shard_map(body, mesh=mesh, in_specs=(P("dp", "mp"),) * 2,
                         out_specs=P(None, None, None, reduced={"dp", "mp"}))(s, y)


if __name__ == "__main__":
    main(*inputs())
