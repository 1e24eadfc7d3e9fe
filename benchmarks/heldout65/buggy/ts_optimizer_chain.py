"""optax-like gradient transformations chained into the train state's optimizer."""
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


def chain(*txs):
    def init(params):
        return tuple(tx.init(params) for tx in txs)

    def update(updates, state, params=None):
        new_state = []
        for tx, s in zip(txs, state):
            updates, s = tx.update(updates, s, params)
            new_state.append(s)
        return updates, tuple(new_state)

    return GradientTransformation(init, update)


def stateless(fn):
    return GradientTransformation(lambda params: (), lambda u, s, p=None: (fn(u), s))


def zero_unshard(axis_name):
    return stateless(lambda g: jax.tree.map(
        lambda x: jax.lax.all_gather(x, axis_name, axis=0, tiled=True, to="reduced"), g))


def all_reduce_mean(axis_name):
    return stateless(lambda g: jax.tree.map(lambda x: jax.lax.pmean(x, axis_name), g))


def sgd(lr):
    return stateless(lambda g: jax.tree.map(lambda x: -lr * x, g))


class TrainState(NamedTuple):
    params: dict
    opt_state: tuple


def inputs():
    rng = np.random.default_rng(11)
    return ({"w": rng.normal(size=(8, 4)).astype(np.float32)},)


def main(grads):
    mesh = jax.make_mesh((4, 2), ("fsdp", "data"))
    spec = P("fsdp", "data")
    grads = {k: jax.device_put(v, NamedSharding(mesh, spec)) for k, v in grads.items()}
    tx = chain(zero_unshard("fsdp"), all_reduce_mean("fsdp"))

    def body(g):
        state = TrainState(params=g, opt_state=tx.init(g))
        updates, _ = tx.update(g, state.opt_state, state.params)
        return updates

    return jax.shard_map(body, mesh=mesh, in_specs=({"w": spec},), out_specs={"w": P(None, "data")})(grads)


if __name__ == "__main__":
    main(*inputs())
