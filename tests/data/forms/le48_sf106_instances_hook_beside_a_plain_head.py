"""Detectron2's `Instances` hands private stores on with `super().__setattr__` from its own
`__setattr__`: that changes only its own objects, so the head beside it keeps its fields."""
import jax
from jax.sharding import PartitionSpec as P


class Instances:
    def __init__(self, image_size, **kwargs):
        self._image_size = image_size
        self._fields = {}
        for k, v in kwargs.items():
            self.set(k, v)

    def __setattr__(self, name, value):
        if name.startswith("_"):
            super().__setattr__(name, value)
        else:
            self.set(name, value)

    def set(self, name, value):
        self._fields[name] = value


class Head:
    def __init__(self, axis, to):
        self.axis = axis
        self.to = to

    def _run(self, x):
        h = jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to=self.to)
        return h.mean(axis=-1, keepdims=True)  # SF106

    def __call__(self, mesh, x):
        return jax.shard_map(self._run, mesh=mesh, in_specs=P("i", self.axis), out_specs=P("i", self.axis))(x)


def main(mesh, x):
    out = Head("j", "reduced")(mesh, x)
    return Instances((8, 8), scores=out)
