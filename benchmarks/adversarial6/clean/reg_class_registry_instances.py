"""Classes registered by a decorator, instantiated by name; the 'rows' class is used."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CLASSES = {}


def register(name):
    def deco(cls):
        CLASSES[name] = cls
        return cls
    return deco


@register("all")
class AllReduce:
    def __call__(self, v):
        return jax.lax.psum(v, ("data", "model"))


@register("rows")
class RowReduce:
    def __call__(self, v):
        return jax.lax.psum(v, "data")


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    red = CLASSES["rows"]()

    def body(block):
        return red(block.sum(axis=0))

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
