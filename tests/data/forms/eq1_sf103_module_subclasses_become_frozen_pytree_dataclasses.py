"""An Equinox-like `Module` base: `__init_subclass__` makes each subclass a frozen dataclass and
registers it with flatten/unflatten functions of its own (static fields in the aux data, the
unflatten filling a bare object past the frozen `__setattr__`). The module and a module of
specs of the same class go to shard_map; the axis is a field of a config Module held in a static
field (aux data JAX compares with the dataclass's own `==`), and the body calls the module the
unflatten rebuilt."""
import dataclasses

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Module:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        dataclasses.dataclass(frozen=True)(cls)
        names = [f.name for f in dataclasses.fields(cls)]
        static = tuple(n for n in names if cls.__dataclass_fields__[n].metadata.get("static"))
        dynamic = tuple(n for n in names if n not in static)

        def flatten(m):
            return tuple(getattr(m, n) for n in dynamic), tuple(getattr(m, n) for n in static)

        def unflatten(aux, children):
            m = object.__new__(cls)
            for n, v in zip(dynamic, children):
                object.__setattr__(m, n, v)
            for n, v in zip(static, aux):
                object.__setattr__(m, n, v)
            return m

        jax.tree_util.register_pytree_node(cls, flatten, unflatten)


class Axes(Module):
    batch: str = dataclasses.field(metadata={"static": True})


class Dense(Module):
    w: jax.Array
    axes: Axes = dataclasses.field(metadata={"static": True})

    def __call__(self, x):
        table = jax.lax.all_gather(x @ self.w, self.axes.batch, axis=0, tiled=True, to="reduced")
        return jax.lax.psum(table, self.axes.batch)  # SF103


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    layer = Dense(np.ones((8, 8), np.float32), Axes(mesh.axis_names[0]))
    specs = dataclasses.replace(layer, w=P())
    placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), layer, specs)
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    f = jax.shard_map(lambda m, v: m(v), mesh=mesh, in_specs=(specs, P("data", None)), out_specs=P())
    return f(placed, x)


if __name__ == "__main__":
    main()
