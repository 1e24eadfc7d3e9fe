"""Reducers built in a loop of lambdas; the axis is bound with a default argument (no late binding)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GROUPS = {"batch": "data", "tensor": "model", "world": ("data",)}


def make_reducers():
    reducers = {}
    for name, axes in GROUPS.items():
        reducers[name] = lambda v, axes=axes: jax.lax.psum(v, axes)
    return reducers


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    red = make_reducers()

    def body(block):
        col = red["tensor"](jnp.sum(block * block, axis=1))
        return red["world"](jnp.sum(col))

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P())(x)


if __name__ == "__main__":
    main()
