"""A step factory whose reduce axes default to a one-element tuple."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def grad_norm(g, reduce_axes=("batch",)):
    sq = jnp.sum(g * g)
    return jnp.sqrt(jax.lax.psum(sq, reduce_axes))


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(g):
    mesh = jax.make_mesh((4, 2), ("batch", "hidden"))
    g = jax.device_put(g, NamedSharding(mesh, P("batch")))
    fn = jax.shard_map(functools.partial(grad_norm), mesh=mesh, in_specs=P("batch"), out_specs=P())
    return fn(g)


if __name__ == "__main__":
    print(main(*inputs()))
