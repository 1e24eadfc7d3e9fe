"""A metaclass __new__ that adds a hint to ns['__annotations__'] before type.__new__: get_type_hints reads it."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import typing


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


class Meta(type):
    def __new__(mcs, name, bases, ns):
        ns["__annotations__"]["depth"] = int
        return super().__new__(mcs, name, bases, ns)


class Cfg(metaclass=Meta):
    width: int = 4


def main(mesh, x):
    axes = ("i",) if not ("depth" in typing.get_type_hints(Cfg)) else ("i", "j")
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
