"""Two levels of plain base classes, none with an __init__: `Layer.__call__` (fixed parameters)
calls `self.apply`, defined by the class two levels down; the axis is a class attribute there."""
import jax
from jax.sharding import PartitionSpec as P


class Layer:
    def __call__(self, x):
        return self.apply(x)


class Dense(Layer):
    pass


class GatheredDense(Dense):
    AXIS = "j"

    def apply(self, x):
        full = jax.lax.all_gather(x, self.AXIS, axis=1, tiled=True, to="reduced")
        return jax.lax.psum(full, self.AXIS)  # SF103


def run(mesh, x):
    return jax.shard_map(GatheredDense(), mesh=mesh, in_specs=P(None, "j"), out_specs=P())(x)
