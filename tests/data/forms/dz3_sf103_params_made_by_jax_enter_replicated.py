"""A model's parameters are made by JAX before any mesh is in force (`jax.random.normal(...) /
math.sqrt(n)`, `jnp.zeros(n)`, keys split from `jax.random.PRNGKey`): they sit on one device,
uncommitted, and shard_map takes them for its `P()` entry on a mesh with Explicit axes. The body
then runs: the activations, varying on the model axis (read from a Hydra-style defaults list),
gathered to reduced over it meet a psum over it."""
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def init_params(seed, width):
    key = jax.random.PRNGKey(seed)
    k1, k2 = jax.random.split(key)
    return {"w": jax.random.normal(k1, (2, width)) / math.sqrt(2), "b": jnp.zeros(width),
            "v": jax.random.normal(k2, (width,)).astype(jnp.float32)}


LAYOUT = {"defaults": [{"model_axis": "j"}]}


def forward(params, x, axis):
    h = jnp.tanh(x @ params["w"] + params["b"])
    g = jax.lax.all_gather(h, axis, axis=1, tiled=True, to="reduced")
    return jax.lax.psum(g, axis)  # SF103


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    axis = dict(next(iter(d.items())) for d in LAYOUT["defaults"])["model_axis"]
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", axis)))
    params = init_params(0, 16)
    body = lambda params, x: forward(params, x, axis)
    return jax.shard_map(body, mesh=mesh, in_specs=(P(), P("i", axis)), out_specs=P("i", None))(params, x)


if __name__ == "__main__":
    main()
