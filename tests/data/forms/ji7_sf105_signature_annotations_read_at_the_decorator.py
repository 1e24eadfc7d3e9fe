import inspect
from typing import Annotated, NamedTuple, get_args, get_origin

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axes(NamedTuple):
    names: tuple = ()


def sharded(mesh):
    def deco(fn):
        specs = []
        for param in inspect.signature(fn).parameters.values():
            ann = param.annotation
            specs.append(P(*get_args(ann)[1].names) if get_origin(ann) is Annotated else P())
        return jax.shard_map(fn, mesh=mesh, in_specs=tuple(specs), out_specs=P())
    return deco


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))

    @sharded(mesh)
    def step(x: Annotated[jax.Array, Axes(("data",))], w: jax.Array):
        return jax.lax.psum(jnp.sum(x) + jnp.sum(w), ("data", "model"))  # SF105

    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data")))
    w = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P()))
    return step(x, w)


if __name__ == "__main__":
    main()
