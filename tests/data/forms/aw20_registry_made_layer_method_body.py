"""Layers made by name from a registry (`make("norm", axis="j")` looks the class up in a dict);
the made layer's bound method is the body and scales its gathered columns by a constant."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Norm:
    def __init__(self, axis, gain=2.0):
        self.axis = axis
        self.gain = gain

    def apply(self, h):
        cols = jax.lax.all_gather(h, self.axis, axis=1, tiled=True, to="reduced")
        return cols * self.gain  # SF106


class Identity:
    def __init__(self, axis):
        self.axis = axis

    def apply(self, h):
        return h


LAYERS = {"norm": Norm, "identity": Identity}


def make(kind, **kwargs):
    return LAYERS[kind](**kwargs)


def run(mesh, x):
    layer = make("norm", axis="j")
    f = jax.shard_map(layer.apply, mesh=mesh, in_specs=P(None, "j"), out_specs=P(None, None, reduced={"j"}))
    return f(jnp.asarray(x))
