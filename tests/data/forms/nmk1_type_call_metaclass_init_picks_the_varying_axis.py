"""`type(name, (Base,), ns)` under a metaclass: its `__init__` runs after `__new__` (as
type_call does for the class the metaclass made) and sets the axis from a key the namespace
lacks, so the class gathers over "i", the axis the block still varies on: it runs."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REGISTRY = {}


class ModuleMeta(type):
    def __new__(mcls, name, bases, ns, **kw):
        cls = super().__new__(mcls, name, bases, ns)
        cls.gather_axis = ns.get("reduce_over", "i")
        REGISTRY[ns.get("kind", name.lower())] = cls
        return cls

    def __init__(cls, name, bases, ns, **kw):
        super().__init__(name, bases, ns)
        cls.gather_axis = ns.get("gather_over", "i")


class Module(metaclass=ModuleMeta):
    reduce_over = "i"


Logged = type("Logged", (Module,), {"kind": "logged", "reduce_over": "j"})


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    axis = REGISTRY["logged"].gather_axis

    def body(block):
        total = jax.lax.psum(block, "j")
        return jax.lax.all_gather(total, axis, tiled=True, to="reduced")  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={axis}))(x)


if __name__ == "__main__":
    main()
