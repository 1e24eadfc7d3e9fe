"""The class attribute is a descriptor whose __set__ (inherited from its base) filters the stored axes."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class Validated:
    def __set_name__(self, owner, name):
        self.key = "_" + name

    def __get__(self, obj, owner=None):
        return obj.__dict__[self.key]

    def __set__(self, obj, value):
        obj.__dict__[self.key] = tuple(a for a in value if a not in obj.frozen)


class AxesField(Validated):
    """Axis names a reducer sums over."""


class Reducer:
    sync_axes = AxesField()

    def __init__(self, sync_axes, frozen=()):
        self.frozen = frozen
        self.sync_axes = sync_axes

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.sync_axes)


def main(mesh, x):
    reducer = Reducer(("i", "j"), frozen=("j",))
    return jax.shard_map(reducer, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
