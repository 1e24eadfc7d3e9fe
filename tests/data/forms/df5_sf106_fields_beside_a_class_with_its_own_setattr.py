"""Detectron2's `Instances` defines `__setattr__`, keeping `_`-names as attributes through
`super().__setattr__`: that sets attributes of its own objects only, so the fields of the head
(built with the default axis) are still read."""
import jax
from jax.sharding import PartitionSpec as P


class Instances:
    def __init__(self, image_size):
        self._image_size = image_size
        self._fields = {}

    def __setattr__(self, name, value):
        if name.startswith("_"):
            super().__setattr__(name, value)
        else:
            self._fields[name] = value


class Head:
    def __init__(self, axis="j"):
        self.axis = axis

    def __call__(self, x):
        h = jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to="reduced")
        return h.mean(axis=-1, keepdims=True)  # SF106


def main(mesh, x):
    Instances((8, 8))
    return jax.shard_map(Head(), mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
