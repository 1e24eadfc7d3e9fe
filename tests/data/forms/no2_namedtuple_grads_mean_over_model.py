from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


class Params(NamedTuple):
    w: jax.Array
    b: jax.Array


SPECS = Params(w=P(None, "j"), b=P("j"))


def loss(params, x):
    return jnp.mean(jnp.tanh(x @ params.w + params.b) ** 2)


def train_step(params, x):
    grads = jax.grad(loss)(params, x)
    # the grads are already summed over 'i' (the params are replicated there): one state on 'j'
    grads = jax.tree.map(lambda g: lax.pmean(g, "j"), grads)
    return lax.pmean(grads, ("j",))


def run(mesh, x):
    params = Params(w=jnp.ones((8, 8)), b=jnp.zeros((8,)))
    params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, SPECS)
    return jax.shard_map(train_step, mesh=mesh, in_specs=(SPECS, P("i")), out_specs=P())(params, x)
