from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

AXES = ("i", "j")


class Params(NamedTuple):
    w: jax.Array
    b: jax.Array


SPECS = Params(P(), P())


def loss_aux(params, x):
    y = x @ params.w + params.b
    l = jnp.mean(y ** 2)
    return l, {"loss": l}


def step(params, x):
    (l, aux), grads = jax.value_and_grad(loss_aux, has_aux=True)(params, x)
    # replicated params: their grads come out invariant on every axis (one state on both)
    grads = jax.tree.map(lambda g: lax.pmean(g, AXES), grads)
    l = lax.pmean(l, "i")
    return grads, l


def run(mesh, x):
    p = Params(x, x[0])
    return jax.shard_map(step, mesh=mesh, in_specs=(SPECS, P("i")), out_specs=(SPECS, P()))(p, x)
