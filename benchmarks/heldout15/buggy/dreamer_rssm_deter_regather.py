"""Dreamer-like world model: the RSSM deterministic state projection, model-parallel."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class RSSMParams(NamedTuple):
    w_deter: jax.Array
    w_stoch: jax.Array


def inputs():
    h = np.tanh(np.arange(256, dtype=np.float32) / 128).reshape(8, 32)
    wd = np.eye(8, dtype=np.float32) * 0.5
    ws = np.ones((8, 8), np.float32) * 0.1
    return h, wd, ws


def img_step(h, params, mesh):
    env, hidden = mesh.axis_names
    wd = jax.lax.all_gather(params.w_deter, hidden, axis=1, tiled=True, to="reduced")
    wd = jax.lax.all_gather(wd, mesh.axis_names, axis=0, tiled=True, to="reduced")
    prior = jnp.tanh(h @ wd)
    return prior @ params.w_stoch


def main(h, wd, ws):
    mesh = jax.make_mesh((2, 4), ("env", "hidden"))
    params = RSSMParams(
        jax.device_put(wd, NamedSharding(mesh, P("env", "hidden"))),
        jax.device_put(ws, NamedSharding(mesh, P())))
    h = jax.device_put(h, NamedSharding(mesh, P()))
    specs = RSSMParams(P("env", "hidden"), P())
    f = jax.shard_map(lambda x, p: img_step(x, p, mesh), mesh=mesh,
                      in_specs=(P(), specs), out_specs=P())
    return f(h, params)


if __name__ == "__main__":
    print(main(*inputs()))
