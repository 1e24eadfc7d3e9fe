"""SSM training step: grads of tensor-parallel params averaged over the data axis only."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Params(NamedTuple):
    w_in: jax.Array
    decay: jax.Array


mesh = jax.make_mesh((2, 4), ("dp", "tp"))
SPECS = Params(w_in=P(None, "tp"), decay=P("tp"))


def forward(params, x):
    u = x @ params.w_in
    a = jax.nn.sigmoid(params.decay)

    def body(h, ut):
        h = a * h + ut
        return h, h

    _, hs = jax.lax.scan(body, jnp.zeros_like(u[0]), u)
    return jnp.mean(hs ** 2)


def train_step(params, x):
    grads = jax.grad(forward)(params, x)
    grads = jax.tree.map(lambda g: jax.lax.pmean(g, "dp"), grads)
    return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)


def inputs():
    params = Params(w_in=jnp.ones((4, 8)) * 0.1, decay=jnp.zeros((8,)))
    params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, SPECS)
    return params, jax.device_put(jnp.ones((16, 4)), NamedSharding(mesh, P("dp")))


def main(params, x):
    return jax.shard_map(train_step, mesh=mesh, in_specs=(SPECS, P("dp")), out_specs=SPECS)(params, x)
