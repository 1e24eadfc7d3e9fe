"""A registry decorator keeps a tuple keyword (`axes=("i", "j")`) with the class it files: the
object built reads it as that tuple, and the pmean over both axes meets a value invariant on 'j'."""
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


@register("pool", axes=("i", "j"))
class Pool:
    def __init__(self, axes):
        self.axes = axes

    def __call__(self, x):
        peak = jax.lax.pmax(x, "j")
        return jax.lax.pmean(peak, self.axes)  # SF105


def main(mesh, x):
    pool = create("pool")
    return jax.shard_map(pool, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
