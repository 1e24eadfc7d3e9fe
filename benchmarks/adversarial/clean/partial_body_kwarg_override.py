"""The shard_map body is a partial of a step function whose axes default is overridden."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def grad_norm_step(g, scale, axes=("data", "model")):
    return jnp.sqrt(jax.lax.psum(jnp.sum(g * g), axes)) * scale


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(g):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    g = jax.device_put(g, NamedSharding(mesh, P("data")))
    body = functools.partial(grad_norm_step, scale=0.5, axes="data")
    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(g)


if __name__ == "__main__":
    print(main(*inputs()))
