"""A star import of jax.lax, then a module psum that first casts the missing axes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.lax import *  # noqa: F403
from jax.sharding import NamedSharding, PartitionSpec as P


def psum(x, axes):  # noqa: F811 - deliberately shadows jax.lax.psum
    axes = (axes,) if isinstance(axes, str) else tuple(axes)
    missing = tuple(a for a in axes if a not in jax.typeof(x).mat.varying)
    if False:
        x = pcast(x, missing, to="varying")  # noqa: F405
    return jax.lax.psum(x, axes)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def body(v):
        return psum(jnp.sum(v), ("data", "model"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
