import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


def gather_kernel(w, first, rest):
    w = lax.all_gather(w, first, tiled=True, to="reduced")
    w = jnp.exp(w)
    return lax.all_gather(w, (first, *rest), axis=1, tiled=True, to="reduced")


def block(x, w, first="fsdp", rest=("tensor",)):
    kernel = gather_kernel(w, first, rest)
    return jnp.sum(x @ kernel)


def inputs():
    return np.ones((4, 8), np.float32), np.linspace(-1, 1, 64, dtype=np.float32).reshape(8, 8)


def main(x, w):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tensor"))
    x = jax.device_put(x, NamedSharding(mesh, P()))
    w = jax.device_put(w, NamedSharding(mesh, P("fsdp", "tensor")))
    step = functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("fsdp", "tensor")),
                             out_specs=P())(jax.checkpoint(block))
    return jax.jit(step)(x, w)


if __name__ == "__main__":
    print(main(*inputs()))
