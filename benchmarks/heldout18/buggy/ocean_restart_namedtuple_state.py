"""Restart files of an ocean model: a NamedTuple state placed from a spec table, then gathered."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

mesh = jax.make_mesh((2, 4), ("lat", "lon"))
ROWS = P(("lat", "lon"), None)
RESTART = {"u": P("lon", None, reduced={"lat"}), "v": P("lon", None, reduced={"lat"}),
           "eta": P("lon", None, reduced={"lat"})}


class OceanState(NamedTuple):
    u: jax.Array
    v: jax.Array
    eta: jax.Array


def initial_state(n=16, m=8):
    z = jnp.zeros((n, m))
    return OceanState(u=z, v=z + 0.1, eta=jnp.ones((n, m)))


def place(state):
    return OceanState(*(jax.device_put(f, NamedSharding(mesh, ROWS)) for f in state))


def write_restart(state):
    return {name: top_level_all_gather(getattr(state, name), RESTART[name]) for name in state._fields}


def inputs():
    return (initial_state(),)


def main(state):
    state = place(state)
    with jax.set_mesh(mesh):
        return write_restart(state)
