"""An optax-like gradient transformation clipping DiT gradients by their global norm."""
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


def clip_by_global_norm(max_norm, tp_axis="tp", dp_axis="batch"):
    def init(params):
        return ()

    def update(grads, state):
        sq = sum(jnp.sum(g * g) for g in jax.tree.leaves(grads))
        sq = jax.lax.psum(sq, tp_axis)
        norm = jnp.sqrt(jax.lax.psum(sq, (dp_axis, tp_axis)))
        factor = jnp.minimum(1.0, max_norm / (norm + 1e-6))
        return jax.tree.map(lambda g: g * factor, grads), state

    return GradientTransformation(init, update)


def inputs():
    rng = np.random.default_rng(6)
    return ({"qkv": rng.standard_normal((8, 8)).astype(np.float32),
             "fc1": rng.standard_normal((8, 8)).astype(np.float32)},)


def main(grads):
    mesh = jax.make_mesh((4, 2), ("batch", "tp"))
    spec = P("batch", "tp")
    grads = jax.tree.map(lambda g: jax.device_put(g, NamedSharding(mesh, spec)), grads)
    tx = clip_by_global_norm(1.0)
    state = tx.init(grads)
    step = jax.shard_map(lambda g: tx.update(g, state)[0], mesh=mesh, in_specs=(spec,), out_specs=spec)
    return step(grads)


if __name__ == "__main__":
    main(*inputs())
