from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


class Adapter(NamedTuple):
    down: jax.Array
    up: jax.Array


def loss_fn(params, x):
    return jnp.mean((x @ params.down @ params.up) ** 2)


def step(params, x):
    grads = jax.grad(loss_fn)(params, x)
    return Adapter(down=lax.pmean(grads.down, "j"), up=lax.pmean(grads.up, ("i", "j")))


def run(mesh, x):
    params = Adapter(jnp.ones((8, 2)), jnp.ones((2, 8)))
    f = jax.shard_map(step, mesh=mesh, in_specs=(Adapter(P("j"), P()), P("i", "j")),
                      out_specs=Adapter(P(), P()))
    return f(params, x)
