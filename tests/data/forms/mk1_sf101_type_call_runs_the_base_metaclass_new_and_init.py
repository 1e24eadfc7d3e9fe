"""`type(name, (Base,), ns)` where Base has a metaclass: CPython hands ns itself to the
metaclass's `__new__` (which registers the class by its `kind`), then runs its `__init__`,
which sets the axis the registered class gathers over."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REGISTRY = {}


class ModuleMeta(type):
    def __new__(mcls, name, bases, ns, **kw):
        cls = super().__new__(mcls, name, bases, ns)
        REGISTRY[ns.get("kind", name.lower())] = cls
        return cls

    def __init__(cls, name, bases, ns, **kw):
        super().__init__(name, bases, ns)
        cls.gather_axis = ns.get("reduce_over", "i")


class Module(metaclass=ModuleMeta):
    reduce_over = "i"


Logged = type("Logged", (Module,), {"kind": "logged", "reduce_over": "j"})


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    axis = REGISTRY["logged"].gather_axis

    def body(block):
        total = jax.lax.psum(block, "j")
        return jax.lax.all_gather(total, axis, tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={axis}))(x)


if __name__ == "__main__":
    main()
