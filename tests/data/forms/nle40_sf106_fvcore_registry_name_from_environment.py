"""Near miss of le35: two classes are filed and the name picked comes from the environment,
so the class built is not known (the run builds InvariantHead, whose mean is fine)."""
import os

import jax
from jax.sharding import PartitionSpec as P


class Registry:
    def __init__(self, name):
        self._name = name
        self._obj_map = {}

    def register(self, obj=None):
        if obj is None:
            def deco(func_or_class):
                self._obj_map[func_or_class.__name__] = func_or_class
                return func_or_class
            return deco
        self._obj_map[obj.__name__] = obj
        return obj

    def get(self, name):
        if name not in self._obj_map:
            raise KeyError(f"No object named '{name}' found in '{self._name}' registry!")
        return self._obj_map[name]


HEADS = Registry("HEADS")


@HEADS.register()
class Head:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, x):
        h = jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to="reduced")
        return h.mean(axis=-1, keepdims=True)


@HEADS.register()
class InvariantHead:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, x):
        h = jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to="invarying")
        return h.mean(axis=-1, keepdims=True)


def build_head(name, axis):
    return HEADS.get(name)(axis)


def main(mesh, x):
    head = build_head(os.environ.get("FORM_HEAD", "InvariantHead"), "j")
    return jax.shard_map(head, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None))(x)
