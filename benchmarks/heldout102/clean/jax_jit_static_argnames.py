"""Jitted eval step with a static gather mode: to='invarying', then a local sum."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@functools.partial(jax.jit, static_argnames=("mesh", "gather_to"))
def eval_step(scores, *, mesh, gather_to="varying"):
    def body(s):
        full = jax.lax.all_gather(s, "data", axis=0, tiled=True, to=gather_to)
        return jnp.sum(full, axis=0)
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P("model"))(scores)


def inputs():
    return (np.random.default_rng(117).normal(size=(16, 8)).astype(np.float32),)


def main(scores):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    scores = jax.device_put(scores, NamedSharding(mesh, P("data", "model")))
    return eval_step(scores, mesh=mesh, gather_to="invarying")


if __name__ == "__main__":
    main(*inputs())
