"""An Equinox-like module with an `__init__` of its own: `dataclass(frozen=True)` keeps it, and it
stores the fields past the frozen `__setattr__` with `object.__setattr__`."""
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
            for n, v in zip(dynamic + static, tuple(children) + tuple(aux)):
                object.__setattr__(m, n, v)
            return m

        jax.tree_util.register_pytree_node(cls, flatten, unflatten)


class Base(Module):
    w: jax.Array
    axis: str = dataclasses.field(default="data", metadata={"static": True})


class Derived(Base):
    b: jax.Array = None
    axis: str = dataclasses.field(default="model", metadata={"static": True})

    def __init__(self, w, b, axis="model"):
        object.__setattr__(self, "w", w)
        object.__setattr__(self, "b", b)
        object.__setattr__(self, "axis", axis)

    def __call__(self, x):
        t = jax.lax.all_gather(x @ self.w + self.b, self.axis, axis=1, tiled=True, to="reduced")
        return jax.lax.psum(t, self.axis)  # SF103


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    layer = Derived(w=np.ones((2, 2), np.float32), b=np.zeros((2,), np.float32))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", "model")))
    specs = Derived(P(), P())
    f = jax.shard_map(lambda m, v: m(v), mesh=mesh, in_specs=(specs, P("data", "model")), out_specs=P("data"))
    return f(layer, x)


if __name__ == "__main__":
    main()
