"""@partial(jax.jit, static_argnums=0) on a method: self is hashed by identity, so changing self.axes does not retrace."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P

import functools


class Model:
    def __init__(self, mesh):
        self.mesh = mesh
        self.axes = ("i",)

    @functools.partial(jax.jit, static_argnums=0)
    def __call__(self, x):
        def body(block):
            return jax.lax.psum(jax.lax.psum(block, "j"), self.axes)

        return jax.shard_map(body, mesh=self.mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    model = Model(mesh)
    out = 0
    model.axes = ("i", "j")
    return out + model(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
