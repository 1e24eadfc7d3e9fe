"""A jitted eval step whose gather mode is a static argument (static_argnames)."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@functools.partial(jax.jit, static_argnames=("mesh", "gather_to"))
def eval_step(scores, *, mesh, gather_to="varying"):
    def body(s):
        full = jax.lax.all_gather(s, "data", axis=0, tiled=True, to=gather_to)
        return jax.lax.psum(jnp.sum(full, axis=0), "data")
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P("model"))(scores)


def inputs():
    return (np.random.default_rng(51).normal(size=(16, 8)).astype(np.float32),)


def main(scores):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    scores = jax.device_put(scores, NamedSharding(mesh, P("data", "model")))
    return eval_step(scores, mesh=mesh, gather_to="reduced")


if __name__ == "__main__":
    main(*inputs())
