"""An optax-like `apply_if_finite` wrapper that records, per replica, how many updates were bad."""
from typing import Any, Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


class ApplyIfFiniteState(NamedTuple):
    notfinite_count: Any
    per_replica: Any
    inner_state: Any


def sgd(learning_rate):
    return GradientTransformation(
        init=lambda params: (),
        update=lambda updates, state, params=None: (jax.tree.map(lambda u: -learning_rate * u, updates), state),
    )


def apply_if_finite(inner, *, axis_names):
    def init(params):
        return ApplyIfFiniteState(jnp.zeros([], jnp.int32), jnp.zeros([], jnp.int32), inner.init(params))

    def update(updates, state, params=None):
        bad = sum(jnp.sum(~jnp.isfinite(u)).astype(jnp.int32) for u in jax.tree.leaves(updates))
        bad = jax.lax.psum(bad, axis_names)
        per_replica = jax.lax.all_gather(bad, axis_names[0], to="reduced")
        new_updates, inner_state = inner.update(updates, state.inner_state, params)
        keep = bad == 0
        new_updates = jax.tree.map(lambda n: jnp.where(keep, n, jnp.zeros_like(n)), new_updates)
        count = jnp.where(keep, 0, state.notfinite_count + 1)
        return new_updates, ApplyIfFiniteState(count, per_replica, inner_state)

    return GradientTransformation(init, update)


def inputs():
    grads = {"w": np.ones((8, 8), np.float32), "b": np.full((8,), 0.5, np.float32)}
    grads["w"][3, 5] = np.inf
    return grads,


def main(grads):
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    specs = {"w": P("replica", "shard"), "b": P("shard")}
    grads = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in grads.items()}
    tx = apply_if_finite(sgd(0.1), axis_names=("replica", "shard"))

    def step(grads):
        state = tx.init(grads)
        updates, state = tx.update(grads, state)
        return updates, state.notfinite_count, state.per_replica

    run = jax.shard_map(step, mesh=mesh, in_specs=(specs,), out_specs=(specs, P(), P(reduced={"replica"})))
    return run(grads)


if __name__ == "__main__":
    main(*inputs())
