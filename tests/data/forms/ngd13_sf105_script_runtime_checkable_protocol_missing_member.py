"""The object's class lacks the Protocol's method: not an instance, so one axis."""
from typing import Protocol, runtime_checkable

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def run(axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(X)


MESH = jax.make_mesh((2, 4), ("i", "j"))
X = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))


@runtime_checkable
class Named(Protocol):
    def axes(self) -> tuple: ...


class Both:
    def axes(self):
        return ("i", "j")


class Plain:
    pass


def pick(obj):
    return obj.axes() if isinstance(obj, Named) else ("i",)


def main():
    return run(pick(Plain()))


if __name__ == "__main__":
    main()
