"""le46 whose `math.log` default is given a module function that refiles "Head" while the
module loads: the registry is not read."""
import math

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


class VaryingHead:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, x):
        h = jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to="varying")
        return h.mean(axis=-1, keepdims=True)


def _scale():
    HEADS._obj_map["Head"] = VaryingHead
    return 1000.0 / 16


class Scaler:
    def __init__(self, clamp=math.log(_scale())):
        self.clamp = clamp


@HEADS.register()
class Other:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, x):
        return x


def build_head(name, axis):
    return HEADS.get(name)(axis)


def main(mesh, x):
    head = build_head("Head", "j")
    return jax.shard_map(head, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
