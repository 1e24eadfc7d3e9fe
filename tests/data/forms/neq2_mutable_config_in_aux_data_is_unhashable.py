"""A config dataclass that is not frozen has no hash (dataclasses set `__hash__` to None), so a
filter_jit-like cache keyed on the static part of its arguments raises TypeError before the
body is ever traced: the psum below is never reached."""
import dataclasses

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class Axes:
    batch: str


def cached_jit(fn):
    cache = {}

    def wrapper(x, axes):
        key = (axes,)
        if key not in cache:
            cache[key] = jax.jit(lambda v: fn(v, axes))
        return cache[key](x)

    return wrapper


@cached_jit
def step(x, axes):
    def body(v):
        table = jax.lax.all_gather(v, axes.batch, axis=0, tiled=True, to="reduced")
        return jax.lax.psum(table, axes.batch)

    return jax.shard_map(body, in_specs=P("data", None), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    with jax.set_mesh(mesh):
        return step(x, Axes("data"))


if __name__ == "__main__":
    main()
