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
    value, grads = jax.value_and_grad(loss)(params, x)
    grads = jax.tree.map(lambda g: lax.pmean(g, ("i", "j")), grads)  # SF105
    return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)


def whole_tree(params, x):
    grads = jax.grad(loss)(params, x)
    grads = lax.pmean(grads, ("i", "j"))  # SF105
    return grads


def run(mesh, x):
    params = Params(w=jnp.ones((8, 8)), b=jnp.zeros((8,)))
    params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, SPECS)
    a = jax.shard_map(train_step, mesh=mesh, in_specs=(SPECS, P("i")), out_specs=SPECS)(params, x)
    b = jax.shard_map(whole_tree, mesh=mesh, in_specs=(SPECS, P("i")), out_specs=SPECS)(params, x)
    return a, b
