import functools
import inspect
from typing import Annotated, NamedTuple, get_args, get_origin, get_type_hints

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Dims:
    def __init__(self, kind, names):
        self.kind, self.names = kind, names


class _Factory:
    def __init__(self, kind):
        self.kind = kind

    def __getitem__(self, item):
        return Dims(self.kind, tuple(item[1].split()))


Float = _Factory("float")


def checked(fn):
    sig = inspect.signature(fn)

    @functools.wraps(fn)
    def wrapper(*args):
        hints = get_type_hints(fn, include_extras=True)
        for name, value in sig.bind(*args).arguments.items():
            ann = hints.get(name)
            dims = get_args(ann)[0] if get_origin(ann) is Annotated else ann
            if isinstance(dims, Dims) and (dims.kind == "float") != jnp.issubdtype(value.dtype, jnp.floating):
                raise TypeError(name)
        return fn(*args)
    return wrapper


def specs_of(fn):
    hints = get_type_hints(inspect.unwrap(fn), include_extras=True)
    spec = lambda ann: next((m for m in getattr(ann, "__metadata__", ()) if isinstance(m, P)), P())
    return tuple(spec(hints[p]) for p in inspect.signature(inspect.unwrap(fn)).parameters), spec(hints["return"])


class Pair(NamedTuple):
    a: Float[jax.Array, "b d"]
    b: Float[jax.Array, "b d"]


Rows = Annotated[Float[jax.Array, "b d"], P("data", None)]


@checked
def scaled(x: Float[jax.Array, "b d"]) -> Float[jax.Array, "b d"]:
    return x / np.sqrt(4)


@checked
def body(x: Rows) -> Annotated[Float[jax.Array, ""], P()]:
    pair = Pair(scaled(x), x)
    return jax.lax.psum(jnp.sum(pair.a), ("data", "model"))  # SF105


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    in_specs, out_spec = specs_of(body)
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, in_specs[0]))
    return jax.shard_map(body, mesh=mesh, in_specs=in_specs, out_specs=out_spec)(x)


if __name__ == "__main__":
    main()
