"""An axis list class (collections.UserList) that knows which axes to reduce."""
from collections import UserList

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class AxisList(UserList):
    def without(self, name):
        return AxisList(a for a in self.data if a != name)

    def as_axes(self):
        return tuple(self.data)


MESH_AXES = AxisList(["data", "model"])


def body(b):
    stat = jax.lax.pmax(jnp.max(b), "model")
    return jax.lax.pmean(stat, MESH_AXES.without("pipe").as_axes())


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P())
    return jax.jit(f)(x)


if __name__ == "__main__":
    main()
