"""SF102: a flax-like Module whose `__init__` does `self.__dict__.update(attrs)` from its
keywords and then runs `setup()`, which builds `self.axes`; the body is the object itself."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Module:
    def __init__(self, **attrs):
        self.__dict__.update(attrs)
        self.setup()

    def setup(self):
        pass


class Surface(Module):
    def setup(self):
        self.axes = (self.row_axis, self.col_axis)

    def smile(self, v):
        return jax.lax.all_gather(jnp.sqrt(jnp.abs(v)), self.col_axis, axis=1, tiled=True, to="reduced")

    def __call__(self, v):
        smile = self.smile(v)
        return jax.lax.all_gather(smile, self.axes, axis=0, tiled=True, to="reduced")  # SF102


def main(mesh, x):
    surface = Surface(row_axis="i", col_axis="j")
    return jax.shard_map(surface, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i", "j"}))(x)
