import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def build_step(mesh):
    smap = functools.partial(
        jax.shard_map,
        mesh=mesh,
        in_specs=P("data", "model"),
        out_specs=P("data", None, reduced={"model"}),
    )

    def attn_out(o):
        proj = jax.lax.psum(o, "model")
        return jax.lax.all_gather(proj, "model", to="reduced", tiled=True)

    return jax.jit(smap(attn_out))


def inputs():
    return (np.arange(8 * 8, dtype=np.float32).reshape(8, 8),)


def main(o):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    o = jax.device_put(o, NamedSharding(mesh, P("data", "model")))
    return build_step(mesh)(o)
