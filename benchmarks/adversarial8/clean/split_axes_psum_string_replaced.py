"""The psum axes come from a comma string that main narrows with replace before building the body."""
import contextlib
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


AXES = "data,model"


def make(mesh, axes):
    def body(block):
        return jax.lax.psum(block.sum(axis=0), tuple(axes.split(",")))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    return make(mesh, AXES.replace(",model", ""))(x)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
