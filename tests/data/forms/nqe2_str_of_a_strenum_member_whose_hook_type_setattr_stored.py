"""A StrEnum's member gives its value as text, unless its class's `__str__` is changed: here
`type.__setattr__` stores one (no `setattr` name, no `X.__str__ = ...` store), so
`str(MeshAxis.DATA)` is "DATA", the table misses and the body reduces over 'data' only: nothing
raises."""
import enum

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxis(enum.StrEnum):
    DATA = "data"
    MODEL = "model"


type.__setattr__(MeshAxis, "__str__", lambda self: self.name)
REDUCED = {"data": ("data", "model")}  # the axes a text names; "DATA" is no key


def body(x):
    return jax.lax.pmean(x, REDUCED.get(str(MeshAxis.DATA), "data"))


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
