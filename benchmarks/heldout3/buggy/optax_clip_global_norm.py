"""An optax-style transformation: global norm over a sharded pytree, then a replicated scale."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


class GradientTransformation(NamedTuple):
    init: callable
    update: callable


def sharded_clip_by_global_norm(max_norm, axis_name):
    def init(params):
        return ()

    def update(updates, state):
        sq = sum(jnp.sum(u * u) for u in jax.tree.leaves(updates))
        norm = jnp.sqrt(lax.psum(sq, axis_name))
        norm_rep = lax.all_gather(norm[None], axis_name, to="reduced")
        scale = jnp.minimum(1.0, max_norm / (jnp.max(norm_rep) + 1e-6))
        return jax.tree.map(lambda u: u * scale, updates), state

    return GradientTransformation(init, update)


def inputs():
    return ({"w": np.arange(32, dtype=np.float32).reshape(8, 4), "b": np.ones((8,), np.float32)},)


def main(grads):
    mesh = jax.make_mesh((8,), ("fsdp",))
    grads = jax.device_put(grads, NamedSharding(mesh, P("fsdp")))
    tx = sharded_clip_by_global_norm(1.0, "fsdp")

    def apply(g):
        out, _ = tx.update(g, tx.init(g))
        return out

    return jax.shard_map(apply, mesh=mesh, in_specs=P("fsdp"), out_specs=P("fsdp"))(grads)


if __name__ == "__main__":
    print(main(*inputs()))
