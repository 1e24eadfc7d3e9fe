"""__init_subclass__ filling the abstract method (def) before ABCMeta counts."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import abc


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


class Shape(abc.ABC):
    @abc.abstractmethod
    def area(self):
        raise NotImplementedError

    def size(self):
        return 1

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        cls.area = Shape.size


class Square(Shape):
    pass


def main(mesh, x):
    try:
        Square()
        axes = ("i", "j")
    except TypeError:
        axes = ("i", "j")
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
