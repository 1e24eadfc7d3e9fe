"""`Reduce()(mesh, x, axes)` where calling `Reduce` makes no Reduce: its `__new__` returns a
Narrow, a metaclass's `__call__` does, a class decorator replaces the class. Narrow reduces over
"data" only, so the reduction over ("data", "model") in `Reduce.__call__` (of a value varying on
"data" only: JAX would raise there) never runs."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


class Narrow:
    def __call__(self, mesh, x, axes):
        return reduce(mesh, x, ("data",))


class ByNew:
    def __new__(cls, *args):
        return Narrow()

    def __call__(self, mesh, x, axes):
        def body(block):
            return jax.lax.psum(block, axes)  # none

        return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


class Maker(type):
    def __call__(cls, *args):
        return Narrow()


class ByMeta(metaclass=Maker):
    def __call__(self, mesh, x, axes):
        def body(block):
            return jax.lax.psum(block, axes)  # none

        return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def narrowed(cls):
    return Narrow


@narrowed
class ByDecorator:
    def __call__(self, mesh, x, axes):
        def body(block):
            return jax.lax.psum(block, axes)  # none

        return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return ByNew()(mesh, x, ("data", "model")), ByMeta()(mesh, x, ("data", "model")), \
        ByDecorator()(mesh, x, ("data", "model"))


if __name__ == "__main__":
    main()
