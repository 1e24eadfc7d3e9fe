"""A launcher hands its settings on as a copy of the environment, after setting REDUCE_AXES itself
(`os.environ["REDUCE_AXES"] = "rows"`): the copy holds it, the psum_scatter goes over "rows"
only, on which the value varies, and JAX accepts it. What the program set later (after the copy)
is not in the copy."""
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
        return jax.lax.psum_scatter(v[:, 0], axes, scatter_dimension=0, tiled=True)

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P("rows", "model"), P("model", None)),
                                 out_specs=P(axes)))


def main(env):
    axes, model = settings(env)
    mesh = jax.make_mesh((8 // model, model), ("rows", "model"))
    x = jax.device_put(np.ones((64, 8), np.float32), NamedSharding(mesh, P("rows", "model")))
    w = jax.device_put(jnp.ones((8, 2)), NamedSharding(mesh, P("model", None)))
    with jax.set_mesh(mesh):
        return make_step(mesh, axes)(x, w)


def launch():
    os.environ["REDUCE_AXES"] = "rows"
    env = os.environ.copy()
    os.environ["MODEL_SHARDS"] = "8"
    try:
        return main(env)
    finally:
        os.environ.pop("REDUCE_AXES", None)
        os.environ.pop("MODEL_SHARDS", None)


if __name__ == "__main__":
    launch()
