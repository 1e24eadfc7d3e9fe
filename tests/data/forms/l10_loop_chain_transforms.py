from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

class Transform(NamedTuple):
    init: callable
    update: callable

def clip_by_norm(axis):
    def init(params):
        return ()

    def update(grads, state):
        norm = lax.psum(jnp.sum(grads * grads), axis)
        spread = lax.all_gather(norm[None], axis, to="reduced")  # SF101
        return grads / jnp.max(spread), state

    return Transform(init, update)

def scale(factor):
    def init(params):
        return ()

    def update(grads, state):
        return grads * factor, state

    return Transform(init, update)

def chain(*transforms):
    def init(params):
        return tuple(t.init(params) for t in transforms)

    def update(grads, state):
        for t in transforms:
            grads, _ = t.update(grads, ())
        return grads, state

    return Transform(init, update)

def run(mesh, x):
    tx = chain(scale(0.5), clip_by_norm("i"))

    def apply(g):
        out, _ = tx.update(g, tx.init(g))
        return out

    return jax.shard_map(apply, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)
