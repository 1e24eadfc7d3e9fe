"""Optax-style clip_by_global_norm; the logged norm is gathered to an invariant copy."""
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


class ClipState(NamedTuple):
    norm: jax.Array


def clip_by_global_norm(max_norm, *, axis_name="model"):
    def init_fn(params):
        return ClipState(norm=jnp.zeros((1,), jnp.float32))

    def update_fn(updates, state, params=None):
        sq = sum(jnp.sum(jnp.square(u)) for u in jax.tree.leaves(updates))
        g_norm = jnp.sqrt(jax.lax.psum(sq, axis_name))
        factor = jnp.minimum(1.0, max_norm / (g_norm + 1e-6))
        updates = jax.tree.map(lambda u: u * factor, updates)
        logged = jax.lax.all_gather(g_norm[None], axis_name, tiled=True, to="invarying")
        return updates, ClipState(norm=logged)

    return GradientTransformation(init_fn, update_fn)


def inputs():
    rng = np.random.default_rng(100)
    return ({"w": rng.normal(size=(16, 8)).astype(np.float32), "b": rng.normal(size=(8,)).astype(np.float32)},)


def main(grads):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    specs = {"w": P(None, "model"), "b": P("model")}
    grads = jax.tree.map(lambda g, s: jax.device_put(g, NamedSharding(mesh, s)), grads, specs)
    tx = clip_by_global_norm(1.0)

    def step(g):
        updates, state = tx.update(g, tx.init(g))
        return updates, state.norm

    return jax.shard_map(step, mesh=mesh, in_specs=(specs,), out_specs=(specs, P()))(grads)


if __name__ == "__main__":
    main(*inputs())
