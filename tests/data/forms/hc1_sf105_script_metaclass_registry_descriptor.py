"""A Django-like metaclass registers each model by its inner Meta label; a data descriptor
coerces the "i,j" text it is given into the axes the registered model reduces over."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class AxesField:
    def __init__(self, default):
        self.default = default

    def __set_name__(self, owner, name):
        self.attname = "_f_" + name

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return obj.__dict__.get(self.attname, self.default)

    def __set__(self, obj, value):
        obj.__dict__[self.attname] = tuple(value.split(",")) if isinstance(value, str) else tuple(value)


class ModelBase(type):
    registry = {}

    def __new__(mcls, name, bases, attrs):
        meta = attrs.pop("Meta", None)
        cls = super().__new__(mcls, name, bases, attrs)
        mcls.registry[getattr(meta, "label", name.lower())] = cls
        return cls


class Model(metaclass=ModelBase):
    def __init__(self, **kwargs):
        for key, value in kwargs.items():
            setattr(self, key, value)


class Reducer(Model):
    class Meta:
        label = "sum"

    sync = AxesField(("i",))


def main():
    reducer = ModelBase.registry["sum"](sync="i,j")
    return reduce_over(reducer.sync)


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
