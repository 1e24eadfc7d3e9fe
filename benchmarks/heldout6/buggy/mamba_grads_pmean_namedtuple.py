"""SSM layer training step: in/out projections tensor-parallel, grads averaged over the mesh."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Params(NamedTuple):
    w_in: jax.Array
    decay: jax.Array


class Axes(NamedTuple):
    dp: str = "dp"
    tp: str = "tp"


AXES = Axes()
mesh = jax.make_mesh((2, 4), tuple(AXES))
SPECS = Params(w_in=P(None, AXES.tp), decay=P(AXES.tp))


def forward(params, x):
    u = x @ params.w_in
    a = jax.nn.sigmoid(params.decay)

    def body(h, ut):
        h = a * h + ut
        return h, h

    _, hs = jax.lax.scan(body, jnp.zeros_like(u[0]), u)
    return jnp.mean(hs ** 2)


def train_step(params, x):
    loss, grads = jax.value_and_grad(forward)(params, x)
    grads = jax.tree.map(lambda g: jax.lax.pmean(g, tuple(AXES)), grads)
    params = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
    return params


def inputs():
    params = Params(w_in=jnp.ones((4, 8)) * 0.1, decay=jnp.zeros((8,)))
    params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, SPECS)
    x = jax.device_put(jnp.ones((16, 4)), NamedSharding(mesh, P(AXES.dp)))
    return params, x


def main(params, x):
    f = jax.shard_map(train_step, mesh=mesh, in_specs=(SPECS, P(AXES.dp)), out_specs=SPECS)
    return f(params, x)
