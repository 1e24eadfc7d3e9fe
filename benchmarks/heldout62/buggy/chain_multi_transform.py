"""optax-like `chain` and `multi_transform`: labelled sub-optimizers, then a full-update logger."""
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


def stateless(fn):
    return GradientTransformation(lambda params: None, lambda u, s, p=None: (fn(u), s))


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


def multi_transform(transforms, labels):
    def update(updates, state, params=None):
        out = {}
        for name, u in updates.items():
            tx = transforms[labels[name]]
            out[name], _ = tx.update(u, tx.init(u), params)
        return out, state

    return GradientTransformation(lambda params: None, update)


def scale(step):
    return stateless(lambda u: jax.tree.map(lambda x: step * x, u))


def gather_rows(axis):
    """Sparse-row optimizers want the whole table: every shard holds all rows afterwards."""
    return stateless(lambda u: jax.lax.all_gather(u, axis, axis=1, to="reduced", tiled=True))


def log_full_updates(axes):
    return stateless(lambda u: jax.tree.map(lambda x: jax.lax.all_gather(x, axes, to="reduced", tiled=True), u))


def inputs():
    rng = np.random.default_rng(5)
    return {"dense": rng.normal(size=(8, 8)).astype(np.float32),
            "embed": rng.normal(size=(8, 8)).astype(np.float32)},


def main(grads):
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    spec = P("replica", "shard")
    grads = jax.device_put(grads, NamedSharding(mesh, spec))
    labels = {"dense": "sgd", "embed": "rows"}
    tx = chain(
        multi_transform({"sgd": scale(-0.1), "rows": chain(scale(-0.01), gather_rows("shard"))}, labels),
        log_full_updates(("replica", "shard")),
    )

    def step(grads):
        updates, _ = tx.update(grads, tx.init(grads))
        return updates

    full = P(None, None, reduced={"replica", "shard"})
    run = jax.shard_map(step, mesh=mesh, in_specs=({"dense": spec, "embed": spec},),
                        out_specs={"dense": full, "embed": full})
    return run(grads)


if __name__ == "__main__":
    main(*inputs())
