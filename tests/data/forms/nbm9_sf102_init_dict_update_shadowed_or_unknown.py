"""Silent: a keyword that a class property shadows (`__dict__.update` stores it, the property is
still what `self.col_axis` reads), and keywords spread from a dict nobody passes knowingly."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Module:
    def __init__(self, **attrs):
        self.__dict__.update(attrs)


class Shadowed(Module):
    @property
    def col_axis(self):
        return "i"

    def __call__(self, v):
        smile = jax.lax.all_gather(v, self.col_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(smile, "j", axis=0, tiled=True, to="reduced")  # none


class Surface(Module):
    def __call__(self, v):
        smile = jax.lax.all_gather(v, self.col_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(smile, "i", axis=0, tiled=True, to="reduced")  # none


def build(opts):
    return Surface(**opts)


def main(mesh, x):
    spec = P(None, None, reduced={"i", "j"})
    first = jax.shard_map(Shadowed(col_axis="j"), mesh=mesh, in_specs=P("i", "j"), out_specs=spec)(x)
    second = jax.shard_map(build({"col_axis": "j"}), mesh=mesh, in_specs=P("i", "j"), out_specs=spec)(x)
    unused = build({"col_axis": "i"})
    return first, second, unused
