"""Axis names written `str(axis)` for members of a `(str, Enum)` class whose own `__str__` gives
the value (Enum's own `str()` would give "MeshAxis.DATA"), held as class attributes of the
strategy: the loss, psum'd over 'data', is averaged over both names, invariant on 'data' and
varying on 'model'."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxis(str, enum.Enum):
    DATA = "data"
    MODEL = "model"

    def __str__(self):
        return self.value


class MeshMean:
    example_axis = MeshAxis.DATA
    task_axis = MeshAxis.MODEL

    def loss_axes(self):
        return tuple(str(a) for a in (self.example_axis, self.task_axis))

    def body(self, x):
        loss = jax.lax.psum(jnp.sum(x), self.example_axis.value)
        return jax.lax.pmean(loss, self.loss_axes())  # SF105


def main():
    mesh = jax.make_mesh((4, 2), tuple(f"{a}" for a in MeshAxis))
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", "model")))
    return jax.jit(jax.shard_map(MeshMean().body, mesh=mesh, in_specs=P("data", "model"), out_specs=P()))(x)


if __name__ == "__main__":
    main()
