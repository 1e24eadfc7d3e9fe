"""As dz3, but the parameters made on one device are handed to shard_map for a `P("i")` entry:
JAX rejects them before the body runs ("in_specs passed to shard_map ... does not match the specs
of the input"), so the psum is never reached."""
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
    return jax.lax.psum(g, axis)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    axis = dict(next(iter(d.items())) for d in LAYOUT["defaults"])["model_axis"]
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", axis)))
    params = init_params(0, 16)
    body = lambda params, x: forward(params, x, axis)
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i"), P("i", axis)), out_specs=P("i", None))(params, x)


if __name__ == "__main__":
    main()
