import functools
import warnings

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def _renamed(old, new):
    def decorate(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            if old in kwargs:
                warnings.warn(f"{old!r} is deprecated; use {new!r}", DeprecationWarning, stacklevel=2)
                kwargs[new] = kwargs.pop(old)
            return func(*args, **kwargs)
        return wrapper
    return decorate


@_renamed("axis", "axis_name")
def spread(x, mesh, *, axis_name=None):
    axis_name = mesh.axis_names[0] if axis_name is None else axis_name

    def body(b):
        full = jax.lax.all_gather(b, axis_name, tiled=True, to="reduced")
        return jax.lax.pmax(full, axis_name)  # SF103

    return jax.shard_map(body, mesh=mesh, in_specs=P(axis_name), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((8,), ("i",))
    x = jax.device_put(jnp.arange(8.0), NamedSharding(mesh, P("i")))
    return spread(x, mesh, axis="i")


if __name__ == "__main__":
    main()
