"""The layer kind comes from the environment: which class the registry makes is not known, and
the identity layer's method would be a legal body."""
import os

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Norm:
    def __init__(self, axis):
        self.axis = axis

    def apply(self, h):
        cols = jax.lax.all_gather(h, self.axis, axis=1, tiled=True, to="reduced")
        return cols * 2.0


class Identity:
    def __init__(self, axis):
        self.axis = axis

    def apply(self, h):
        return jax.lax.all_gather(h, self.axis, axis=1, tiled=True, to="reduced")


LAYERS = {"norm": Norm, "identity": Identity}


def make(kind, **kwargs):
    return LAYERS[kind](**kwargs)


def run(mesh, x):
    layer = make(os.environ.get("LAYER_KIND", "identity"), axis="j")
    f = jax.shard_map(layer.apply, mesh=mesh, in_specs=P(None, "j"), out_specs=P(None, None, reduced={"j"}))
    return f(jnp.asarray(x))
