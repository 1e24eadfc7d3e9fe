"""A registry filled with setdefault keeps the first function."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


PLANS = {}


def register(name):
    def deco(f):
        PLANS.setdefault(name, f)
        return f
    return deco


@register("plan")
def first():
    return ("i",)


@register("plan")
def narrow():
    return ("i", "j")


def main(mesh, x):
    axes = PLANS["plan"]()
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
