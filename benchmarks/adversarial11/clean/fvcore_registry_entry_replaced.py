"""An fvcore-like registry entry is replaced in its object map after registration."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class Registry:
    def __init__(self, name):
        self._name = name
        self._obj_map = {}

    def register(self, obj=None):
        if obj is None:
            def deco(cls):
                self._obj_map[cls.__name__] = cls
                return cls

            return deco
        self._obj_map[obj.__name__] = obj
        return obj

    def get(self, name):
        ret = self._obj_map.get(name)
        if ret is None:
            raise KeyError(name)
        return ret


HEADS = Registry("HEADS")


@HEADS.register()
class SumHead:
    axes = ("i", "j")

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


class RowHead(SumHead):
    axes = ("i",)


HEADS._obj_map["SumHead"] = RowHead


def main(mesh, x):
    head = HEADS.get("SumHead")()
    return jax.shard_map(head, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
