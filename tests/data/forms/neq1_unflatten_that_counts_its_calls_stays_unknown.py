"""An Equinox-like base whose unflatten also counts its calls in a list of the module: how often
JAX rebuilds a module is not followed, so the axis read from the count is not known (JAX runs it:
the gather leaves the sum a value reduced over the axis it then sums, or over the other one)."""
import dataclasses

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REBUILT = []


class Module:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        dataclasses.dataclass(frozen=True)(cls)
        names = tuple(f.name for f in dataclasses.fields(cls))

        def unflatten(aux, children):
            m = object.__new__(cls)
            for n, v in zip(names, children):
                object.__setattr__(m, n, v)
            REBUILT.append(cls)
            return m

        jax.tree_util.register_pytree_node(cls, lambda m: (tuple(getattr(m, n) for n in names), None), unflatten)


class Dense(Module):
    w: jax.Array


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    layer = jax.tree.map(np.asarray, Dense(np.ones((8, 8), np.float32)))
    axis = ("data", "model")[len(REBUILT) % 2]
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))

    def body(m, v):
        table = jax.lax.all_gather(v @ m.w, "data", axis=0, tiled=True, to="reduced")
        return jax.lax.psum(table, axis)

    return jax.shard_map(body, mesh=mesh, in_specs=(Dense(P()), P("data", None)),
                         out_specs=P(None, None, reduced={"data"}))(layer, x)


if __name__ == "__main__":
    main()
