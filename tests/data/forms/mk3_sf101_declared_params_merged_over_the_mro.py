"""A `Param` descriptor declares itself on its owner in `__set_name__`; `declared(cls)` merges
the declarations over `cls.__mro__`, reading each class's `__dict__` (`object`'s too); the
axis comes from the spec of the param a subclass redeclares."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Param:
    def __init__(self, spec):
        self.spec = spec

    def __set_name__(self, owner, name):
        self.name = name
        owner._declared = {**owner.__dict__.get("_declared", {}), name: self}

    def __get__(self, obj, owner=None):
        return self if obj is None else obj.__dict__["_values"][self.name]

    def __set__(self, obj, value):
        obj.__dict__.setdefault("_values", {})[self.name] = value


def declared(cls):
    out = {}
    for klass in reversed(cls.__mro__):
        out.update(klass.__dict__.get("_declared", {}))
    return out


class Dense:
    w = Param(P("i", None))


class Wide(Dense):
    w = Param(P(None, "j"))


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    axis = declared(Wide)["w"].spec[1]

    def body(block):
        total = jax.lax.psum(block, "j")
        return jax.lax.all_gather(total, axis, tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={axis}))(x)


if __name__ == "__main__":
    main()
