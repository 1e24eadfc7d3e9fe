"""A Spring-like context whose beans are keyed by interface, the application service registered
under `object` itself: `get_bean(object)` finds it (the key is the one builtin class), so its
axes reach the psum (mixed states)."""
import abc

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class NoSuchBean(Exception):
    pass


class Context:
    _definitions = {}
    _beans = {}

    @classmethod
    def component(cls, iface):
        def register(impl):
            cls._definitions[iface] = impl
            return impl
        return register

    @classmethod
    def get_bean(cls, iface):
        if iface not in cls._beans:
            impl = cls._definitions.get(iface)
            if impl is None:
                raise NoSuchBean(iface.__name__)
            cls._beans[iface] = impl()
        return cls._beans[iface]


class IReducer(abc.ABC):
    @abc.abstractmethod
    def axes(self):
        ...


@Context.component(IReducer)
class RowReducer(IReducer):
    def axes(self):
        return ("i",)


@Context.component(object)
class Application:
    def axes(self):
        return ("i", "j")


def main():
    try:
        app = Context.get_bean(object)
    except NoSuchBean:
        app = Context.get_bean(IReducer)
    return reduce_over(app.axes())


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
