"""Cross-replica gradient averaging as the first link of an optax-like chain."""
import functools
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REPLICA_AXES = ("data", "model")


class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


def average_across_replicas(axis_names=REPLICA_AXES):
    reduce = functools.partial(jax.lax.pmean, axis_name=axis_names)

    def update_fn(updates, state, params=None):
        return jax.tree.map(reduce, updates), state

    return GradientTransformation(lambda params: (), update_fn)


def add_decayed_weights(weight_decay):
    def update_fn(updates, state, params=None):
        return jax.tree.map(lambda u, p: u + weight_decay * p, updates, params), state

    return GradientTransformation(lambda params: (), update_fn)


def inputs():
    rng = np.random.default_rng(3)
    params = {"dense": rng.normal(size=(8, 16)).astype(np.float32),
              "scale": np.ones((8, 16), np.float32)}
    grads = jax.tree.map(lambda p: np.asarray(p) * 0.5, params)
    return params, grads


def main(params, grads):
    mesh = jax.make_mesh((2, 4), REPLICA_AXES)
    specs = {"dense": P("data", "model"), "scale": P("data", None)}
    put = lambda t: jax.tree.map(lambda x, s: jax.device_put(x, NamedSharding(mesh, s)), t, specs)
    params, grads = put(params), put(grads)
    txs = [average_across_replicas(), add_decayed_weights(1e-4)]

    def step(p, g):
        for tx in txs:
            g, _ = tx.update(g, tx.init(p), p)
        return g

    out_specs = {"dense": P("data", "model"), "scale": P("data", None)}
    return jax.shard_map(step, mesh=mesh, in_specs=(specs, specs), out_specs=out_specs)(params, grads)


if __name__ == "__main__":
    main(*inputs())
