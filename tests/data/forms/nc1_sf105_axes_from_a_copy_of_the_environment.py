"""A launcher hands its settings on as a copy of the environment: `main(dict(os.environ))`, then
`"REDUCE_AXES" in env` and `env.get(...)` with defaults. Run by hand, nothing of that is set:
the psum_scatter goes over both axes of a value already summed over "model", and JAX rejects it."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def settings(env):
    axes = ("rows", "model")
    if "REDUCE_AXES" in env:
        axes = tuple(env["REDUCE_AXES"].split(","))
    return axes, int(env.get("MODEL_SHARDS", "2"))


def make_step(mesh, axes):
    def body(x, w):
        v = jax.lax.psum(x @ w, "model")
        return jax.lax.psum_scatter(v[:, 0], axes, scatter_dimension=0, tiled=True)  # SF105

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P("rows", "model"), P("model", None)),
                                 out_specs=P(axes)))


def main(env):
    axes, model = settings(env)
    mesh = jax.make_mesh((8 // model, model), ("rows", "model"))
    x = jax.device_put(np.ones((64, 8), np.float32), NamedSharding(mesh, P("rows", "model")))
    w = jax.device_put(jnp.ones((8, 2)), NamedSharding(mesh, P("model", None)))
    with jax.set_mesh(mesh):
        return make_step(mesh, axes)(x, w)


if __name__ == "__main__":
    main(dict(os.environ))
