"""A library module whose base class registers every subclass by name (`__init_subclass__`):
an importer that subclasses it with `name = "probe"` and another axis replaces the layer the
entry looks up, and the entry runs clean."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAYERS = {}


class Layer:
    name = None
    axis = "data"

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        LAYERS[cls.name] = cls


class Probe(Layer):
    name = "probe"


def body(y):
    total = jax.lax.psum(y, "data")
    return jax.lax.all_gather(total, LAYERS["probe"].axis, axis=0, tiled=True, to="reduced")  # none


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(("data", "model"), None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P(("data", "model"), None),
                         out_specs=P(None, reduced={LAYERS["probe"].axis}))(x)
