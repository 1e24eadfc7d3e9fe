import functools
import inspect
import typing
from typing import Annotated

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Dims(typing.NamedTuple):
    names: tuple
    spec: P = P()


class Float:
    def __class_getitem__(cls, item):
        kind, dims = item
        return Annotated[kind, Dims(tuple(dims.split()), P(*[d if d in ("data", "model") else None
                                                              for d in dims.split()]))]


def typechecked(fn):
    sig = inspect.signature(fn)

    @functools.wraps(fn)
    def wrapper(*args):
        sig.bind(*args)
        return fn(*args)
    return wrapper


@typechecked
def body(x: Float[jax.Array, "data model"]) -> Float[jax.Array, ""]:
    return jax.lax.psum(jnp.sum(x), ("data", "model"))


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    hints = typing.get_type_hints(body, include_extras=True)
    spec = typing.get_args(hints["x"])[1].spec
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, spec))
    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


if __name__ == "__main__":
    main()
