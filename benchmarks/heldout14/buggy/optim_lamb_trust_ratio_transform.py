"""A hand-written optax-like LAMB: GradientTransformation(init, update) pairs; the layer-wise
trust ratio needs the norms of fully sharded parameters and updates."""
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SHARD_AXIS = "fsdp"


class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


def _l2(x, axis):
    return jnp.sqrt(jax.lax.psum(jnp.sum(x * x), axis))


def scale_by_trust_ratio(axis=SHARD_AXIS, eps=1e-6):
    def init(params):
        return ()

    def update(updates, state, params):
        p_norm = jax.tree.map(lambda p: _l2(p, axis), params)
        u_norm = jax.tree.map(lambda u: _l2(u, axis), updates)
        ratios = jax.tree.map(lambda pn, un: pn / (un + eps), p_norm, u_norm)
        logged = jax.tree.map(lambda r: jax.lax.all_gather(r, axis, to="reduced"), ratios)
        new = jax.tree.map(lambda u, r: u * r, updates, ratios)
        return new, state, logged

    return GradientTransformation(init, update)


def inputs():
    w = np.linspace(-1, 1, 32, dtype=np.float32).reshape(8, 4)
    g = np.linspace(0.1, 0.2, 32, dtype=np.float32).reshape(8, 4)
    return w, g


def main(w, g):
    mesh = jax.make_mesh((8,), (SHARD_AXIS,))
    w, g = (jax.device_put(a, NamedSharding(mesh, P(SHARD_AXIS, None))) for a in (w, g))
    tx = scale_by_trust_ratio()

    def step(w, g):
        new, _, logged = tx.update({"w": g}, tx.init({"w": w}), {"w": w})
        return new, logged

    f = jax.shard_map(step, mesh=mesh, in_specs=(P(SHARD_AXIS, None), P(SHARD_AXIS, None)),
                      out_specs=({"w": P(SHARD_AXIS, None)}, {"w": P(None, reduced={SHARD_AXIS})}))
    return f(w, g)


if __name__ == "__main__":
    print(main(*inputs()))
