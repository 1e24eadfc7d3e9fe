"""Tensor-parallel linear layer trained with a hand-written Adam: mu/nu follow the param sharding."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class AdamState(NamedTuple):
    step: jax.Array
    mu: dict
    nu: dict


def adam_init(params):
    zeros = jax.tree.map(jnp.zeros_like, params)
    return AdamState(jnp.zeros((), jnp.int32), zeros, jax.tree.map(jnp.zeros_like, params))


def adam_update(grads, state, params, lr=1e-2, b1=0.9, b2=0.999):
    step = state.step + 1
    mu = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, state.mu, grads)
    nu = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g * g, state.nu, grads)
    mhat = jax.tree.map(lambda m: m / (1 - b1 ** step), mu)
    vhat = jax.tree.map(lambda v: v / (1 - b2 ** step), nu)
    new = jax.tree.map(lambda p, m, v: p - lr * m / (jnp.sqrt(v) + 1e-8), params, mhat, vhat)
    return new, AdamState(step, mu, nu)


def inputs():
    rng = np.random.default_rng(6)
    return (rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32), 3)


def main(x, y, steps):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    specs = {"w": P(None, "model"), "b": P("model")}
    params = {"w": jnp.eye(8, dtype=jnp.float32), "b": jnp.zeros((8,), jnp.float32)}
    params = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
    x = jax.device_put(x, NamedSharding(mesh, P("data")))
    y = jax.device_put(y, NamedSharding(mesh, P("data", "model")))
    state_specs = AdamState(P(), specs, specs)

    def step_fn(p, st, xb, yb):
        def loss(p):
            out = xb @ p["w"] + p["b"]
            return jnp.mean((out - yb) ** 2)
        grads = jax.grad(loss)(p)
        # the batch is split over data: average the per-shard grads there only
        grads = jax.tree.map(lambda g: jax.lax.pmean(g, "data"), grads)
        return adam_update(grads, st, p)

    fn = jax.shard_map(step_fn, mesh=mesh, in_specs=(specs, state_specs, P("data"), P("data", "model")),
                       out_specs=(specs, state_specs))
    state = adam_init(params)
    for _ in range(steps):
        params, state = fn(params, state, x, y)
    return params["w"]


if __name__ == "__main__":
    print(main(*inputs()))
