"""clip_by_global_norm over a tensor-parallel tree: leaf norms first, then the global one."""
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA_AXIS = "replica"


class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


def _tp_axes(spec):
    return tuple(a for a in spec if a is not None and a != DATA_AXIS)


def leaf_sq_norms(updates, specs):
    """Squared norm of every leaf over its tensor-parallel shards (used for per-layer logs too)."""
    def one(u, spec):
        sq = jnp.sum(jnp.square(u))
        axes = _tp_axes(spec)
        return jax.lax.psum(sq, axes) if axes else sq
    return jax.tree.map(one, updates, specs)


def clip_by_global_norm(max_norm, specs, axes=(DATA_AXIS, "shard")):
    def update(updates, state, params=None):
        local = jax.tree.map(lambda u: jnp.sum(jnp.square(u)), updates)
        total = jax.lax.psum(sum(jax.tree.leaves(local)), axes)
        factor = jnp.minimum(1.0, max_norm / (jnp.sqrt(total) + 1e-6))
        return jax.tree.map(lambda u: u * factor, updates), state

    return GradientTransformation(lambda params: (), update)


def inputs():
    rng = np.random.default_rng(7)
    return {"kernel": rng.normal(size=(8, 16)).astype(np.float32),
            "bias": rng.normal(size=(16,)).astype(np.float32)},


def main(grads):
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    specs = {"kernel": P("replica", "shard"), "bias": P("shard")}
    grads = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in grads.items()}
    tx = clip_by_global_norm(1.0, specs)
    run = jax.shard_map(lambda g: tx.update(g, tx.init(g))[0], mesh=mesh, in_specs=(specs,), out_specs=specs)
    return run(grads)


if __name__ == "__main__":
    main(*inputs())
