"""Near miss of le31: the keyword is a list, which code may change after the decorator ran (here
the class drops the 'j' entry before use); the analysis does not read a list kept by a registry."""
import jax
from jax.sharding import PartitionSpec as P

LAYERS = {}


def register(name, **defaults):
    def deco(cls):
        LAYERS[name] = (cls, defaults)
        return cls
    return deco


def create(name):
    cls, defaults = LAYERS[name]
    return cls(**defaults)


@register("pool", axes=["i", "j"])
class Pool:
    def __init__(self, axes):
        self.axes = tuple(axis for axis in axes if axis != "j")

    def __call__(self, x):
        peak = jax.lax.pmax(x, "j")
        return jax.lax.pmean(peak, self.axes)


def main(mesh, x):
    pool = create("pool")
    return jax.shard_map(pool, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))(x)
