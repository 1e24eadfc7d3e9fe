from __future__ import annotations

import inspect
from typing import Annotated, get_args, get_origin, get_type_hints

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Layout:
    def __init__(self, *axes):
        self.spec = P(*axes)


def layout_of(hint):
    if get_origin(hint) is not Annotated:
        return P()
    return next((m.spec for m in get_args(hint)[1:] if isinstance(m, Layout)), P())


def shard_from_hints(mesh):
    def deco(fn):
        hints = get_type_hints(fn, include_extras=True)
        in_specs = tuple(layout_of(hints[name]) for name in inspect.signature(fn).parameters)
        return jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=layout_of(hints["return"]))
    return deco


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))

    @shard_from_hints(mesh)
    def step(x: Annotated[jax.Array, "b", Layout("data")]) -> Annotated[jax.Array, Layout()]:
        if len(x.shape) != 2:
            return jax.lax.psum(jnp.sum(x), "data")
        return jax.lax.psum(jnp.sum(x * x), ("data", "model"))

    return step(jax.device_put(np.ones((8,), np.float32), NamedSharding(mesh, P("data"))))


if __name__ == "__main__":
    main()
