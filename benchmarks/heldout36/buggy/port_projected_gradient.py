"""Mean-variance optimiser: projected gradient steps with the gradient averaged over scenarios."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SCEN = "scenarios"


def grad_block(w, r, risk_aversion):
    port = r @ w
    return -(r.T @ jnp.ones_like(port)) / r.shape[0] + risk_aversion * (r.T @ port) / r.shape[0]


def optimise(r, w0, *, steps=5, lr=0.1, risk_aversion=4.0):
    def step(i, w):
        g = jax.lax.all_gather(grad_block(w, r, risk_aversion), SCEN, axis=0, to="reduced")
        g = jax.lax.pmean(g, SCEN).mean(axis=0)
        w = jnp.maximum(w - lr * g, 0.0)
        return w / w.sum()

    return jax.lax.fori_loop(0, steps, step, w0)


def inputs():
    rng = np.random.default_rng(63)
    return rng.normal(0.001, 0.02, (64, 8)).astype(np.float32), np.full((8,), 1 / 8, np.float32)


def main(r, w0):
    mesh = jax.make_mesh((8,), (SCEN,))
    r = jax.device_put(r, NamedSharding(mesh, P(SCEN, None)))
    w0 = jax.device_put(w0, NamedSharding(mesh, P()))
    body = functools.partial(optimise, steps=3)
    fn = jax.shard_map(body, mesh=mesh, in_specs=(P(SCEN, None), P()), out_specs=P())
    return fn(r, w0)


if __name__ == "__main__":
    print(main(*inputs()))
